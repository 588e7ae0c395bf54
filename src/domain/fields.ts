/**
 * Domain (pure): every field schema of the API, in one place, with the formats decided where the spec leaves them
 * open (docs/api.md). Records, requests and queries are built from these. Each message continues the field's name
 * ("must be a string"); src/domain/validation.ts puts the name in front.
 */
import * as z from 'zod';
import { isAssignedCountry } from './geography/countries';
import { REFERENCE_PATTERN } from './ids';
import { MAX_AMOUNT_MINOR, MAX_SALE_TOTAL_MINOR } from './money/money';
import { allowedDeliveryMethods, customerTypes, deliveryMethods, governmentLevels, productCategories, type DeliveryMethod, type ProductCategory } from './tax/vocabulary';
import { expected, requiredOr } from './validation';

// ---------------------------------------------------------------------------------------------------------------
// Records (vendors, entities)

export const nameField = z
  .string({ error: expected('a string') })
  .trim()
  .min(1, { error: 'must not be empty' })
  .max(200, { error: 'must be at most 200 characters' });

export const countryField = z
  .string({ error: expected('a string (ISO 3166-1 alpha-2 code such as "DE")') })
  .trim()
  .transform((s) => s.toUpperCase())
  .refine((code) => isAssignedCountry(code), { error: 'must be an assigned ISO 3166-1 alpha-2 country code such as "DE" or "US"' });

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

export const booleanField = z.boolean({ error: expected('true or false') });

/** A field the client may not send (a PATCH or create naming it gets a 400, not a silent drop). */
export const readOnlyField = () => z.any().refine(() => false, { error: 'is read-only and cannot be sent' }).optional();

/** A PATCH needs at least one field; read-only fields are named in the error, not silently dropped. */
export const requireSomeField = (fields: readonly string[]) => (patch: Record<string, unknown>) => fields.some((f) => patch[f] !== undefined);

// ---------------------------------------------------------------------------------------------------------------
// Money and references

const amountMessage = 'must be a non-negative integer below 10^13 (minor units)';
/** An amount as an answer states it: integer minor units, whatever its sign (a response field, unbounded). */
export const minorUnitsField = z.number().int().meta({ description: 'Minor units of the currency (cents)' });

export const amountField = z
  .number({ error: requiredOr(amountMessage) })
  .int({ error: amountMessage })
  .min(0, { error: amountMessage })
  .lt(MAX_AMOUNT_MINOR, { error: amountMessage });

/** A refunded amount: at least one minor unit (a refund of nothing is no refund). */
const refundAmountMessage = 'must be a whole number of minor units from 1 to below 10^13';
export const refundAmountField = z
  .number({ error: requiredOr(refundAmountMessage) })
  .int({ error: refundAmountMessage })
  .min(1, { error: refundAmountMessage })
  .lt(MAX_AMOUNT_MINOR, { error: refundAmountMessage });

/** A caller's reference: also a path segment, so URL-safe, and never `#` (the stores' key separator). */
export const referenceField = z
  .string({ error: requiredOr('must be a string') })
  .regex(REFERENCE_PATTERN, { error: "must be 1-128 characters of A-Z, a-z, 0-9 and . _ : ~ - (not '.' or '..' alone)" });

const quantityMessage = 'must be a whole number from 1 to 10^9';
export const quantityField = z
  .number({ error: requiredOr(quantityMessage) })
  .int({ error: quantityMessage })
  .min(1, { error: quantityMessage })
  .max(1_000_000_000, { error: quantityMessage });

// ---------------------------------------------------------------------------------------------------------------
// Dates and periods

/** A calendar date YYYY-MM-DD that exists (no 2025-02-30). */
export const dateField = z.iso.date({ error: requiredOr('must be a calendar date in the form YYYY-MM-DD') });

/** A month YYYY-MM. */
const monthMessage = 'must be a month in the form YYYY-MM';
export const monthField = z.string({ error: requiredOr(monthMessage) }).regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: monthMessage });

/** A `from`/`to` query (dates or months, both optional) whose `from` is not after its `to`. */
export const periodInOrder = (q: { from?: string; to?: string }): boolean => q.from === undefined || q.to === undefined || q.from <= q.to;
export const periodOrderError = { error: "must not be after 'to'", path: ['from'] };

// ---------------------------------------------------------------------------------------------------------------
// Lists

const limitMessage = 'must be a whole number from 1 to 100';
/** Query of every list route: `limit` 1-100 (default 10), `starting_after` an id from a previous page. */
export const listQuerySchema = z.strictObject({
  limit: z.coerce
    .number({ error: limitMessage })
    .int({ error: limitMessage })
    .min(1, { error: limitMessage })
    .max(100, { error: limitMessage })
    .default(10),
  starting_after: z.string().min(1, { error: 'must be a record id' }).max(100, { error: 'must be a record id' }).optional(),
});

export const MAX_LINE_ITEMS = 1000;

