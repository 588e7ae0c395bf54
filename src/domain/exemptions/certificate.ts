/**
 * Domain (pure): the exemption certificate of a customer: its request schemas, the record as stored and as
 * answered, and its status on a given day. A certificate names only jurisdictions Levy holds rates for (a VAT/GST
 * country of the data, the US or Canada; a US state or Canadian province of Levy's tables): anything else is a 400
 * naming it. Dates are calendar dates (UTC); `expires_on` is the first day it no longer exempts (docs/customers.md).
 */
import * as z from 'zod';
import { daysBetween } from '../dates';
import { EXPIRING_NOTICE_DAYS } from '../events/time-driven';
import { requireSomeField } from '../fields/records';
import { dateField } from '../fields/sale';
import { isAssignedCountry, knownSubdivisions, subdivisionCodes } from '../geography/countries';
import { newId } from '../ids';
import { timestampField } from '../records/record';
import { countriesWithVat } from '../tax/rate-data';
import { expected, requiredOr } from '../validation';

import { exemptionReasons, type ExemptionReason } from '../sales/exemption-reasons';

export { exemptionReasons, type ExemptionReason } from '../sales/exemption-reasons';

/**
 * active: exempts on the day asked; pending: its effective_from is later (it does not exempt yet); expired: its
 * expires_on is the day asked or earlier; revoked: DELETE revoked it (kept for audit, never exempts again).
 */
export const exemptionStatuses = ['active', 'pending', 'expired', 'revoked'] as const;
export type ExemptionStatus = (typeof exemptionStatuses)[number];

/** A certificate covers at most this many jurisdictions (a multistate certificate covers the ~40 SST/MTC states). */
export const MAX_CERTIFICATE_JURISDICTIONS = 60;

let knownCountries: ReadonlySet<string> | undefined;
/** The countries Levy holds tax rules for: every VAT/GST country of its data, the US and Canada. */
export function isTaxJurisdictionCountry(country: string): boolean {
  knownCountries ??= new Set([...countriesWithVat(), 'US', 'CA']);
  return knownCountries.has(country);
}

export const jurisdictionField = z
  .strictObject(
    {
      country: z
        .string({ error: requiredOr('must be an ISO 3166-1 alpha-2 code such as "US" or "DE"') })
        .trim()
        .transform((s) => s.toUpperCase())
        .refine(isAssignedCountry, { error: 'must be an assigned ISO 3166-1 alpha-2 code such as "US" or "DE"' })
        .refine(isTaxJurisdictionCountry, { error: 'is a country Levy holds no tax rules for, so no certificate can exempt there' })
        .meta({ description: 'ISO 3166-1 alpha-2 country code' }),
      state: z
        .string({ error: expected('a string') })
        .trim()
        .transform((s) => s.toUpperCase())
        .optional()
        .meta({ description: 'ISO 3166-2 subdivision suffix ("TX"); absent: the whole country' }),
    },
    { error: expected('an object {country, state?}') },
  )
  .superRefine((j, ctx) => {
    if (j.state === undefined) return;
    const regions = knownSubdivisions(j.country);
    if (regions === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['state'],
        message: `is '${j.state}', but Levy holds no regional tax rules for ${j.country}; name the country alone`,
      });
    } else if (regions[j.state] === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['state'],
        message: `is '${j.state}', which is not a region of ${j.country} in Levy's tables; allowed: ${subdivisionCodes(j.country).join(', ')}`,
      });
    }
  });

export type Jurisdiction = { country: string; state?: string };

/** A jurisdiction as answered (certificates, certificate requests, notices). */
export const jurisdictionAnswerSchema = z.object({
  country: z.string().meta({ description: 'ISO 3166-1 alpha-2 country code' }),
  state: z.string().optional().meta({ description: 'ISO 3166-2 subdivision suffix ("TX"); absent: the whole country' }),
});

export const jurisdictionsField = z
  .array(jurisdictionField, { error: requiredOr('must be an array of {country, state?}') })
  .min(1, { error: 'must name at least one jurisdiction' })
  .max(MAX_CERTIFICATE_JURISDICTIONS, { error: `must name at most ${MAX_CERTIFICATE_JURISDICTIONS} jurisdictions` })
  .superRefine((list, ctx) => {
    const seen = new Set<string>();
    list.forEach((j, index) => {
      const key = `${j.country}-${j.state ?? ''}`;
      if (seen.has(key)) ctx.addIssue({ code: 'custom', path: [index], message: `names ${j.country}${j.state ? `-${j.state}` : ''} twice` });
      seen.add(key);
    });
  })
  .meta({ description: 'Where it exempts: countries, or states/provinces of them' });

