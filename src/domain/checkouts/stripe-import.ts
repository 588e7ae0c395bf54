/**
 * Domain (pure): a paid Stripe Checkout Session or Invoice, as Stripe's webhook delivers it (the
 * `checkout.session.completed` / `invoice.paid` event, or the bare object), read as a Levy transaction request
 * (docs/checkouts.md "Importing Stripe payments"). Stripe computed and collected the tax: each line keeps
 * Stripe's tax (`tax_amount`), and Levy records the sale at its net amount, once per Stripe object id (the
 * transaction's id). Field names follow Stripe's API reference: https://docs.stripe.com/api/checkout/sessions/object,
 * https://docs.stripe.com/api/invoices/object, https://docs.stripe.com/api/events/object. Stripe objects carry many
 * more fields than read here, so the schemas are not strict; what is read is checked and a bad one named.
 */
import { utcDay } from '../dates';
import * as z from 'zod';
import { deliveryMethodField, productCategoryField } from '../fields/sale';
import type { TransactionInput } from '../transactions/schema';
import { fieldError, parseWith } from '../validation';

/** POST /v1/transactions/import's query: what was sold, in Levy's terms (Stripe's payload does not say). */
export const stripeImportQuerySchema = z.strictObject({
  product_category: productCategoryField,
  delivery_method: deliveryMethodField,
});
export type StripeImportQuery = z.output<typeof stripeImportQuerySchema>;

const minor = z
  .number({ error: 'must be an integer amount in minor units' })
  .int({ error: 'must be an integer amount in minor units' })
  .min(0, { error: 'must not be negative' });
const stripeId = z.string({ error: 'must be a string' }).min(1, { error: 'must not be empty' });
/** The last second a record's date can name (9999-12-31T23:59:59Z): a later one is no calendar day (Date throws on it). */
const LAST_EPOCH_SECOND = 253_402_300_799;
const epochSeconds = z
  .number({ error: 'must be a Unix time in seconds' })
  .int({ error: 'must be a Unix time in seconds' })
  .min(0)
  .max(LAST_EPOCH_SECOND, { error: 'must be a Unix time in seconds, at most 253402300799 (9999-12-31)' });

const addressSchema = z.object({
  country: z.string({ error: 'must be a two-letter country code' }).regex(/^[A-Za-z]{2}$/, { error: 'must be a two-letter country code' }),
  state: z.string().nullish(),
  postal_code: z.string().nullish(),
  city: z.string().nullish(),
  line1: z.string().nullish(),
});
const taxIdsSchema = z.array(z.object({ type: z.string().nullish(), value: z.string() })).nullish();

const sessionSchema = z.object({
  id: stripeId.regex(/^cs_/, { error: 'must be a Checkout Session id (cs_...)' }),
  object: z.literal('checkout.session'),
  status: z.literal('complete', { error: "must be 'complete' (only a completed session is a sale)" }),
  payment_status: z.enum(['paid', 'no_payment_required'], { error: "must be 'paid' or 'no_payment_required'" }),
  currency: z.string({ error: 'must be a currency code' }),
  created: epochSeconds,
  amount_total: minor,
  total_details: z.object({ amount_tax: minor }, { error: 'must be an object with amount_tax' }),
  customer_details: z.object({ address: addressSchema.nullable(), tax_exempt: z.string().nullish(), tax_ids: taxIdsSchema }, { error: 'must be an object' }),
  line_items: z
    .object({ data: z.array(z.object({ id: stripeId, amount_total: minor, amount_tax: minor, quantity: z.number().int().min(1).nullish() })) })
    .nullish(),
});

const invoiceLineSchema = z.object({
  id: stripeId,
  amount: z.number().int(),
  quantity: z.number().int().min(1).nullish(),
  // API versions before 2025-03-31 (basil) list `tax_amounts` with `inclusive`; later ones `taxes` with `tax_behavior`.
  tax_amounts: z.array(z.object({ amount: minor, inclusive: z.boolean() })).nullish(),
  taxes: z.array(z.object({ amount: minor, tax_behavior: z.enum(['exclusive', 'inclusive']) })).nullish(),
});

const invoiceSchema = z.object({
  id: stripeId.regex(/^in_/, { error: 'must be an Invoice id (in_...)' }),
  object: z.literal('invoice'),
  status: z.literal('paid', { error: "must be 'paid' (only a paid invoice is imported)" }),
  currency: z.string({ error: 'must be a currency code' }),
  created: epochSeconds,
  status_transitions: z.object({ paid_at: epochSeconds.nullish() }).nullish(),
  total: minor,
  tax: minor.nullish(),
  total_taxes: z.array(z.object({ amount: minor })).nullish(),
  customer_address: addressSchema.nullable(),
  customer_tax_exempt: z.string().nullish(),
  customer_tax_ids: taxIdsSchema,
  lines: z.object({ data: z.array(invoiceLineSchema) }).nullish(),
});

/** The UTC day of a Stripe timestamp (epoch seconds). */
const dayOf = (epoch: number): string => utcDay(new Date(epoch * 1000));

