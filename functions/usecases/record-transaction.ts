/**
 * Use case: record a completed sale (POST /v1/transactions, and unify's `commit: true`).
 *
 *   parse -> same id stored? (same content: the stored record; other content: 409 transaction_exists)
 *   -> each line's tax: the caller's tax_amount, unify's precomputed tax, or the engine (one quote per distinct
 *      category + delivery; all lines share customer type, location and date)
 *   -> ONE TransactWriteItems: the sale's conditional put + ADD on its few exposure counters (<= 6 items)
 *
 * A lost race with a concurrent write of the same id fails the put's condition and is answered like a retry.
 */
import { ConflictError } from '../errors';
import { saleExposureDeltas } from '../exposure/deltas';
import { parseWith } from '../validation';
import {
  buildTransaction,
  checkBreakdown,
  lineTax,
  transactionFingerprint,
  transactionRequestSchema,
  type Jurisdiction,
  type LevelAmounts,
  type Transaction,
  type TransactionInput,
  type TransactionRequest,
} from '../records/transaction';
import { exposureStore } from '../store/exposure-store';
import { transactionStore } from '../store/transaction-store';
import { cancellationCodes, transactWrite } from '../store/transact';
import { saleRateQuoter } from './quote-tax-rate';

/** A line's tax as unify computed it with the same engine: the levels must add up to tax_amount. */
export interface PrecomputedLineTax {
  tax_amount: number;
  tax_breakdown: LevelAmounts;
}

/** What unify already knows, so recording does not ask the engine again. */
export interface PrecomputedTax {
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

async function existingOrConflict(accountId: string, id: string, fingerprint: string): Promise<RecordedTransaction | undefined> {
  const stored = await transactionStore.get(accountId, id);
  if (!stored) return undefined;
  if (stored.fingerprint !== fingerprint) throw transactionConflict(id);
  return { created: false, transaction: stored.transaction };
}

type LineTax = ReturnType<typeof lineTax>;

async function engineTaxes(accountId: string, request: TransactionRequest): Promise<{ jurisdiction: Jurisdiction; taxes: LineTax[] }> {
  // One read of seller and ZIP rates for the sale; the engine runs once per category + delivery.
  const quote = await saleRateQuoter(accountId, {
    customer_type: request.customer_type,
    location: request.location,
    date: request.date,
    ...(request.entity_id !== undefined ? { entity_id: request.entity_id } : {}),
  });
  const jurisdiction = quote(request.line_items[0]).result.jurisdiction;
  // The rate's ppm parts are the level rates (lineTax reads the levels, not `total`).
  const taxes = request.line_items.map((line) => lineTax(line.amount, quote(line).ppm, line.tax_amount, jurisdiction));
  return { jurisdiction, taxes };
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

  const earlier = await existingOrConflict(accountId, request.id, fingerprint);
  if (earlier) return earlier;

  const { jurisdiction, taxes } = precomputed
    ? { jurisdiction: precomputed.jurisdiction, taxes: precomputedTaxes(request, precomputed) }
    : await engineTaxes(accountId, request);
  const transaction = buildTransaction(request, jurisdiction, taxes, (options.now ?? new Date()).toISOString());

  try {
    const items = [transactionStore.putItem(accountId, transaction, fingerprint), ...exposureStore.addItems(accountId, saleExposureDeltas(transaction))];
    // transactWrite sends it again while a hot counter is held by another sale (docs/exposure.md).
    await transactWrite(items);
  } catch (error) {
    // The put's condition failed: the same id landed meanwhile (a concurrent retry). Nothing of ours was written.
    if (cancellationCodes(error)?.[0] === 'ConditionalCheckFailed') {
      const raced = await existingOrConflict(accountId, request.id, fingerprint);
      if (raced) return raced;
    }
    throw error;
  }
  return { created: true, transaction };
}
