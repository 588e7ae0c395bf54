/**
 * Domain (pure): checkouts, Levy's tax quote sessions (docs/checkouts.md). A checkout holds a cart, who buys
 * it and where (possibly only partly known), the engine's quote for what is known, and `required_fields`: what is
 * still needed for a final answer. It is open until it expires (expires_at) or is completed once, as one recorded
 * transaction. Request and response schemas, the record, its status and the rules that turn an engine answer into
 * required fields live here; the use case (src/usecases/checkouts.ts) asks the engine and the stores.
 */
import * as z from 'zod';
import { cartLineShape } from '../cart/unify-request';
import { unifyLineResultSchema, type UnifyResult } from '../cart/unify-response';
import { currencyField } from '../currency-field';
import { checkSaleTotals, checkUniqueLineIds, lineItemsField, minorUnitsField, referenceField } from '../fields/money';
import {
  checkGovernmentLevel,
  customerTaxIdField,
  customerTypeField,
  entityIdField,
  governmentLevelField,
  locationField,
  type LocationInput,
} from '../fields/sale';
import { newId } from '../ids';
import { timestampField, type StoredRecord } from '../records/record';
import { checkLineSubject, customerIdRefField } from '../sales/line-subject';
import { lineDescriptionField } from '../fields/records';
import { rateResponseSchemas } from '../tax/rate-response';
import { expected } from '../validation';

/** Stripe Tax keeps a calculation 90 days; Stripe Checkout's default session life is 24 hours, its shortest 30 minutes. */
export const CHECKOUT_MIN_EXPIRY_SECONDS = 1_800;
export const CHECKOUT_MAX_EXPIRY_SECONDS = 7_776_000;
export const CHECKOUT_DEFAULT_EXPIRY_SECONDS = 86_400;

const addressLine = z
  .string({ error: expected('a string') })
  .trim()
  .min(1, { error: 'must not be empty' })
  .max(200, { error: 'must be at most 200 characters' });

/**
 * Where the buyer is, as far as known: the rate request's location (country, state, postal_code, ip_address) plus the
 * street address (`city`, `line1`, `line2`), which a ZIP split between rates needs for a final answer.
 */
export const checkoutLocationField = z
  .strictObject(
    {
      ...locationField.shape,
      city: addressLine.optional().meta({ description: 'City or town (up to 200 characters)' }),
      line1: addressLine.optional().meta({ description: 'Street and number (up to 200 characters)' }),
      line2: addressLine.optional().meta({ description: 'Further address line: unit, floor, building (up to 200 characters)' }),
    },
    { error: expected('an object') },
  )
  .refine((location) => location.country !== undefined || location.ip_address !== undefined, { error: 'needs a country or an ip_address' })
  .meta({ description: 'Where the buyer is: a country or an ip_address at least; a street address makes a split ZIP final' });
export type CheckoutLocation = z.output<typeof checkoutLocationField>;

/** The buyer declared inline (or over a stored customer named by `customer_id`): type, tax ID, government level. */
export const checkoutCustomerField = z
  .strictObject(
    { type: customerTypeField.optional(), tax_id: customerTaxIdField.optional(), government_level: governmentLevelField.optional() },
    { error: expected('an object') },
  )
  .meta({ description: 'The buyer declared inline (over a stored customer named by customer_id): type, tax ID, government level' });
export type CheckoutCustomer = z.output<typeof checkoutCustomerField>;

const expiresInField = z
  .number({ error: expected(`a whole number of seconds from ${CHECKOUT_MIN_EXPIRY_SECONDS} to ${CHECKOUT_MAX_EXPIRY_SECONDS}`) })
  .int({ error: `must be a whole number of seconds from ${CHECKOUT_MIN_EXPIRY_SECONDS} to ${CHECKOUT_MAX_EXPIRY_SECONDS}` })
  .min(CHECKOUT_MIN_EXPIRY_SECONDS, { error: `must be at least ${CHECKOUT_MIN_EXPIRY_SECONDS} (30 minutes)` })
  .max(CHECKOUT_MAX_EXPIRY_SECONDS, { error: `must be at most ${CHECKOUT_MAX_EXPIRY_SECONDS} (90 days)` })
  .meta({ description: 'How long the checkout stays open, in seconds: 1800 (30 minutes) to 7776000 (90 days); default 86400 (a day)' });

