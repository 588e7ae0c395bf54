/**
 * Domain (pure): recorded sales and their refunds (issue 4; the spec names the area, the shape is ours,
 * see docs/exposure.md).
 *
 * - Schemas of POST /v1/transactions and POST /v1/transactions/{id}/refunds (strict: unknown fields are 400).
 * - The line computation: per-level rates in ppm -> the line's tax, half-up, split over the levels so the level
 *   amounts always add up to the line's tax (largest remainder, see splitByWeights).
 * - Refund allocation: a refund's tax is the line's tax in proportion, half-up; the last refund of a line takes
 *   exactly what is left, so a fully refunded sale nets to zero.
 * - The canonical content of a request, for the safe-retry rule (same id + same content -> the stored record).
 */
import { createHash } from 'node:crypto';
import currencyCodes from 'currency-codes';
import { z } from 'zod';
import { ValidationError } from '../errors';
import { requiredOr } from '../validation';
import { customerTaxIdField, entityIdField, listQuerySchema, periodInOrder, periodOrderError } from './fields';
import { MAX_AMOUNT_MINOR, proportionalShare, taxForAmount } from '../tax/money';
import type { Jurisdiction } from '../tax/rate-engine';
import {
  checkCategoryDelivery,
  customerTypeSchema,
  deliveryMethodSchema,
  isoDateSchema,
  locationSchema,
  productCategorySchema,
  type CustomerType,
  type DeliveryMethod,
  type LocationInput,
  type ProductCategory,
} from '../tax/rate-request';

export const MAX_LINE_ITEMS = 1000;

/** The levels of a rate result (`<level>_rate`), from the widest to the narrowest. */
export const taxLevels = ['country', 'state', 'county', 'additional', 'special'] as const;
export type TaxLevel = (typeof taxLevels)[number];
/** Integer amounts (minor units) or integer rates (ppm) per level. */
export type LevelAmounts = Record<TaxLevel, number>;

export const zeroLevels = (): LevelAmounts => levelAmounts(() => 0);

/** An amount (or rate) per level, from a function of the level. */
export const levelAmounts = (of: (level: TaxLevel) => number): LevelAmounts =>
  Object.fromEntries(taxLevels.map((level) => [level, of(level)])) as LevelAmounts;

/** Where a sale is taxed, as the rate engine names it (the rate result's `jurisdiction`). */
export type { Jurisdiction };

// ---------------------------------------------------------------------------------------------------------------
// Fields

const amountMessage = 'must be a non-negative integer below 10^13 (minor units)';
export const amountField = z
  .number({ error: requiredOr(amountMessage) })
  .int({ error: amountMessage })
  .min(0, { error: amountMessage })
  .lt(MAX_AMOUNT_MINOR, { error: amountMessage });

/** ISO 4217 codes of real currencies (the package's list without metals, bond units, XTS and XXX). */
const currencySet: ReadonlySet<string> = new Set(
  currencyCodes.data.filter((c) => !c.countries.every((country) => country.startsWith('Zz'))).map((c) => c.code),
);
export const isCurrencyCode = (code: string): boolean => currencySet.has(code);

export const currencyField = z
  .string({ error: requiredOr('must be an ISO 4217 code such as "EUR"') })
  .trim()
  .transform((s) => s.toUpperCase())
  .refine(isCurrencyCode, { error: 'must be an ISO 4217 code such as "EUR" or "USD"' });

/** A caller's reference: also a path segment, so URL-safe, and never `#` (the stores' key separator). */
export const referenceField = z
  .string({ error: requiredOr('must be a string') })
  .regex(/^[A-Za-z0-9._:~-]{1,128}$/, { error: 'must be 1-128 characters of A-Z, a-z, 0-9 and . _ : ~ -' });

const quantityMessage = 'must be a whole number from 1 to 10^9';
export const quantityField = z
  .number({ error: quantityMessage })
  .int({ error: quantityMessage })
  .min(1, { error: quantityMessage })
  .max(1_000_000_000, { error: quantityMessage });


/**
 * Adds a 400 for every line id used twice, naming the second occurrence; with `defaultId`, a line without an id
 * counts as its 1-based position (the default it gets). Shared with unify's cart lines.
 */
/** A sale's or cart's lines: 1 to MAX_LINE_ITEMS of `line`. */
export const lineItemsField = <Line extends z.ZodType>(line: Line) =>
  z
    .array(line, { error: requiredOr('must be an array of line items') })
    .min(1, { error: 'must hold at least one line' })
    .max(MAX_LINE_ITEMS, { error: `must hold at most ${MAX_LINE_ITEMS} lines` });

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
// Requests

