/**
 * Use case: the account's tax registrations (docs/nexus.md). A create or an expires_at change is checked
 * against the other registrations of its slot (entity, type, jurisdiction) and written conditional on the slot's
 * version, so the overlap rule holds under concurrent writes (a lost race reads again: then 409 or success).
 */
import { jurisdictionCode } from '../domain/geography/jurisdiction-code';
import { ConflictError, NotFoundError } from '../domain/errors';
import { filingScheduleFor } from '../domain/filing/defaults';
import { checkRegistrationJurisdiction } from '../domain/registrations/jurisdiction-fit';
import {
  newRegistration,
  overlappingRegistration,
  patchedRegistration,
  registrationSlot,
  utcDay,
  withStatus,
  type Registration,
  type StoredRegistration,
} from '../domain/registrations/registration';
import type { CreateRegistrationRequest, ListRegistrationsQuery, UpdateRegistrationRequest } from '../domain/registrations/registration-requests';
import type { Page } from '../domain/records/record';
import { fieldError } from '../domain/validation';
import { namedOrPrimaryEntity } from './entity-of-request';
import type { Ports } from '../ports/ports';

type Deps = Pick<Ports, 'registrations' | 'entities'>;

/** A registration as answered on `day`: a registration stored before filing schedules existed gets the default one. */
export const answered = (r: StoredRegistration, day = utcDay()): Registration => withStatus(r, day, (stored) => filingScheduleFor(stored));

/** A write that loses the race for its slot reads again and retries this many times before a 409. */
const WRITE_ATTEMPTS = 5;

const overlapError = (registration: StoredRegistration, other: string) =>
  new ConflictError(
    'registration_overlaps',
    `A ${registration.type} registration of entity '${registration.entity_id}' for ${jurisdictionCode(registration)} overlaps registration '${other}'; end that one (PATCH its expires_at) or choose dates after it.`,
  );

async function writeChecked(
  deps: Deps,
  accountId: string,
  make: () => Promise<{ next: StoredRegistration; seenUpdatedAt?: string }>,
): Promise<StoredRegistration> {
  for (let attempt = 0; attempt < WRITE_ATTEMPTS; attempt++) {
    const { next, seenUpdatedAt } = await make();
    const slot = registrationSlot(next);
    const state = await deps.registrations.slot(accountId, slot);
    const period = { active_from: next.active_from, ...(next.expires_at !== undefined ? { expires_at: next.expires_at } : {}) };
    const other = overlappingRegistration(state.periods, period, next.id);
    if (other) throw overlapError(next, other);
    const written = await deps.registrations.write(
      accountId,
      next,
      slot,
      { ...state.periods, [next.id]: period },
      { version: state.version, ...(seenUpdatedAt !== undefined ? { updatedAt: seenUpdatedAt } : {}) },
    );
    if (written) return next;
  }
  throw new ConflictError(
    'registration_changed_concurrently',
    'Registrations of this entity, type and jurisdiction were changed by other requests during this one; retry.',
  );
}

export async function createRegistration(
  deps: Deps,
  accountId: string,
  request: CreateRegistrationRequest,
  now: () => Date = () => new Date(),
): Promise<Registration> {
  const entity = await namedOrPrimaryEntity(deps, accountId, request.entity_id);
  checkRegistrationJurisdiction(request.type, request.country, request.state);
  const registration = newRegistration({ ...request, entity_id: entity.id, filing: filingScheduleFor(request, request.filing) }, now());
  const written = await writeChecked(deps, accountId, async () => ({ next: registration }));
  return answered(written);
}

export async function getRegistration(deps: Pick<Deps, 'registrations'>, accountId: string, id: string): Promise<Registration> {
  const stored = await deps.registrations.get(accountId, id);
  if (!stored) throw new NotFoundError('registration', id);
  return answered(stored);
}

/** Filtered by status (on today's date) and country, then paged in id order after `starting_after`. */
export async function listRegistrations(
  deps: Pick<Deps, 'registrations'>,
  accountId: string,
  query: ListRegistrationsQuery,
  today = utcDay(),
): Promise<Page<Registration>> {
  const matching = (await deps.registrations.listAll(accountId))
    .map((r) => answered(r, today))
    .filter((r) => (query.status === undefined || r.status === query.status) && (query.country === undefined || r.country === query.country))
    .filter((r) => query.starting_after === undefined || r.id > query.starting_after);
  return { data: matching.slice(0, query.limit), has_more: matching.length > query.limit };
}

export async function updateRegistration(
  deps: Pick<Deps, 'registrations'>,
  accountId: string,
  id: string,
  patch: UpdateRegistrationRequest,
  now: () => Date = () => new Date(),
): Promise<Registration> {
  const written = await writeChecked(deps as Deps, accountId, async () => {
    const current = await deps.registrations.get(accountId, id);
    if (!current) throw new NotFoundError('registration', id);
    const next = patchedRegistration(current, { ...patch, filing: patch.filing === undefined ? undefined : filingScheduleFor(current, patch.filing) }, now());
    if (next.expires_at !== undefined && next.expires_at <= next.active_from) {
      throw fieldError('expires_at', `must be after the registration's active_from (${next.active_from})`);
    }
    return { next, seenUpdatedAt: current.updated_at };
  });
  return answered(written);
}
