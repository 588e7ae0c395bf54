/**
 * Domain (pure): refunds of a recorded sale. A refund's tax is the line's tax in proportion, half-up; the last refund
 * of a line takes exactly what is left, so a fully refunded sale nets to zero.
 */
import { ConflictError, ValidationError } from '../errors';
import { proportionalShare } from '../money/money';
import { fieldError } from '../validation';
import type { Transaction, TransactionLine } from './sale';
import type { RefundRequest } from './schema';

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

/**
 * The most lines a sale's refunds hold together (each refund counts the lines it names). GET /v1/transactions/{id}
 * answers the sale with every refund, so this bounds that answer under Lambda's 6 MB: 5,000 one-line refunds of the
 * longest ids and a sale of the longest lines answer about 4.5 MB (docs/exposure.md, "Refunds").
 */
export const MAX_REFUND_LINES_PER_SALE = 5_000;

/** A sale's refunds so far: per line what they took, and how many lines they hold together. */
export interface RefundProgress {
  refunded: RefundedSoFar;
  refundLines: number;
}

/** Throws 409 `too_many_refunds` when `refund` would take the sale's refunds past MAX_REFUND_LINES_PER_SALE lines. */
export function checkRefundLines(transactionId: string, linesBefore: number, refund: Pick<Refund, 'line_items'>): void {
  if (linesBefore + refund.line_items.length <= MAX_REFUND_LINES_PER_SALE) return;
  throw new ConflictError(
    'too_many_refunds',
    `Transaction '${transactionId}' has refunds of ${linesBefore} lines; this refund's ${refund.line_items.length} would take them past the ` +
      `${MAX_REFUND_LINES_PER_SALE} lines Levy keeps per sale. Refund what is left in fewer lines (without line_items a refund takes every line's rest).`,
  );
}

/**
 * Allocates a refund over the transaction's lines given what was refunded before. Throws ValidationError (400) for
 * an unknown line id, an amount above what is left on a line, a date before the sale, or nothing left to refund.
 */
/**
 * What one refund of `refunded` takes of a line's `share` (its untaxed amount), `before` having been refunded
 * already: the share of all refunded so far, half-up, less what earlier refunds took, so the line's last refund takes
 * exactly what is left (the exposure and the nexus counters take it alike).
 */
export function refundedShare(share: number, lineAmount: number, before: number, refunded: number): number {
  return proportionalShare(share, before + refunded, lineAmount) - proportionalShare(share, before, lineAmount);
}

export function allocateRefund(
  transaction: Transaction,
  refundedSoFar: RefundedSoFar,
  request: RefundRequest,
  createdAt: string,
): { refund: Refund; refunded: RefundedSoFar } {
  if (request.date < transaction.date) {
    throw fieldError('date', `is ${request.date}, before the sale's date ${transaction.date}`);
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
          throw fieldError(`line_items[${index}].id`, `is '${r.id}', but transaction '${transaction.id}' has no such line`);
        }
        const remaining = left(line).amount;
        if (r.amount > remaining) {
          throw fieldError(`line_items[${index}].amount`, `${r.amount} is more than the ${remaining} left to refund on line '${r.id}'`);
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
