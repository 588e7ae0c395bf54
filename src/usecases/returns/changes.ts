/**
 * Return changes (docs/returns.md): create a draft, adjust it by hand, finalize it (recompute and lock) and mark it
 * filed. Every change after creation is a conditional write retried on a concurrent change.
 */
import { addDays, utcDay } from '../../domain/dates';
import { ConflictError, found } from '../../domain/errors';
import { applyAdjustments } from '../../domain/returns/compute';
import { checkReturnPeriod } from '../../domain/returns/period-check';
import { SCHEME_TYPES } from '../../domain/returns/schemes';
import {
  newAdjustmentId,
  newReturnId,
  type AdjustmentRequest,
  type CreateReturnRequest,
  type MarkFiledRequest,
  type TaxReturn,
} from '../../domain/returns/return';
import { fieldError } from '../../domain/validation';
import { baseJurisdiction, compute, figuresOf, freshScope, type ReturnDeps } from './compute';
import { getReturn } from './queries';

export async function createReturn(deps: ReturnDeps, accountId: string, request: CreateReturnRequest, now = new Date()): Promise<TaxReturn> {
  // Another account's registration is unknown here (404), as any id of another account.
  const registration = found(await deps.registrations.get(accountId, request.registration_id), 'registration', request.registration_id);
  checkReturnPeriod(registration, request.period_start, request.period_end);
  const at = now.toISOString();
  const id = newReturnId(now);
  const target = { id, registration_id: registration.id, period_start: request.period_start, period_end: request.period_end };
  const computed = await compute(deps, accountId, registration, await freshScope(deps, accountId, registration, target, at), []);
  const taxReturn: TaxReturn = {
    ...target,
    entity_id: registration.entity_id,
    registration_type: registration.type,
    country: registration.country,
    ...(registration.state !== undefined ? { state: registration.state } : {}),
    status: 'draft',
    cutoff: at,
    ...figuresOf(computed),
    adjustments: [],
    created_at: at,
    updated_at: at,
  } as TaxReturn;
  const outcome = await deps.returns.create(accountId, taxReturn);
  if (outcome !== 'created') {
    throw new ConflictError(
      'return_exists',
      `Registration '${registration.id}' already has a return for ${request.period_start} to ${request.period_end}: '${outcome.exists}'.`,
    );
  }
  return taxReturn;
}

const ATTEMPTS = 3;

/** Reads the return, applies `change` and writes it conditionally; a concurrent change is retried, then a 409. */
async function changeReturn(
  deps: Pick<ReturnDeps, 'returns'>,
  accountId: string,
  id: string,
  change: (r: TaxReturn) => Promise<{ next: TaxReturn; event?: 'return.finalized' | 'return.filed' }>,
): Promise<TaxReturn> {
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const current = await getReturn(deps, accountId, id);
    const { next, event } = await change(current);
    if (await deps.returns.replace(accountId, next, current.updated_at, event)) return next;
  }
  throw new ConflictError('return_changed_concurrently', `Return '${id}' was changed by other requests during this one; retry the request.`);
}

const locked = (r: TaxReturn) =>
  new ConflictError(
    'return_locked',
    `Return '${r.id}' is ${r.status}: it can no longer change (a late sale or refund lands in the next return's corrections).`,
  );

/** A later instant than `previous` (updated_at is the write's condition, so two changes in one millisecond must differ). */
const nextTimestamp = (now: Date, previous: string): string => {
  const at = now.toISOString();
  return at > previous ? at : new Date(Date.parse(previous) + 1).toISOString();
};