const percentageMessage = 'must be a whole number from 1 to 100';
const exemptPercentageField = z
  .number({ error: requiredOr(percentageMessage) })
  .int({ error: percentageMessage })
  .min(1, { error: percentageMessage })
  .max(100, { error: percentageMessage })
  .meta({ description: 'Share of the tax exempted, whole percent 1-100' });

const certificateNumberField = z
  .string({ error: requiredOr('must be a string') })
  .trim()
  .min(1, { error: 'must not be empty' })
  .max(100, { error: 'must be at most 100 characters' })
  .meta({ description: "The certificate's number as issued" });

const reasonField = z
  .enum(exemptionReasons, { error: requiredOr(`must be one of: ${exemptionReasons.join(', ')}`) })
  .meta({ description: 'Why the customer is exempt (RESALE, NONPROFIT, GOVERNMENT, MANUFACTURING, AGRICULTURE, OTHER)' });

const datesInOrder = (c: { effective_from?: string; expires_on?: string | null }) =>
  c.effective_from === undefined || c.expires_on === undefined || c.expires_on === null || c.expires_on > c.effective_from;
const datesOrderError = { error: "must be after 'effective_from' (it is the first day the certificate no longer exempts)", path: ['expires_on'] };

export const createExemptionSchema = z
  .strictObject({
    reason: reasonField,
    jurisdictions: jurisdictionsField,
    certificate_number: certificateNumberField,
    effective_from: dateField,
    expires_on: dateField.nullish().meta({ description: 'First day it no longer exempts; null: no end' }),
    exempt_percentage: exemptPercentageField.default(100),
  })
  .refine(datesInOrder, datesOrderError);

const updatableExemptionFields = ['reason', 'jurisdictions', 'certificate_number', 'effective_from', 'expires_on', 'exempt_percentage'] as const;

/** null clears `expires_on` (a certificate without end). The dates are checked again against the stored ones. */
export const updateExemptionSchema = z
  .strictObject({
    reason: reasonField.optional(),
    jurisdictions: jurisdictionsField.optional(),
    certificate_number: certificateNumberField.optional(),
    effective_from: dateField.optional(),
    expires_on: dateField.nullable().optional().meta({ description: 'First day it no longer exempts; null clears it' }),
    exempt_percentage: exemptPercentageField.optional(),
  })
  .refine(requireSomeField(updatableExemptionFields), { error: `Send at least one of ${updatableExemptionFields.join(', ')}.` })
  .refine(datesInOrder, datesOrderError);

export type CreateExemptionRequest = z.output<typeof createExemptionSchema>;
export type UpdateExemptionRequest = z.output<typeof updateExemptionSchema>;

/** The uploaded document's facts (its bytes are in the blob store). */
export const exemptionDocumentSchema = z.object({
  content_type: z.enum(['application/pdf', 'image/png', 'image/jpeg']).meta({ description: 'Media type of the file' }),
  size: z.number().int().meta({ description: 'Bytes' }),
  sha256: z.string().meta({ description: 'Hex SHA-256 of the bytes' }),
  uploaded_at: timestampField,
});

export type ExemptionDocument = z.output<typeof exemptionDocumentSchema>;

/** A certificate as stored: everything but its status, which depends on the day asked. */
export interface StoredExemption {
  id: string;
  customer_id: string;
  reason: ExemptionReason;
  jurisdictions: Jurisdiction[];
  certificate_number: string;
  effective_from: string;
  expires_on: string | null;
  exempt_percentage: number;
  document: ExemptionDocument | null;
  revoked_at: string | null;
  created_at: string;
  updated_at: string;
}