/** A sale's or cart's lines: 1 to MAX_LINE_ITEMS of `line`. */
export const lineItemsField = <Line extends z.ZodType>(line: Line) =>
  z
    .array(line, { error: requiredOr('must be an array of line items') })
    .min(1, { error: 'must hold at least one line' })
    .max(MAX_LINE_ITEMS, { error: `must hold at most ${MAX_LINE_ITEMS} lines` });

/**
 * Adds a 400 when a sale's or cart's lines add up past MAX_SALE_TOTAL_MINOR, in `amount` or in a caller's
 * `tax_amount`: so a sale's totals, and anything added up from one sale, are exact integers (docs/api.md).
 */
export function checkSaleTotals(lines: readonly { amount: number; tax_amount?: number }[], ctx: z.RefinementCtx): void {
  for (const field of ['amount', 'tax_amount'] as const) {
    const total = lines.reduce((sum, line) => sum + (line[field] ?? 0), 0);
    if (total > MAX_SALE_TOTAL_MINOR) {
      ctx.addIssue({
        code: 'custom',
        path: ['line_items'],
        message: `add up to ${total} minor units of ${field}; one sale may total at most 10^15 (${MAX_SALE_TOTAL_MINOR})`,
      });
    }
  }
}

/**
 * Adds a 400 for every line id used twice, naming the second occurrence; with `defaultId`, a line without an id
 * counts as its 1-based position (the default it gets). Shared by sales, refunds and carts.
 */
export function checkUniqueLineIds(lines: readonly { id?: string }[], ctx: z.RefinementCtx, defaultId = true): void {
  const seen = new Set<string>();
  lines.forEach((line, index) => {
    const id = line.id ?? (defaultId ? String(index + 1) : undefined);
    if (id === undefined) return;
    if (seen.has(id)) {
      ctx.addIssue({ code: 'custom', path: ['line_items', index, 'id'], message: `is '${id}', already used by another line (line ids must be unique)` });
    }
    seen.add(id);
  });
}

// ---------------------------------------------------------------------------------------------------------------
// What is sold, how, to whom and where

const oneOf = (values: readonly string[]) => requiredOr(`must be one of: ${values.join(', ')}`);

export const productCategoryField = z.enum(productCategories, { error: oneOf(productCategories) });
export const deliveryMethodField = z.enum(deliveryMethods, { error: oneOf(deliveryMethods) });
export const customerTypeField = z.enum(customerTypes, { error: oneOf(customerTypes) });
/** Which government a GOVERNMENT customer is: federal, state or local (US sales tax; docs/tax-rules.md). */
export const governmentLevelField = z.enum(governmentLevels, { error: oneOf(governmentLevels) });

/** Adds a 400 on `path` when a government level comes with a customer type other than GOVERNMENT. */
export function checkGovernmentLevel(customerType: string, level: string | undefined, ctx: z.RefinementCtx, path: (string | number)[]): void {
  if (level !== undefined && customerType !== 'GOVERNMENT') {
    ctx.addIssue({ code: 'custom', path, message: `is only used with customer_type GOVERNMENT (the customer is ${customerType})` });
  }
}

/** Adds a 400 on delivery_method when it does not fit the category; shared by rate requests, sale and cart lines. */
export function checkCategoryDelivery(line: { product_category: ProductCategory; delivery_method: DeliveryMethod }, ctx: z.RefinementCtx): void {
  const allowed = allowedDeliveryMethods[line.product_category];
  if (!allowed.includes(line.delivery_method)) {
    ctx.addIssue({
      code: 'custom',
      path: ['delivery_method'],
      message: `is ${line.delivery_method}, which does not fit product_category ${line.product_category}; allowed: ${allowed.join(', ')}`,
    });
  }
}

/**
 * Where the customer is. Each field is checked for shape here; whether they fit together (state vs ZIP, private IP,
 * unknown country code, postal format per country) is checked by resolveLocation, which knows the reference data.
 */
export const locationField = z
  .strictObject(
    {
      country: z
        .string({ error: expected('a string') })
        .regex(/^[A-Za-z]{2}$/, { error: 'must be an ISO 3166-1 alpha-2 code such as "US" or "DE"' })
        .optional(),
      state: z
        .string({ error: expected('a string') })
        .regex(/^[A-Za-z0-9]{1,3}$/, { error: 'must be a region code such as "CA" or "ON"' })
        .optional(),
      postal_code: z
        .string({ error: expected('a string') })
        .trim()
        .min(1, { error: 'must not be empty' })
        .max(12, { error: 'must be at most 12 characters' })
        .optional(),
      ip_address: z.union([z.ipv4(), z.ipv6()], { error: 'must be an IPv4 or IPv6 address' }).optional(),
    },
    { error: expected('an object') },
  )
  .refine((location) => location.country !== undefined || location.ip_address !== undefined, {
    error: 'needs a country or an ip_address',
  });

export type LocationInput = z.infer<typeof locationField>;
