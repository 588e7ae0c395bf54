/**
 * Domain (pure): the product record and its effective-dated tax code. A change of tax code is kept in
 * `tax_code_history`, so a sale is taxed under the code in force on its date and a refund can reuse it.
 */
import { utcDay } from '../dates';
import * as z from 'zod';
import { ValidationError } from '../errors';
import { newId } from '../ids';
import { timestampField } from '../records/record';
import type { CreateProductRequest, UpdateProductRequest } from './product-requests';

export const taxCodeChangeSchema = z.object({
  tax_code: z.string().meta({ description: 'The tax code (GET /v1/tax_codes)', example: 'levy_saas_business' }),
  effective_from: z.iso.date().meta({ description: 'First day (UTC) the code applies to sales; until the next entry' }),
});

/** A product as every product route answers it (the OpenAPI document's `Product`). */
export const productSchema = z
  .object({
    id: z.string().meta({ example: 'prod_0mhx2k3c0a1b2c3d4e5f60718', description: "Levy's `prod_...` or the caller's own id (1-64 of A-Z a-z 0-9 _ . -)" }),
    name: z.string().meta({ description: 'Product name' }),
    tax_code: z.string().meta({ description: 'The tax code in force today (GET /v1/tax_codes)', example: 'levy_saas_business' }),
    tax_code_history: z.array(taxCodeChangeSchema).meta({ description: 'Every code the product had, oldest first; the last one is `tax_code`' }),
    sku: z.string().nullable().meta({ description: 'Your stock-keeping unit; null: none' }),
    description: z.string().nullable().meta({ description: 'What the product is, in words; null: none' }),
    active: z.boolean().meta({ description: 'false once archived (DELETE): still readable, and its history still applies' }),
    created_at: timestampField,
    updated_at: timestampField,
  })
  .meta({
    id: 'Product',
    example: {
      id: 'prod_0mhx2k3c0a1b2c3d4e5f60718',
      name: 'Team plan',
      tax_code: 'levy_saas_business',
      tax_code_history: [
        { tax_code: 'levy_saas', effective_from: '2026-01-15' },
        { tax_code: 'levy_saas_business', effective_from: '2026-03-01' },
      ],
      sku: 'TEAM-M',
      description: null,
      active: true,
      created_at: '2026-01-15T09:30:00.000Z',
      updated_at: '2026-03-01T08:00:00.000Z',
    },
  });

export type Product = z.output<typeof productSchema>;
export type TaxCodeChange = z.output<typeof taxCodeChangeSchema>;

/** A new product: its own id or a new `prod_` one; its code applies from the day it is created (and before: taxCodeOn). */
export function newProduct(request: CreateProductRequest, at: Date): Product {
  const timestamp = at.toISOString();
  return {
    id: request.id ?? newId('prod', at.getTime()),
    name: request.name,
    tax_code: request.tax_code,
    tax_code_history: [{ tax_code: request.tax_code, effective_from: utcDay(at) }],
    sku: request.sku ?? null,
    description: request.description ?? null,
    active: request.active ?? true,
    created_at: timestamp,
    updated_at: timestamp,
  };
}

/**
 * The tax code in force on a date: the last change effective on or before it; before the first change, the first
 * code (a sale dated before the product was created is taxed as the product was first described).
 */
export function taxCodeOn(product: Pick<Product, 'tax_code_history'>, date: string): string {
  const history = product.tax_code_history;
  let code = history[0]!.tax_code;
  for (const change of history) if (change.effective_from <= date) code = change.tax_code;
  return code;
}

/**
 * The product after a PATCH. A new `tax_code` (or a new `tax_code_effective_from`) adds a change effective from that
 * day (default: today, UTC); a change on the day of the last one replaces it. A change may not be dated before the
 * last one (the history would be rewritten under recorded sales) nor after today (a scheduled change is not supported).
 */
export function updatedProduct(product: Product, patch: UpdateProductRequest, at: Date): Product {
  const { tax_code_effective_from: from, ...fields } = patch;
  if (from !== undefined && fields.tax_code === undefined) {
    throw new ValidationError("'tax_code_effective_from' is only used with 'tax_code'.", 'tax_code_effective_from');
  }
  // Strictly later than the version it replaces, even within one millisecond: the store's write is conditional on the
  // updated_at it read, so every write must move it on or a concurrent one could pass the same condition.
  const updatedAt = new Date(Math.max(at.getTime(), Date.parse(product.updated_at) + 1));
  const updated: Product = { ...product, updated_at: updatedAt.toISOString() };
  if (fields.name !== undefined) updated.name = fields.name;
  if (fields.sku !== undefined) updated.sku = fields.sku;
  if (fields.description !== undefined) updated.description = fields.description;
  if (fields.active !== undefined) updated.active = fields.active;
  if (fields.tax_code !== undefined) updated.tax_code_history = withTaxCode(product.tax_code_history, fields.tax_code, from ?? utcDay(at), utcDay(at));
  updated.tax_code = updated.tax_code_history[updated.tax_code_history.length - 1]!.tax_code;
  return updated;
}

function withTaxCode(history: readonly TaxCodeChange[], taxCode: string, from: string, today: string): TaxCodeChange[] {
  const last = history[history.length - 1]!;
  if (from > today)
    throw new ValidationError(
      `'tax_code_effective_from' is ${from}, after today (${today}); a change applies from today or an earlier day.`,
      'tax_code_effective_from',
    );
  if (from < last.effective_from) {
    throw new ValidationError(
      `'tax_code_effective_from' is ${from}, before the last change (${last.tax_code} from ${last.effective_from}); the history is not rewritten.`,
      'tax_code_effective_from',
    );
  }
  if (last.tax_code === taxCode) return [...history];
  const earlier = from === last.effective_from ? history.slice(0, -1) : [...history];
  // Replacing the day's change may bring back the code in force before it: one entry, not two in a row.
  if (earlier.length > 0 && earlier[earlier.length - 1]!.tax_code === taxCode) return earlier;
  return [...earlier, { tax_code: taxCode, effective_from: from }];
}