export const transactionLineSchema = z
  .strictObject({
    id: referenceField.optional(),
    amount: amountField,
    quantity: quantityField.default(1),
    product_category: productCategorySchema,
    delivery_method: deliveryMethodSchema,
    /** The tax the seller already charged on this line; absent: Levy computes it. */
    tax_amount: amountField.optional(),
  })
  .superRefine(checkCategoryDelivery)
  .superRefine((line, ctx) => {
    if (line.amount === 0 && line.tax_amount !== undefined && line.tax_amount > 0) {
      ctx.addIssue({ code: 'custom', path: ['tax_amount'], message: 'must be 0 on a line whose amount is 0' });
    }
  });

export const transactionRequestSchema = z
  .strictObject({
    id: referenceField,
    date: isoDateSchema,
    currency: currencyField,
    customer_type: customerTypeSchema,
    customer_tax_id: customerTaxIdField.optional(),
    entity_id: entityIdField.optional(),
    location: locationSchema,
    line_items: lineItemsField(transactionLineSchema),
  })
  .superRefine((txn, ctx) => checkUniqueLineIds(txn.line_items, ctx))
  .transform((txn) => ({
    ...txn,
    line_items: txn.line_items.map((line, index) => ({ ...line, id: line.id ?? String(index + 1) })),
  }));

export type TransactionInput = z.input<typeof transactionRequestSchema>;
export type TransactionRequest = z.output<typeof transactionRequestSchema>;

const refundAmountMessage = 'must be a whole number of minor units from 1 to below 10^13';
export const refundRequestSchema = z
  .strictObject({
    id: referenceField,
    date: isoDateSchema,
    /** Absent: refund everything left on every line. */
    line_items: z
      .array(
        z.strictObject({
          id: referenceField,
          amount: z
            .number({ error: requiredOr(refundAmountMessage) })
            .int({ error: refundAmountMessage })
            .min(1, { error: refundAmountMessage })
            .lt(MAX_AMOUNT_MINOR, { error: refundAmountMessage }),
        }),
        { error: 'must be an array of {id, amount}' },
      )
      .min(1, { error: 'must hold at least one line (omit it to refund everything left)' })
      .max(MAX_LINE_ITEMS, { error: `must hold at most ${MAX_LINE_ITEMS} lines` })
      .optional(),
  })
  .superRefine((refund, ctx) => checkUniqueLineIds(refund.line_items ?? [], ctx, false));

export type RefundRequest = z.output<typeof refundRequestSchema>;

// ---------------------------------------------------------------------------------------------------------------
// Records

export interface TransactionLine {
  id: string;
  amount: number;
  quantity: number;
  product_category: ProductCategory;
  delivery_method: DeliveryMethod;
  tax_amount: number;
  /** `provided`: the caller's tax_amount; `computed`: Levy's engine (or unify, which uses the same engine). */
  tax_source: 'computed' | 'provided';
  /** The line's tax by jurisdiction level; the levels add up to tax_amount exactly. */
  tax_breakdown: LevelAmounts;
}

export interface Transaction {
  id: string;
  date: string;
  currency: string;
  customer_type: CustomerType;
  customer_tax_id?: string;
  entity_id?: string;
  location: LocationInput;
  jurisdiction: Jurisdiction;
  line_items: TransactionLine[];
  subtotal: number;
  tax_total: number;
  total: number;
  created_at: string;
}

export interface RefundLine {
  id: string;
  amount: number;
  tax_amount: number;
}

export interface Refund {
  id: string;
  transaction_id: string;
  date: string;
  currency: string;
  line_items: RefundLine[];
  subtotal: number;
  tax_total: number;
  total: number;
  created_at: string;
}

/** What has been refunded so far, per line id (lines never refunded are absent). */
export type RefundedSoFar = Record<string, { amount: number; tax_amount: number }>;

// ---------------------------------------------------------------------------------------------------------------
// Line computation

const sumLevels = (levels: LevelAmounts): number => taxLevels.reduce((sum, level) => sum + levels[level], 0);

/**
 * Splits `total` minor units over the levels in proportion of `weights` (largest remainder): each level gets
 * floor(total x weight / sum); the few units left (fewer than the number of levels) go one each to the levels with
 * the largest remainders, ties to the larger weight, then to the wider level. The parts are non-negative integers
 * that add up to `total` exactly. All weights 0: everything on `fallback`.
 */