export async function addAdjustment(deps: ReturnDeps, accountId: string, id: string, request: AdjustmentRequest, now = new Date()): Promise<TaxReturn> {
  return changeReturn(deps, accountId, id, async (current) => {
    if (current.status !== 'draft') throw locked(current);
    const registration = found(await deps.registrations.get(accountId, current.registration_id), 'registration', current.registration_id);
    const known = current.lines.some((l) => l.jurisdiction === request.jurisdiction) || baseJurisdiction(registration, request.jurisdiction) !== undefined;
    if (!known) {
      const names = [...new Set([...current.lines.map((l) => l.jurisdiction)])];
      throw fieldError(
        'jurisdiction',
        `is '${request.jurisdiction}', which is not a jurisdiction of this return (${names.length > 0 ? names.join(', ') : 'it has no lines'}; or the registration's own: ${registration.country === 'US' ? `US-${registration.state}` : SCHEME_TYPES.has(registration.type) ? 'an EU member state code' : registration.country})`,
      );
    }
    const at = nextTimestamp(now, current.updated_at);
    const adjustments = [
      ...current.adjustments,
      { id: newAdjustmentId(now), amount: request.amount, jurisdiction: request.jurisdiction, reason: request.reason, created_at: at },
    ];
    const lineFor = (jurisdiction: string) =>
      baseJurisdiction(registration, jurisdiction) ?? { jurisdiction, country: registration.country, level: 'country' as const };
    const adjusted = applyAdjustments(current.lines, current.totals, adjustments, current.corrections, lineFor);
    return { next: { ...current, ...adjusted, adjustments, updated_at: at } };
  });
}

/** Recomputes the return at its lock (now less `settleSeconds`: records surely written) and locks it. */
export async function finalizeReturn(deps: ReturnDeps, accountId: string, id: string, settleSeconds: number, now = new Date()): Promise<TaxReturn> {
  return changeReturn(deps, accountId, id, async (current) => {
    if (current.status !== 'draft') throw locked(current);
    if (current.period_end >= utcDay(now)) {
      throw new ConflictError(
        'return_period_open',
        `Return '${current.id}' covers ${current.period_start} to ${current.period_end}, which has not ended yet (today is ${utcDay(now)} UTC): finalize it from ${addDays(current.period_end, 1)}.`,
      );
    }
    const registration = found(await deps.registrations.get(accountId, current.registration_id), 'registration', current.registration_id);
    const cutoff = new Date(now.getTime() - settleSeconds * 1000).toISOString();
    const computed = await compute(deps, accountId, registration, await freshScope(deps, accountId, registration, current, cutoff), current.adjustments);
    const at = nextTimestamp(now, current.updated_at);
    const deferred = computed.deferred_records;
    const notes =
      deferred > 0
        ? [
            `${deferred} of the period's records ${deferred === 1 ? 'was' : 'were'} recorded after the cutoff ${cutoff} (within the last ${settleSeconds} s, which may still be settling): not in this return; the next return of this registration reports ${deferred === 1 ? 'it' : 'them'} as a correction.`,
          ]
        : [];
    return {
      next: {
        ...current,
        ...figuresOf(computed),
        status: 'finalized',
        cutoff,
        deferred_records: deferred,
        ...(notes.length > 0 ? { notes: [...(current.notes ?? []), ...notes] } : {}),
        finalized_at: at,
        updated_at: at,
      },
      event: 'return.finalized',
    };
  });
}

export async function markReturnFiled(deps: ReturnDeps, accountId: string, id: string, request: MarkFiledRequest, now = new Date()): Promise<TaxReturn> {
  return changeReturn(deps, accountId, id, async (current) => {
    if (current.status === 'draft') throw new ConflictError('return_not_finalized', `Return '${current.id}' is a draft: finalize it before marking it filed.`);
    if (current.status === 'filed') throw locked(current);
    if (request.filed_on < current.period_start) throw fieldError('filed_on', `is ${request.filed_on}, before the period's start ${current.period_start}`);
    const at = nextTimestamp(now, current.updated_at);
    return {
      next: {
        ...current,
        status: 'filed',
        filed_on: request.filed_on,
        ...(request.confirmation_number !== undefined ? { confirmation_number: request.confirmation_number } : {}),
        updated_at: at,
      },
      event: 'return.filed',
    };
  });
}
