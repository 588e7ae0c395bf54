/**
 * Domain (pure): amounts in minor units, references, quantities and a sale's lines (their count, totals and ids).
 */
import * as z from 'zod';
import { REFERENCE_PATTERN } from '../ids';
import { MAX_AMOUNT_MINOR, MAX_SALE_TOTAL_MINOR } from '../money/money';
import { requiredOr } from '../validation';

const amountMessage = 'must be a non-negative integer below 10^13 (minor units)';
/** An amount as an answer states it: integer minor units, whatever its sign (a response field, unbounded). */
export const minorUnitsField = z.number().int().meta({ description: 'Minor units of the currency (cents)' });

export const amountField = z
  .number({ error: requiredOr(amountMessage) })
  .int({ error: amountMessage })
  .min(0, { error: amountMessage })
  .lt(MAX_AMOUNT_MINOR, { error: amountMessage })
  .meta({ description: 'The line total in minor units of the currency (cents): price times quantity, net of tax unless the line is tax-inclusive' });

/** A refunded amount: at least one minor unit (a refund of nothing is no refund). */
const refundAmountMessage = 'must be a whole number of minor units from 1 to below 10^13';
export const refundAmountField = z
  .number({ error: requiredOr(refundAmountMessage) })
  .int({ error: refundAmountMessage })
  .min(1, { error: refundAmountMessage })
  .lt(MAX_AMOUNT_MINOR, { error: refundAmountMessage })
  .meta({ description: "The amount refunded on this line, in minor units; at most what is left of the line's amount" });

/** A caller's reference: also a path segment, so URL-safe, and never `#` (the stores' key separator). */
export const referenceField = z
  .string({ error: requiredOr('must be a string') })
  .regex(REFERENCE_PATTERN, { error: "must be 1-128 characters of A-Z, a-z, 0-9 and . _ : ~ - (not '.' or '..' alone)" })
  .meta({ description: 'Your own reference (an order or line number): 1-128 characters of A-Z, a-z, 0-9 and . _ : ~ -; unique within its sale or account' });

const quantityMessage = 'must be a whole number from 1 to 10^9';
export const quantityField = z
  .number({ error: requiredOr(quantityMessage) })
  .int({ error: quantityMessage })
  .min(1, { error: quantityMessage })
  .max(1_000_000_000, { error: quantityMessage })
  .meta({ description: 'How many units the line holds (default 1); `amount` is the total for all of them' });

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