/** The buyer part shared by a checkout's create, its PATCH and a payment link's checkout. */
const buyerShape = {
  customer_id: customerIdRefField.optional(),
  customer: checkoutCustomerField.optional(),
  location: checkoutLocationField.optional(),
};

function checkBuyer(
  buyer: { customer_id?: string | undefined; customer?: CheckoutCustomer | undefined; location?: CheckoutLocation | undefined },
  ctx: z.RefinementCtx,
): void {
  if (buyer.customer_id === undefined && buyer.location === undefined) {
    ctx.addIssue({
      code: 'custom',
      path: ['location'],
      message: "is required (at least its country or ip_address; or send customer_id to use the stored customer's address)",
    });
  }
  const type = buyer.customer?.type;
  if (type !== undefined) checkGovernmentLevel(type, buyer.customer?.government_level, ctx, ['customer', 'government_level']);
}

/**
 * Stripe Checkout takes at most 100 line items per session; a checkout keeps its quote in one DynamoDB item (400 KB
 * at most), which 100 quoted lines fit in with room to spare, and 1,000 (unify's limit) would not.
 */
export const MAX_CHECKOUT_LINE_ITEMS = 100;

/** A line as unify takes it, and what it sells in words, shown back on the checkout (as a Stripe Checkout line item's). */
const checkoutLineSchema = z
  .strictObject({
    ...cartLineShape,
    description: lineDescriptionField.optional().meta({ description: 'What the line sells, in words; shown back on the checkout' }),
  })
  .superRefine(checkLineSubject);

/** Lines as unify takes them (tax_inclusive per line), at most MAX_CHECKOUT_LINE_ITEMS; totals under the sale limits. */
export const checkoutLinesField = lineItemsField(checkoutLineSchema).max(MAX_CHECKOUT_LINE_ITEMS, {
  error: `must hold at most ${MAX_CHECKOUT_LINE_ITEMS} lines (a checkout's limit, as Stripe Checkout's)`,
});

export const createCheckoutSchema = z
  .strictObject({
    currency: currencyField,
    line_items: checkoutLinesField,
    entity_id: entityIdField.optional(),
    expires_in_seconds: expiresInField.optional(),
    ...buyerShape,
  })
  .superRefine((checkout, ctx) => {
    checkUniqueLineIds(checkout.line_items, ctx, false);
    checkSaleTotals(checkout.line_items, ctx);
    checkBuyer(checkout, ctx);
  });
export type CreateCheckoutRequest = z.output<typeof createCheckoutSchema>;
export type CheckoutLine = CreateCheckoutRequest['line_items'][number];

/** PATCH: a new location or customer replaces the old one whole (the same shapes as on create). */
export const updateCheckoutSchema = z
  .strictObject({ location: checkoutLocationField.optional(), customer: checkoutCustomerField.optional() })
  .superRefine((patch, ctx) => {
    if (patch.location === undefined && patch.customer === undefined) ctx.addIssue({ code: 'custom', path: [], message: 'must hold location or customer' });
    const type = patch.customer?.type;
    if (type !== undefined) checkGovernmentLevel(type, patch.customer?.government_level, ctx, ['customer', 'government_level']);
  });
export type UpdateCheckoutRequest = z.output<typeof updateCheckoutSchema>;

/** A payment link's buyer: everything of a checkout but its lines and currency. */
export const linkCheckoutSchema = z
  .strictObject({ ...buyerShape, expires_in_seconds: expiresInField.optional() })
  .superRefine((buyer, ctx) => checkBuyer(buyer, ctx));
export type LinkCheckoutRequest = z.output<typeof linkCheckoutSchema>;

export const completeCheckoutSchema = z.strictObject({
  /** The id of the transaction the completed checkout is recorded as (the caller's order reference). */
  transaction_id: referenceField,
});
export type CompleteCheckoutRequest = z.output<typeof completeCheckoutSchema>;

export type CheckoutStatus = 'open' | 'complete' | 'expired';