export function splitByWeights(total: number, weights: LevelAmounts, fallback: TaxLevel = 'country'): LevelAmounts {
  const result = zeroLevels();
  const whole = BigInt(sumLevels(weights));
  if (whole === 0n) {
    result[fallback] = total;
    return result;
  }
  const remainders: { level: TaxLevel; remainder: bigint; weight: number; order: number }[] = [];
  let assigned = 0;
  taxLevels.forEach((level, order) => {
    const numerator = BigInt(total) * BigInt(weights[level]);
    result[level] = Number(numerator / whole);
    assigned += result[level];
    remainders.push({ level, remainder: numerator % whole, weight: weights[level], order });
  });
  remainders.sort((a, b) => (a.remainder === b.remainder ? b.weight - a.weight || a.order - b.order : a.remainder > b.remainder ? -1 : 1));
  for (let i = 0; assigned < total; i++, assigned++) result[remainders[i].level] += 1;
  return result;
}

/**
 * One line's tax. Computed: tax = amount x (sum of the level rates), half-up, then split over the levels in
 * proportion of their rates. Provided by the caller: the given tax is split the same way; where the engine's rates
 * are all 0 (not taxable in its view), it goes to the state level when the sale is in a known state, else the country.
 */
export function lineTax(
  amount: number,
  ratesPpm: LevelAmounts,
  providedTax: number | undefined,
  jurisdiction: Jurisdiction,
): Pick<TransactionLine, 'tax_amount' | 'tax_source' | 'tax_breakdown'> {
  const fallback: TaxLevel = jurisdiction.state && jurisdiction.state_name ? 'state' : 'country';
  if (providedTax !== undefined) {
    return { tax_amount: providedTax, tax_source: 'provided', tax_breakdown: splitByWeights(providedTax, ratesPpm, fallback) };
  }
  const tax = taxForAmount(amount, sumLevels(ratesPpm));
  return { tax_amount: tax, tax_source: 'computed', tax_breakdown: splitByWeights(tax, ratesPpm, fallback) };
}

/** Checks a precomputed line (unify's commit): non-negative integer levels that add up to its tax. */
export function checkBreakdown(lineId: string, taxAmount: number, breakdown: LevelAmounts): void {
  const ok = taxLevels.every((l) => Number.isSafeInteger(breakdown[l]) && breakdown[l] >= 0) && sumLevels(breakdown) === taxAmount;
  if (!ok) throw new RangeError(`line ${lineId}: tax_breakdown must be non-negative integers adding up to tax_amount ${taxAmount}`);
}

