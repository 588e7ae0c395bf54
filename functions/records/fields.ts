/**
 * Domain (pure): the field formats shared by vendor and entity records, decided where the spec
 * leaves them open (docs/api.md): name 1-200 chars trimmed, country an assigned ISO 3166-1 alpha-2
 * code in any case (stored upper-case), tax_id 1-50 chars trimmed, email up to 254 chars.
 */
import { z } from 'zod';
import { isAssignedCountry } from '../tax/countries';
import { requiredOr } from '../validation';

/** The error callback of a field whose wrong type reads "must be <what>". */
export const expected = (what: string) => requiredOr(`must be ${what}`);


export const nameField = z
  .string({ error: expected('a string') })
  .trim()
  .min(1, { error: 'must not be empty' })
  .max(200, { error: 'must be at most 200 characters' });

export const countryField = z
  .string({ error: expected('a string (ISO 3166-1 alpha-2 code such as "DE")') })
  .trim()
  .transform((s) => s.toUpperCase())
  .refine((code) => isAssignedCountry(code), {
    error: 'must be an assigned ISO 3166-1 alpha-2 country code such as "DE" or "US"',
  });

export const taxIdField = z
  .string({ error: expected('a string') })
  .trim()
  .min(1, { error: 'must not be empty (send null to clear it)' })
  .max(50, { error: 'must be at most 50 characters' });

/** A customer's tax ID as sent for checking (longer than a record's `tax_id`: separators and prefixes are allowed). */
export const customerTaxIdField = z
  .string({ error: expected('a string') })
  .trim()
  .min(1, { error: 'must not be empty' })
  .max(64, { error: 'must be at most 64 characters' });

/** The id of one of the account's entities, to calculate or record as that seller. */
export const entityIdField = z
  .string({ error: expected('a string') })
  .min(1, { error: 'must not be empty' })
  .max(128, { error: 'must be at most 128 characters' });

export const emailField = z
  .string({ error: expected('a string') })
  .trim()
  .max(254, { error: 'must be at most 254 characters' })
  .pipe(z.email({ error: 'must be a valid e-mail address' }));

/** Query of every list route: `limit` 1-100 (default 10), `starting_after` an id from a previous page. */
export const listQuerySchema = z.strictObject({
  limit: z.coerce
    .number({ error: 'must be a whole number from 1 to 100' })
    .int({ error: 'must be a whole number from 1 to 100' })
    .min(1, { error: 'must be a whole number from 1 to 100' })
    .max(100, { error: 'must be a whole number from 1 to 100' })
    .default(10),
  starting_after: z.string().min(1, { error: 'must be a record id' }).max(100).optional(),
});

/** A PATCH needs at least one field; read-only fields are named in the error, not silently dropped. */
export const requireSomeField = (fields: readonly string[]) => (patch: Record<string, unknown>) =>
  fields.some((f) => patch[f] !== undefined);

/** A `from`/`to` query (dates or months, both optional) whose `from` is not after its `to`. */
export const periodInOrder = (q: { from?: string; to?: string }): boolean => q.from === undefined || q.to === undefined || q.from <= q.to;
export const periodOrderError = { error: "'from' must not be after 'to'", path: ['from'] };