/** A claim on completing: the transaction id and sale date every concurrent or retried completion records. */
export interface CompletionClaim {
  transaction_id: string;
  date: string;
}

/** A checkout as stored (the account is the store's key). */
export interface Checkout extends StoredRecord {
  currency: string;
  line_items: CheckoutLine[];
  entity_id?: string;
  customer_id?: string;
  customer?: CheckoutCustomer;
  location?: CheckoutLocation;
  payment_link_id?: string;
  expires_at: string;
  /** The engine's answer for what is known (unify, not committed). */
  quote: UnifyResult;
  required_fields: string[];
  /** Moves by one with each PATCH: a PATCH computed from an older version is refused and retried. */
  version: number;
  claim?: CompletionClaim;
  completed_at?: string;
}

/** Open until completed or expired; expiry is computed from expires_at (DynamoDB TTL removes the item only later). */
export function checkoutStatus(checkout: Pick<Checkout, 'completed_at' | 'expires_at'>, now: Date): CheckoutStatus {
  if (checkout.completed_at !== undefined) return 'complete';
  return now.getTime() >= Date.parse(checkout.expires_at) ? 'expired' : 'open';
}

export function newCheckoutId(now: Date): string {
  return newId('chk', now.getTime());
}

export function expiresAt(now: Date, seconds = CHECKOUT_DEFAULT_EXPIRY_SECONDS): string {
  return new Date(now.getTime() + seconds * 1000).toISOString();
}

/** The location the engine rates: the street address is kept with the checkout, not sent to the engine. */
export function rateableLocation(location: CheckoutLocation): LocationInput {
  const { city: _city, line1: _line1, line2: _line2, ...rest } = location;
  return rest;
}

/**
 * Engine notes that say the location was not precise enough, and the field that would make it so. These are the rate
 * engine's own remarks (src/domain/tax/us-rules.ts, canada-rules.ts), not a list per country.
 */
const noteFields: Readonly<Record<string, readonly string[]>> = {
  us_state_required_for_sales_tax: ['location.postal_code'],
  us_postal_code_missing_state_base_rate_used: ['location.postal_code'],
  province_unknown_gst_only: ['location.state'],
};

/** What the use case learned beside the quote (each from the engine or the imported rate tables). */
export interface RequirementFacts {
  /** The engine's notes on any line. */
  notes: readonly string[];
  /** Where the location came from (the engine's location_source). */
  locationSource: string;
  /** The imported tables rate the ZIP differently in different states or places (a ZIP that spans rates). */
  zipSpansRates: boolean;
  /** The ZIP reaches into several counties of the buyer's state (the imported ZIP-to-county crosswalk). */
  zipSpansCounties: boolean;
  /** The customer was declared a business but taxed as B2C for want of a proving tax ID, and the engine would tax it otherwise. */
  businessTreatmentNeedsTaxId: boolean;
}

/**
 * The fields still needed for a final answer, sorted, each a path into the checkout's request. Rules (docs/checkouts.md):
 * an engine note that the location was imprecise names the missing field; a location known only from an IP address
 * asks for the country; a ZIP the rate tables rate differently by side asks for the full address, and a ZIP spanning
 * counties of the state for the street address (the state is known); a business buyer the
 * engine would tax differently with a proving tax ID asks for it.
 */
export function requiredFields(location: CheckoutLocation | undefined, facts: RequirementFacts): string[] {
  const needed = new Set<string>();
  for (const note of facts.notes) for (const field of noteFields[note] ?? []) needed.add(field);
  if (facts.locationSource === 'ip_address') needed.add('location.country');
  if (facts.zipSpansRates) {
    for (const field of ['state', 'city', 'line1'] as const) if (location?.[field] === undefined) needed.add(`location.${field}`);
  }
  if (facts.zipSpansCounties) for (const field of ['city', 'line1'] as const) if (location?.[field] === undefined) needed.add(`location.${field}`);
  if (facts.businessTreatmentNeedsTaxId) needed.add('customer.tax_id');
  // A field the request already holds is not asked again (the engine may still have noted it, e.g. an unknown ZIP).
  return [...needed]
    .filter((path) => !(path.startsWith('location.') && location?.[path.slice('location.'.length) as keyof CheckoutLocation] !== undefined))
    .sort();
}

