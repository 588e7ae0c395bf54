/**
 * Domain (pure): the fields of stored records (vendors, entities, customers, products): names, countries, tax IDs,
 * e-mail, read-only fields (a flag is fields/sale.ts booleanField). Each message continues the field's name (src/domain/validation.ts).
 */
import * as z from 'zod';
import { isAssignedCountry } from '../geography/countries';
import { expected } from '../validation';

export const nameField = z
  .string({ error: expected('a string') })
  .trim()
  .min(1, { error: 'must not be empty' })
  .max(200, { error: 'must be at most 200 characters' })
  .meta({ description: 'Legal or display name, 1-200 characters' });

/** What a line sells, in words (an invoice line, a checkout or payment link line). */
export const lineDescriptionField = z
  .string({ error: expected('a string') })
  .trim()
  .min(1, { error: 'must not be empty' })
  .max(500, { error: 'must be at most 500 characters' })
  .meta({ description: 'What the line sells, in words (up to 500 characters)' });

export const countryField = z
  .string({ error: expected('a string (ISO 3166-1 alpha-2 code such as "DE")') })
  .trim()
  .transform((s) => s.toUpperCase())
  .refine((code) => isAssignedCountry(code), { error: 'must be an assigned ISO 3166-1 alpha-2 country code such as "DE" or "US"' })
  .meta({ description: 'ISO 3166-1 alpha-2 country code ("DE", "US"); any case, answered upper case' });

export const taxIdField = z
  .string({ error: expected('a string') })
  .trim()
  .min(1, { error: 'must not be empty (send null to clear it)' })
  .max(50, { error: 'must be at most 50 characters' })
  .meta({ description: 'Tax number (VAT, GST, EIN ...) as registered; null clears it' });

export const emailField = z
  .string({ error: expected('a string') })
  .trim()
  .max(254, { error: 'must be at most 254 characters' })
  .pipe(z.email({ error: 'must be a valid e-mail address' }))
  .meta({ description: 'E-mail address' });

/**
 * A record's tax number and e-mail as a create or PATCH sends them: absent, or null to clear. Described on the nullable
 * field itself, where the document shows the property (the string's own description sits inside its `anyOf`).
 */
export const clearableTaxIdField = taxIdField.nullish().meta({ description: 'Tax number (VAT, GST, EIN ...) as registered; null clears it' });
export const clearableEmailField = emailField.nullish().meta({ description: 'E-mail address; null clears it' });

/** A field the client may not send (a PATCH or create naming it gets a 400, not a silent drop). */
export const readOnlyField = () =>
  z
    .any()
    .refine(() => false, { error: 'is read-only and cannot be sent' })
    .optional()
    .meta({ description: 'Read-only: set by Levy and answered, never sent (a request naming it is refused with 400)' });

/** A PATCH needs at least one field; read-only fields are named in the error, not silently dropped. */
export const requireSomeField = (fields: readonly string[]) => (patch: Record<string, unknown>) => fields.some((f) => patch[f] !== undefined);

/** An ISO 3166-2 subdivision code (the suffix: "CA", "ON"), trimmed and upper-cased; `examples` name some in its error. */
export const subdivisionField = (examples: string) =>
  z
    .string({ error: expected(`a string (ISO 3166-2 subdivision code such as ${examples})`) })
    .trim()
    .transform((s) => s.toUpperCase());