/** Assembles the stored transaction from the request and each line's tax. */
export function buildTransaction(
  request: TransactionRequest,
  jurisdiction: Jurisdiction,
  taxes: readonly Pick<TransactionLine, 'tax_amount' | 'tax_source' | 'tax_breakdown'>[],
  createdAt: string,
): Transaction {
  const line_items: TransactionLine[] = request.line_items.map((line, index) => ({
    id: line.id,
    amount: line.amount,
    quantity: line.quantity,
    product_category: line.product_category,
    delivery_method: line.delivery_method,
    ...taxes[index],
  }));
  const subtotal = line_items.reduce((sum, l) => sum + l.amount, 0);
  const tax_total = line_items.reduce((sum, l) => sum + l.tax_amount, 0);
  return {
    id: request.id,
    date: request.date,
    currency: request.currency,
    customer_type: request.customer_type,
    ...(request.customer_tax_id !== undefined ? { customer_tax_id: request.customer_tax_id } : {}),
    ...(request.entity_id !== undefined ? { entity_id: request.entity_id } : {}),
    location: request.location,
    jurisdiction,
    line_items,
    subtotal,
    tax_total,
    total: subtotal + tax_total,
    created_at: createdAt,
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Refunds

/**
 * Allocates a refund over the transaction's lines given what was refunded before. Throws ValidationError (400) for
 * an unknown line id, an amount above what is left on a line, a date before the sale, or nothing left to refund.
 */
export function allocateRefund(
  transaction: Transaction,
  refundedSoFar: RefundedSoFar,
  request: RefundRequest,
  createdAt: string,
): { refund: Refund; refunded: RefundedSoFar } {
  if (request.date < transaction.date) {
    throw new ValidationError(`'date' ${request.date} is before the sale's date ${transaction.date}.`, 'date');
  }
  const lines = new Map(transaction.line_items.map((l) => [l.id, l]));
  const left = (line: TransactionLine) => {
    const done = refundedSoFar[line.id] ?? { amount: 0, tax_amount: 0 };
    return { amount: line.amount - done.amount, tax_amount: line.tax_amount - done.tax_amount, done };
  };
  const wanted: { line: TransactionLine; amount: number }[] = request.line_items
    ? request.line_items.map((r, index) => {
        const line = lines.get(r.id);
        if (!line) {
          throw new ValidationError(`'line_items[${index}].id': transaction '${transaction.id}' has no line '${r.id}'.`, `line_items[${index}].id`);
        }
        const remaining = left(line).amount;
        if (r.amount > remaining) {
          throw new ValidationError(
            `'line_items[${index}].amount' ${r.amount} is more than the ${remaining} left to refund on line '${r.id}'.`,
            `line_items[${index}].amount`,
          );
        }
        return { line, amount: r.amount };
      })
    : transaction.line_items.map((line) => ({ line, amount: left(line).amount })).filter((w) => w.amount > 0);
  if (wanted.length === 0) {
    throw new ValidationError(`Transaction '${transaction.id}' has nothing left to refund.`, 'line_items');
  }
  const refunded: RefundedSoFar = { ...refundedSoFar };
  const line_items: RefundLine[] = wanted.map(({ line, amount }) => {
    const { amount: amountLeft, tax_amount: taxLeft, done } = left(line);
    // The last refund of a line takes exactly what is left; earlier ones their share, never more than is left.
    const tax = amount === amountLeft ? taxLeft : Math.min(taxLeft, proportionalShare(line.tax_amount, amount, line.amount));
    refunded[line.id] = { amount: done.amount + amount, tax_amount: done.tax_amount + tax };
    return { id: line.id, amount, tax_amount: tax };
  });
  const subtotal = line_items.reduce((sum, l) => sum + l.amount, 0);
  const tax_total = line_items.reduce((sum, l) => sum + l.tax_amount, 0);
  return {
    refund: {
      id: request.id,
      transaction_id: transaction.id,
      date: request.date,
      currency: transaction.currency,
      line_items,
      subtotal,
      tax_total,
      total: subtotal + tax_total,
      created_at: createdAt,
    },
    refunded,
  };
}

/** GET /v1/transactions/{id}: the sale, its refunds, and per line what was refunded and what is left. */
export function transactionWithRefunds(transaction: Transaction, refunds: readonly Refund[], refundedSoFar: RefundedSoFar) {
  const line_items = transaction.line_items.map((line) => {
    const done = refundedSoFar[line.id] ?? { amount: 0, tax_amount: 0 };
    return {
      ...line,
      refunded_amount: done.amount,
      refunded_tax_amount: done.tax_amount,
      remaining_amount: line.amount - done.amount,
      remaining_tax_amount: line.tax_amount - done.tax_amount,
    };
  });
  const refunded_subtotal = refunds.reduce((sum, r) => sum + r.subtotal, 0);
  const refunded_tax_total = refunds.reduce((sum, r) => sum + r.tax_total, 0);
  return {
    ...transaction,
    line_items,
    refunds: [...refunds].sort((a, b) => a.created_at.localeCompare(b.created_at) || a.id.localeCompare(b.id)),
    refunded_subtotal,
    refunded_tax_total,
    remaining_total: transaction.total - refunded_subtotal - refunded_tax_total,
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Safe retry

/** JSON with object keys sorted at every depth, so equal content gives equal text whatever the key order. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * The content of a sale request as compared on a retry: the parsed request (defaults applied: line ids, quantity;
 * currency and location codes upper-cased), so `"quantity": 1` and no quantity are the same content.
 */
export function transactionFingerprint(request: TransactionRequest): string {
  const { location } = request;
  return sha256(
    canonicalJson({
      ...request,
      location: { ...location, country: location.country?.toUpperCase(), state: location.state?.toUpperCase() },
    }),
  );
}

/** A refund request's content: its lines in id order (their order carries no meaning). */
export function refundFingerprint(request: RefundRequest): string {
  const line_items = request.line_items ? [...request.line_items].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)) : null;
  return sha256(canonicalJson({ id: request.id, date: request.date, line_items }));
}

// ---------------------------------------------------------------------------------------------------------------
// Listing

const listDate = z.iso.date({ error: 'must be a calendar date in the form YYYY-MM-DD' });

/** GET /v1/transactions: the list query of every route plus a sale-date range (YYYY-MM-DD, inclusive). */
export const transactionListQuerySchema = z
  .strictObject({ ...listQuerySchema.shape, from: listDate.optional(), to: listDate.optional() })
  .refine(periodInOrder, periodOrderError);