const { customerTreatmentSchema, jurisdictionSchema } = rateResponseSchemas();

/** A quoted line of a checkout: unify's, and the description it was given (built when first read, as unify's). */
const checkoutLineResultSchema = z.lazy(() =>
  unifyLineResultSchema.unwrap().extend({
    description: z.string().optional().meta({ description: 'What the line sells, as the checkout or its payment link was given it' }),
  }),
);

/** A checkout as every checkout route answers it (the OpenAPI document's `Checkout`). */
export const checkoutSchema = z
  .object({
    id: z.string().meta({ description: 'The checkout id (`chk_...`)', example: 'chk_0mhx2k3c0a1b2c3d4e5f60718' }),
    status: z
      .enum(['open', 'complete', 'expired'])
      .meta({ description: '`open`: quoted, can change and be completed; `complete`: recorded as a transaction; `expired`: `expires_at` passed first' }),
    currency: z.string().meta({ description: 'ISO 4217 currency code of every amount', example: 'USD' }),
    customer_id: z.string().optional().meta({ description: 'The stored customer buying (`cus_...`), when one was named' }),
    customer: customerTreatmentSchema,
    location: z.record(z.string(), z.string()).nullable().meta({ description: "The location as sent (or the stored customer's address); null: none known" }),
    jurisdiction: jurisdictionSchema,
    reverse_charge_applicable: z.boolean().meta({ description: 'true when the buyer accounts for the tax (B2B reverse charge), so none is charged' }),
    line_items: z.array(checkoutLineResultSchema).meta({ description: 'The quoted lines, in the order sent' }),
    subtotal: minorUnitsField,
    tax_total: minorUnitsField,
    total: minorUnitsField,
    required_fields: z.array(z.string()).meta({ description: 'What is still needed for a final answer (paths into the request); empty: the quote is final' }),
    quote_date: z.string().meta({ description: 'The date whose rates were applied (YYYY-MM-DD)' }),
    payment_link_id: z.string().nullable().meta({ description: 'The payment link the checkout was opened from (`plink_...`); null: created directly' }),
    transaction_id: z.string().nullable().meta({ description: 'The transaction the completed checkout was recorded as' }),
    expires_at: timestampField,
    completed_at: timestampField.nullable().meta({ description: 'When it was completed (ISO 8601, UTC); null while not complete' }),
    created_at: timestampField,
    updated_at: timestampField,
  })
  .meta({ id: 'Checkout' });
export type CheckoutView = z.output<typeof checkoutSchema>;

/** The quote's lines with the descriptions of the checkout's lines of the same id. */
function withDescriptions(quoted: UnifyResult['line_items'], lines: readonly CheckoutLine[]): CheckoutView['line_items'] {
  const described = new Map(lines.flatMap((line) => (line.description !== undefined ? [[line.id, line.description] as const] : [])));
  return quoted.map((line) => (described.has(line.id) ? { ...line, description: described.get(line.id)! } : line));
}

/** The answer of every checkout route, its status computed at `now`. */
export function checkoutView(checkout: Checkout, now: Date): CheckoutView {
  const { quote } = checkout;
  return {
    id: checkout.id,
    status: checkoutStatus(checkout, now),
    currency: checkout.currency,
    ...(checkout.customer_id !== undefined ? { customer_id: checkout.customer_id } : {}),
    customer: quote.customer,
    location: checkout.location ? (checkout.location as Record<string, string>) : null,
    jurisdiction: quote.jurisdiction,
    reverse_charge_applicable: quote.reverse_charge_applicable,
    line_items: withDescriptions(quote.line_items, checkout.line_items),
    subtotal: quote.subtotal,
    tax_total: quote.tax_total,
    total: quote.total,
    required_fields: checkout.required_fields,
    quote_date: quote.date,
    payment_link_id: checkout.payment_link_id ?? null,
    transaction_id: checkout.completed_at !== undefined ? (checkout.claim?.transaction_id ?? null) : null,
    expires_at: checkout.expires_at,
    completed_at: checkout.completed_at ?? null,
    created_at: checkout.created_at,
    updated_at: checkout.updated_at,
  };
}
