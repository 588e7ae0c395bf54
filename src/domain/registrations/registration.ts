/**
 * Domain (pure): a tax registration of one of the account's entities (docs/nexus.md): where, for which tax,
 * from when and until when it is in force. The status is never stored: it is derived from `active_from`,
 * `expires_at` and the day asked about (Stripe's `tax.registration` does the same), so it cannot go stale.
 */
import * as z from 'zod';
import { newId } from '../ids';
import { timestampField } from '../records/record';
import { filingScheduleSchema, type FilingSchedule } from '../filing/schedule';

export const registrationTypes = ['VAT', 'GST', 'SALES_TAX', 'SELLERS_USE_TAX', 'OSS_UNION', 'OSS_NON_UNION', 'IOSS', 'SIMPLIFIED'] as const;
export type RegistrationType = (typeof registrationTypes)[number];

export const registrationStatuses = ['scheduled', 'active', 'expired'] as const;
export type RegistrationStatus = (typeof registrationStatuses)[number];

/** What the store keeps: everything but the status, which depends on the day it is read. */
export interface StoredRegistration {
  id: string;
  entity_id: string;
  country: string;
  state?: string;
  type: RegistrationType;
  registration_number?: string;
  /** First day in force (YYYY-MM-DD). */
  active_from: string;
  /** First day no longer in force (YYYY-MM-DD, exclusive); absent: open-ended. */
  expires_at?: string;
  /** The filing schedule; absent on registrations stored before it existed: the defaults apply (filing/defaults.ts). */
  filing?: FilingSchedule;
  created_at: string;
  updated_at: string;
}

export type Registration = StoredRegistration & { status: RegistrationStatus; filing: FilingSchedule };

const dateExample = '2026-01-01';
export const registrationSchema = z
  .object({
    id: z.string().meta({ description: 'The registration id (`reg_...`)', example: 'reg_0mhx2k3c0f1e2d3c4b5a69788' }),
    entity_id: z.string().meta({ description: 'The entity that holds the registration' }),
    country: z.string().meta({ description: 'ISO 3166-1 alpha-2; for OSS and IOSS the member state of identification' }),
    state: z.string().optional().meta({ description: 'US state or Canadian province (ISO 3166-2 suffix), where the registration is with it' }),
    type: z
      .enum(registrationTypes)
      .meta({ description: 'VAT, GST, SALES_TAX or SELLERS_USE_TAX (a US state), OSS_UNION, OSS_NON_UNION, IOSS (EU schemes) or SIMPLIFIED (non-resident)' }),
    registration_number: z.string().optional().meta({ description: 'The number the authority issued' }),
    active_from: z.iso.date().meta({ description: 'First day the registration is in force', example: dateExample }),
    expires_at: z.iso.date().optional().meta({ description: 'First day it is no longer in force (exclusive); absent: open-ended' }),
    status: z.enum(registrationStatuses).meta({ description: "Derived from active_from and expires_at on today's date (UTC); never stored" }),
    filing: filingScheduleSchema.meta({ description: 'How often returns are filed and when they are due (docs/tax-calendar.md)' }),
    created_at: timestampField,
    updated_at: timestampField,
  })
  .meta({
    id: 'Registration',
    example: {
      id: 'reg_0mhx2k3c0f1e2d3c4b5a69788',
      entity_id: 'ent_0mhx2k3c0f1e2d3c4b5a69788',
      country: 'US',
      state: 'CA',
      type: 'SALES_TAX',
      registration_number: '123-456789',
      active_from: dateExample,
      status: 'active',
      filing: { frequency: 'QUARTERLY', period_anchor_month: 1, due_day_rule: { months_after: 1, day: 'last' } },
      created_at: '2026-01-15T09:30:00.000Z',
      updated_at: '2026-01-15T09:30:00.000Z',
    },
  });

/** The UTC calendar day of an instant (YYYY-MM-DD): the day a status is derived for. */
export { utcDay } from '../dates';

