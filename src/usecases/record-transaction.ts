/**
 * Use case: record a completed sale (POST /v1/transactions, and unify's `commit: true`).
 *
 *   parse -> same id stored? (same content: the stored record; other content: 409 transaction_exists)
 *   -> who the customer is taxed as (customerTreatment, as rate and unify decide it; unify passes its own)
 *   -> each line's tax: the caller's tax_amount, unify's precomputed tax, or the engine (one quote per distinct
 *      category + delivery; all lines share the applied customer type, location and date)
 *   -> the sale ledger writes the sale and its few exposure counters at once
 *
 * A lost race with a concurrent write of the same id (`exists`) is answered like a retry.
 */
import { AppError, ConflictError } from '../domain/errors';
import { saleExposureDeltas } from '../domain/exposure/deltas';
import type { LevelAmounts } from '../domain/money/levels';
import type { CustomerTreatment } from '../domain/tax/customer-treatment';
import type { Jurisdiction } from '../domain/tax/rate-types';
import { transactionFingerprint } from '../domain/transactions/fingerprint';
import { buildTransaction, checkBreakdown, lineTax, type LineTax, type Transaction } from '../domain/transactions/sale';
import { transactionRequestSchema, type TransactionInput, type TransactionRequest } from '../domain/transactions/schema';
import { parseWith } from '../domain/validation';
import type { Ports } from '../ports/ports';
import { customerSaleQuoter, type QuoteDeps } from './quote-tax-rate';

export type RecordTransactionDeps = QuoteDeps & Pick<Ports, 'sales'>;

/** A line's tax as unify computed it with the same engine: the levels must add up to tax_amount. */
export interface PrecomputedLineTax {
  tax_amount: number;
  tax_breakdown: LevelAmounts;
}

/** What unify already knows, so recording does not ask the engine again. */
export interface PrecomputedTax {
  /** Who unify taxed the customer as (it may be exempt, which a transaction request cannot say). */
  customer: CustomerTreatment;
  /** The rate result's jurisdiction (shared by every line: one location per sale). */
  jurisdiction: Jurisdiction;
  /** By line id; every line of the request must be present. */
  lines: Readonly<Record<string, PrecomputedLineTax>>;
}

export interface RecordTransactionOptions {
  precomputed?: PrecomputedTax;
  now?: Date;
}

export interface RecordedTransaction {
  /** false: the same id with the same content was already recorded (a safe retry); nothing was written. */
  created: boolean;
  transaction: Transaction;
}

const transactionConflict = (id: string) =>
  new ConflictError('transaction_exists', `A transaction with id '${id}' was already recorded with different content. Use a new id for a new sale.`);

async function existingOrConflict(deps: RecordTransactionDeps, accountId: string, id: string, fingerprint: string): Promise<RecordedTransaction | undefined> {
  const stored = await deps.sales.get(accountId, id);
  if (!stored) return undefined;
  if (stored.fingerprint !== fingerprint) throw transactionConflict(id);
  return { created: false, transaction: stored.transaction };
}

async function engineTaxes(
  deps: RecordTransactionDeps,
  accountId: string,
  request: TransactionRequest,
): Promise<{ customer: CustomerTreatment; jurisdiction: Jurisdiction; taxes: LineTax[] }> {
  // The customer is decided as in POST /v1/tax/rate and unify (customerTreatment: B2B needs a tax ID that proves
  // it); one read of seller and ZIP rates for the sale; the engine runs once per category + delivery.
  const { customer, quote } = await customerSaleQuoter(
    deps,
    accountId,
    {
      ...(request.government_level !== undefined ? { government_level: request.government_level } : {}),
      location: request.location,
      date: request.date,
      ...(request.entity_id !== undefined ? { entity_id: request.entity_id } : {}),
    },
    { type: request.customer_type, tax_id: request.customer_tax_id },
  );
  const jurisdiction = quote(request.line_items[0]).result.jurisdiction;
  const taxes = request.line_items.map((line) => lineTax(line.amount, quote(line).ppm, line.tax_amount, jurisdiction));
  return { customer, jurisdiction, taxes };
}

function precomputedTaxes(request: TransactionRequest, precomputed: PrecomputedTax): LineTax[] {
  return request.line_items.map((line) => {
    const given = precomputed.lines[line.id];
    if (!given) throw new RangeError(`precomputed tax is missing line ${line.id}`);
    checkBreakdown(line.id, given.tax_amount, given.tax_breakdown);
    return { tax_amount: given.tax_amount, tax_source: 'computed' as const, tax_breakdown: { ...given.tax_breakdown } };
  });
}

export async function recordTransaction(
  deps: RecordTransactionDeps,
  accountId: string,
  input: TransactionInput,
  options: RecordTransactionOptions = {},
): Promise<RecordedTransaction> {
  const parsed = parseWith(transactionRequestSchema, input);
  const { precomputed } = options;
  // Unify's tax becomes part of the recorded content, so a retried commit compares like a retried sale.
  const request: TransactionRequest = precomputed
    ? { ...parsed, line_items: parsed.line_items.map((l) => ({ ...l, tax_amount: precomputed.lines[l.id]?.tax_amount ?? l.tax_amount })) }
    : parsed;
  const fingerprint = transactionFingerprint(request);

  const earlier = await existingOrConflict(deps, accountId, request.id, fingerprint);
  if (earlier) return earlier;

  const { customer, jurisdiction, taxes } = precomputed
    ? { customer: precomputed.customer, jurisdiction: precomputed.jurisdiction, taxes: precomputedTaxes(request, precomputed) }
    : await engineTaxes(deps, accountId, request);
  const transaction = buildTransaction(request, customer, jurisdiction, taxes, (options.now ?? new Date()).toISOString());

  const outcome = await deps.sales.record(accountId, transaction, fingerprint, saleExposureDeltas(transaction));
  if (outcome === 'counter_limit') {
    throw new AppError(422, 'exposure_limit_exceeded', `Recording sale '${request.id}' would take the account's exposure totals past 2^53 - 1 minor units, the most Levy keeps exactly.`);
  }
  if (outcome === 'exists') {
    // The same id landed meanwhile (a concurrent retry): answer as a retry, or 409 for other content.
    const raced = await existingOrConflict(deps, accountId, request.id, fingerprint);
    if (raced) return raced;
    throw new Error(`transaction ${request.id} was reported as existing but cannot be read`);
  }
  return { created: true, transaction };
}
