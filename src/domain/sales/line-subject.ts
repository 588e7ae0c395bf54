/**
 * Domain (pure): what a sale names instead of restating it: a stored customer (`customer_id`),
 * and per line a stored product (`product_id`) or a catalogue code (`tax_code`) instead of `product_category` +
 * `delivery_method`. The fields and the checks every sale request shares (rate, unify, transactions); whether the
 * ids exist is the use case's question (an unknown one is a 400 naming it). docs/api.md states the precedence rules.
 */
import * as z from 'zod';
import { checkCategoryDelivery, type LocationInput } from '../fields/sale';
import { CUSTOMER_ID_PATTERN, PRODUCT_ID_PATTERN } from '../ids';
import type { CustomerType, DeliveryMethod, ProductCategory } from '../tax/vocabulary';
import { expected } from '../validation';

export const customerIdRefField = z
  .string({ error: expected('a string (the id of a customer: POST /v1/customers)') })
  .regex(CUSTOMER_ID_PATTERN, { error: 'must be a customer id: 1-64 characters of A-Z, a-z, 0-9 and _ . -' })
  .meta({ description: 'A stored customer (POST /v1/customers): its type, address, tax IDs and certificates apply' });

export const productIdRefField = z
  .string({ error: expected('a string (the id of a product: POST /v1/products)') })
  .regex(PRODUCT_ID_PATTERN, { error: 'must be a product id: 1-64 characters of A-Z, a-z, 0-9 and _ . -' })
  .meta({ description: 'A stored product (POST /v1/products): its tax code on the sale date decides the rules' });

/** Any non-empty short text: whether the catalogue holds it is checked against the catalogue (400 naming it). */
export const taxCodeRefField = z
  .string({ error: expected('a string (a Levy tax code: GET /v1/tax_codes)') })
  .min(1, { error: 'must not be empty' })
  .max(64, { error: 'must be at most 64 characters' })
  .meta({ description: "A tax code of the catalogue (GET /v1/tax_codes), Levy's or Stripe's txcd_ code" });

/** What a line (or a rate request) says it sells. */
export interface LineSubject {
  product_category?: ProductCategory | undefined;
  delivery_method?: DeliveryMethod | undefined;
  product_id?: string | undefined;
  tax_code?: string | undefined;
}

const SUBJECT_FIELDS = ['product_category', 'delivery_method', 'product_id', 'tax_code'] as const satisfies readonly (keyof LineSubject)[];

/** The subject fields a line states, and only those (a line copied into a recorded sale keeps how it named its subject). */
export const subjectOf = <Line extends { [K in keyof LineSubject]?: unknown }>(line: Line): Pick<Line, keyof LineSubject & keyof Line> =>
  Object.fromEntries(SUBJECT_FIELDS.filter((field) => line[field] !== undefined).map((field) => [field, line[field]])) as Pick<
    Line,
    keyof LineSubject & keyof Line
  >;

/**
 * A line names what it sells one way: `product_category` (+ `delivery_method`, required with it), or `product_id`
 * and/or `tax_code` (a `tax_code` sent with a `product_id` overrides the product's code, as Stripe's line `tax_code`
 * overrides its product's; `delivery_method` is then optional: the code's default). A category with a product or a
 * code is a 400: two descriptions of one line could disagree.
 */
export function checkLineSubject(line: LineSubject, ctx: z.RefinementCtx): void {
  const byCode = line.product_id !== undefined || line.tax_code !== undefined;
  if (line.product_category !== undefined && byCode) {
    const other = line.product_id !== undefined ? 'product_id' : 'tax_code';
    ctx.addIssue({
      code: 'custom',
      path: ['product_category'],
      message: `is sent with ${other}; name what is sold one way: product_category, or product_id / tax_code`,
    });
    return;
  }
  if (line.product_category === undefined) {
    if (!byCode) ctx.addIssue({ code: 'custom', path: ['product_category'], message: 'is required (or send product_id or tax_code instead)' });
    return;
  }
  if (line.delivery_method === undefined) {
    ctx.addIssue({ code: 'custom', path: ['delivery_method'], message: 'is required with product_category' });
    return;
  }
  checkCategoryDelivery({ product_category: line.product_category, delivery_method: line.delivery_method }, ctx);
}

/** Who and where, as a sale request states them: each may come from the customer named by `customer_id` instead. */
export interface SaleParties {
  customer_id?: string | undefined;
  customer_type?: CustomerType | undefined;
  location?: LocationInput | undefined;
}

/** Without `customer_id`, the customer type and the location must be sent (`typePath`: where the type sits). */
export function checkSaleParties(sale: SaleParties, ctx: z.RefinementCtx, typePath: (string | number)[]): void {
  if (sale.customer_id !== undefined) return;
  if (sale.customer_type === undefined)
    ctx.addIssue({ code: 'custom', path: typePath, message: "is required (or send customer_id to use the stored customer's)" });
  if (sale.location === undefined)
    ctx.addIssue({ code: 'custom', path: ['location'], message: "is required (or send customer_id to use the stored customer's address)" });
}