/** The object of an event (`{object: 'event', type, data: {object}}`) or the bare object itself; its kind named. */
function stripeObjectOf(payload: unknown): { kind: 'checkout.session' | 'invoice'; object: unknown; path: string } {
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) throw fieldError('body', 'must be a Stripe event or object');
  const record = payload as Record<string, unknown>;
  if (record.object === 'event') {
    if (record.type !== 'checkout.session.completed' && record.type !== 'invoice.paid') {
      throw fieldError('type', `is '${String(record.type)}'; only checkout.session.completed and invoice.paid events record a sale`);
    }
    const data = record.data as Record<string, unknown> | undefined;
    if (typeof data !== 'object' || data === null || typeof data.object !== 'object' || data.object === null)
      throw fieldError('data.object', "is required (the event's object)");
    const object = data.object as Record<string, unknown>;
    return { kind: record.type === 'invoice.paid' ? 'invoice' : 'checkout.session', object, path: 'data.object' };
  }
  if (record.object === 'checkout.session' || record.object === 'invoice') return { kind: record.object, object: record, path: '' };
  throw fieldError('object', `is '${String(record.object)}'; send a Checkout Session, an Invoice, or an event carrying one`);
}

interface Buyer {
  location: TransactionInput['location'];
  customer_type: 'B2B' | 'B2C';
  customer_tax_id?: string;
}

/** Stripe's customer address and tax IDs: a customer with a tax ID (or reverse-charged) is a business. */
function buyerOf(address: z.output<typeof addressSchema>, taxIds: z.output<typeof taxIdsSchema>, taxExempt: string | null | undefined): Buyer {
  const taxId = taxIds?.[0]?.value;
  const location = {
    country: address.country.toUpperCase(),
    ...(address.state ? { state: address.state } : {}),
    ...(address.postal_code ? { postal_code: address.postal_code } : {}),
  };
  const business = taxId !== undefined || taxExempt === 'reverse';
  return { location, customer_type: business ? 'B2B' : 'B2C', ...(taxId !== undefined ? { customer_tax_id: taxId } : {}) };
}

/**
 * The transaction request a paid Stripe object stands for. Each line is recorded net of Stripe's tax (a session's
 * line `amount_total - amount_tax`; an invoice line's `amount`, less its tax when the tax is inclusive) with Stripe's
 * tax as `tax_amount`; without line items, the whole object is one line.
 */
export function stripeTransaction(payload: unknown, sold: StripeImportQuery): TransactionInput {
  const { kind, object, path } = stripeObjectOf(payload);
  const prefix = path === '' ? '' : path;
  const subject = { product_category: sold.product_category, delivery_method: sold.delivery_method };
  if (kind === 'checkout.session') {
    const session = parseWith(sessionSchema, object, { prefix });
    if (!session.customer_details.address)
      throw fieldError(
        `${prefix ? `${prefix}.` : ''}customer_details.address`,
        'is required: Levy records where the buyer is (collect the billing address in Checkout)',
      );
    const lines = session.line_items?.data.length
      ? session.line_items.data.map((line) => ({
          id: line.id,
          amount: line.amount_total - line.amount_tax,
          quantity: line.quantity ?? 1,
          tax_amount: line.amount_tax,
          ...subject,
        }))
      : [
          {
            id: session.id,
            amount: session.amount_total - session.total_details.amount_tax,
            quantity: 1,
            tax_amount: session.total_details.amount_tax,
            ...subject,
          },
        ];
    return {
      id: session.id,
      date: dayOf(session.created),
      currency: session.currency.toUpperCase(),
      ...buyerOf(session.customer_details.address, session.customer_details.tax_ids, session.customer_details.tax_exempt),
      line_items: lines,
    };
  }
  const invoice = parseWith(invoiceSchema, object, { prefix });
  if (!invoice.customer_address) throw fieldError(`${prefix ? `${prefix}.` : ''}customer_address`, 'is required: Levy records where the buyer is');
  const invoiceTax = invoice.total_taxes ? invoice.total_taxes.reduce((sum, t) => sum + t.amount, 0) : (invoice.tax ?? 0);
  const lines = invoice.lines?.data.length
    ? invoice.lines.data.map((line) => {
        const taxes = line.taxes?.map((t) => ({ amount: t.amount, inclusive: t.tax_behavior === 'inclusive' })) ?? line.tax_amounts ?? [];
        const tax = taxes.reduce((sum, t) => sum + t.amount, 0);
        const inclusiveTax = taxes.filter((t) => t.inclusive).reduce((sum, t) => sum + t.amount, 0);
        return { id: line.id, amount: line.amount - inclusiveTax, quantity: line.quantity ?? 1, tax_amount: tax, ...subject };
      })
    : [{ id: invoice.id, amount: invoice.total - invoiceTax, quantity: 1, tax_amount: invoiceTax, ...subject }];
  lines.forEach((line, index) => {
    if (line.amount < 0) throw fieldError(`${prefix ? `${prefix}.` : ''}lines.data[${index}].amount`, 'is negative (a credit line); record credits as refunds');
  });
  return {
    id: invoice.id,
    date: dayOf(invoice.status_transitions?.paid_at ?? invoice.created),
    currency: invoice.currency.toUpperCase(),
    ...buyerOf(invoice.customer_address, invoice.customer_tax_ids, invoice.customer_tax_exempt),
    line_items: lines,
  };
}