export const exemptionSchema = z
  .object({
    id: z.string().meta({ description: 'Certificate id (`exm_...`)' }),
    customer_id: z.string().meta({ description: 'The customer it exempts' }),
    reason: reasonField,
    jurisdictions: z.array(jurisdictionAnswerSchema).meta({ description: 'Where it exempts' }),
    certificate_number: z.string().meta({ description: "The certificate's number as issued" }),
    effective_from: z.iso.date().meta({ description: 'First day it exempts (YYYY-MM-DD)' }),
    expires_on: z.iso.date().nullable().meta({ description: 'The first day the certificate no longer exempts; null: no end' }),
    exempt_percentage: z.number().int().min(1).max(100).meta({ description: 'Share of the tax exempted, whole percent' }),
    status: z.enum(exemptionStatuses).meta({ description: 'On the day asked (`date`, default today UTC)' }),
    document: exemptionDocumentSchema.nullable().meta({ description: 'The uploaded certificate file; null: none yet' }),
    revoked_at: timestampField.nullable().meta({ description: 'When DELETE revoked it; null: not revoked' }),
    created_at: timestampField,
    updated_at: timestampField,
  })
  .meta({
    id: 'ExemptionCertificate',
    example: {
      id: 'exm_0mhx2k3c0a1b2c3d4e5f60718',
      customer_id: 'cus_0mhx2k3c0a1b2c3d4e5f60718',
      reason: 'RESALE',
      jurisdictions: [
        { country: 'US', state: 'TX' },
        { country: 'US', state: 'CA' },
      ],
      certificate_number: 'TX-01-339-2026',
      effective_from: '2026-01-01',
      expires_on: '2030-01-01',
      exempt_percentage: 100,
      status: 'active',
      document: null,
      revoked_at: null,
      created_at: '2026-01-15T09:30:00.000Z',
      updated_at: '2026-01-15T09:30:00.000Z',
    },
  });

export type Exemption = z.output<typeof exemptionSchema>;

/** The status of a certificate on `date` (YYYY-MM-DD). */
export function exemptionStatus(c: Pick<StoredExemption, 'effective_from' | 'expires_on' | 'revoked_at'>, date: string): ExemptionStatus {
  if (c.revoked_at !== null) return 'revoked';
  if (c.expires_on !== null && c.expires_on <= date) return 'expired';
  if (c.effective_from > date) return 'pending';
  return 'active';
}

export const withStatus = (c: StoredExemption, date: string): Exemption => ({ ...c, status: exemptionStatus(c, date) });

/** A new certificate from a create request. */
export function newExemption(customerId: string, request: CreateExemptionRequest, at: Date): StoredExemption {
  const timestamp = at.toISOString();
  return {
    id: newId('exm', at.getTime()),
    customer_id: customerId,
    reason: request.reason,
    jurisdictions: request.jurisdictions,
    certificate_number: request.certificate_number,
    effective_from: request.effective_from,
    expires_on: request.expires_on ?? null,
    exempt_percentage: request.exempt_percentage,
    document: null,
    revoked_at: null,
    created_at: timestamp,
    updated_at: timestamp,
  };
}

/** Days from `from` to `to` (both YYYY-MM-DD, UTC calendar days). */
export { daysBetween };

/** Whether an active certificate lapses within `withinDays` of `date`: its expires_on is after `date` and at most that many days on. */
export const isExpiring = (c: StoredExemption, date: string, withinDays: number): boolean =>
  exemptionStatus(c, date) === 'active' && c.expires_on !== null && daysBetween(date, c.expires_on) <= withinDays;

/** Query of the list: a status filter (`expiring`: active and lapsing within `within_days`), the day asked. */
const withinDaysMessage = 'must be a whole number from 1 to 3650';
export const listExemptionsQuerySchema = z.strictObject({
  status: z.enum([...exemptionStatuses, 'expiring'], { error: `must be one of: ${[...exemptionStatuses, 'expiring'].join(', ')}` }).optional(),
  within_days: z.coerce
    .number({ error: withinDaysMessage })
    .int({ error: withinDaysMessage })
    .min(1, { error: withinDaysMessage })
    .max(3650, { error: withinDaysMessage })
    .optional(),
  date: dateField.optional(),
});

/** Query of a single certificate: the day its status is computed for. */
export const exemptionDateQuerySchema = z.strictObject({ date: dateField.optional() });

/** `status=expiring` lists the certificates that the exemption.expiring event announces, by default. */
export const DEFAULT_EXPIRING_WITHIN_DAYS = EXPIRING_NOTICE_DAYS;