/** The registration's status on a day: scheduled before active_from, expired from expires_at on, else active. */
export function registrationStatusOn(registration: Pick<StoredRegistration, 'active_from' | 'expires_at'>, day: string): RegistrationStatus {
  if (day < registration.active_from) return 'scheduled';
  if (registration.expires_at !== undefined && day >= registration.expires_at) return 'expired';
  return 'active';
}

export const inForceOn = (registration: Pick<StoredRegistration, 'active_from' | 'expires_at'>, day: string): boolean =>
  registrationStatusOn(registration, day) === 'active';

/** The registration as answered: its status on `day` and its filing schedule (the stored one, else `defaultFiling`'s). */
export const withStatus = (registration: StoredRegistration, day: string, defaultFiling: (r: StoredRegistration) => FilingSchedule): Registration => ({
  ...registration,
  status: registrationStatusOn(registration, day),
  filing: registration.filing ?? defaultFiling(registration),
});

/** A period of a registration, [active_from, expires_at), as the overlap check sees it. */
export interface RegistrationPeriod {
  active_from: string;
  expires_at?: string;
}

/** Whether two half-open periods share a day (an open end reaches every later day). */
export function periodsOverlap(a: RegistrationPeriod, b: RegistrationPeriod): boolean {
  const aEndsBeforeB = a.expires_at !== undefined && a.expires_at <= b.active_from;
  const bEndsBeforeA = b.expires_at !== undefined && b.expires_at <= a.active_from;
  return !aEndsBeforeB && !bEndsBeforeA;
}

/** The id of another registration (same jurisdiction and type) whose period overlaps `period`, if any. */
export function overlappingRegistration(others: Readonly<Record<string, RegistrationPeriod>>, period: RegistrationPeriod, ownId?: string): string | undefined {
  return Object.entries(others).find(([id, other]) => id !== ownId && periodsOverlap(other, period))?.[0];
}

/**
 * The key of the item that serialises every write of one entity's registrations of one type in one jurisdiction
 * (`DE|VAT|FR|`): the overlap rule is checked against it and the write is conditional on it (src/adapters/dynamodb).
 */
export const registrationSlot = (r: Pick<StoredRegistration, 'entity_id' | 'type' | 'country' | 'state'>): string =>
  `${r.entity_id}|${r.type}|${r.country}|${r.state ?? ''}`;

export interface NewRegistrationFields {
  entity_id: string;
  country: string;
  state?: string | undefined;
  type: RegistrationType;
  registration_number?: string | undefined;
  active_from: string;
  expires_at?: string | undefined;
  filing: FilingSchedule;
}

export function newRegistration(fields: NewRegistrationFields, at: Date): StoredRegistration {
  const timestamp = at.toISOString();
  return {
    id: newId('reg', at.getTime()),
    entity_id: fields.entity_id,
    country: fields.country,
    ...(fields.state !== undefined ? { state: fields.state } : {}),
    type: fields.type,
    ...(fields.registration_number !== undefined ? { registration_number: fields.registration_number } : {}),
    active_from: fields.active_from,
    ...(fields.expires_at !== undefined ? { expires_at: fields.expires_at } : {}),
    filing: fields.filing,
    created_at: timestamp,
    updated_at: timestamp,
  };
}

/** PATCH: a value sets, null removes (expires_at null reopens the registration), undefined leaves. */
export interface RegistrationPatch {
  expires_at?: string | null | undefined;
  registration_number?: string | null | undefined;
  /** The whole schedule, already completed from the defaults (filing/defaults.ts filingScheduleFor). */
  filing?: FilingSchedule | undefined;
}

export function patchedRegistration(current: StoredRegistration, patch: RegistrationPatch, at: Date): StoredRegistration {
  const next: StoredRegistration = { ...current, updated_at: at.toISOString() };
  for (const field of ['expires_at', 'registration_number'] as const) {
    const value = patch[field];
    if (value === null) delete next[field];
    else if (value !== undefined) next[field] = value;
  }
  if (patch.filing !== undefined) next.filing = patch.filing;
  return next;
}
