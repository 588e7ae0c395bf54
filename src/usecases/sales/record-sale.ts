/**
 * Use case: record a decided sale (POST /v1/transactions; unify's `commit: true`, which an invoice's finalization
 * and a checkout's completion go through; a Stripe import).
 *
 *   quoteSale (./quote-sale) decides the sale once: who the customer is taxed as, each line's code, reason,
 *   certificate and tax -> recordDecidedSale stores that DecidedSale as it is:
 *   same id stored? (same content: the stored record; other content: 409 transaction_exists)
 *   -> the sale ledger writes the sale, its few exposure and nexus counters and, with customer_id, the customer's
 *      transaction count at once
 *   -> then (created or retried) the nexus watch raises the seller's nexus.approaching / .crossed events, each written
 *      once. It runs after the sale's transaction, reading the counters it ADDed; should it fail, the sale stays
 *      recorded and a retry of the same request (a safe 200) runs it again.
 *
 * A lost race with a concurrent write of the same id is answered like a retry (the ledger tells the same sale from
 * another by the fingerprint stored with it).
 */
import { AppError, ConflictError } from '../../domain/errors';
import { saleExposureDeltas } from '../../domain/exposure/deltas';
import { saleNexusDeltas } from '../../domain/nexus/counters';
import { saleReturnDeltas } from '../../domain/returns/counters';
import { transactionFingerprint } from '../../domain/transactions/fingerprint';
import { buildTransaction, type Transaction } from '../../domain/transactions/sale';
import { transactionRequestSchema, type TransactionInput, type TransactionRequest } from '../../domain/transactions/schema';
import { fieldError, parseWith } from '../../domain/validation';
import type { Loader } from '../../ports/loader';
import type { NexusWatch } from '../../ports/nexus-watch';
import type { Ports } from '../../ports/ports';
import { quoteSale, type DecidedSale, type QuoteDeps, type SaleLine, type SaleRequest } from './quote-sale';

/** What recording a sale writes to: the ledger, and the nexus watch it wakes (loaded with the first sale recorded). */
export interface RecordSaleDeps extends Pick<Ports, 'sales'> {
  nexusWatch: Loader<NexusWatch>;
}

/** Quoting and recording (POST /v1/transactions, unify's commit, checkouts, invoices, Stripe imports). */
export type RecordTransactionDeps = QuoteDeps & RecordSaleDeps;

export interface RecordedTransaction {
  /** false: the same id with the same content was already recorded (a safe retry); nothing was written. */
  created: boolean;
  transaction: Transaction;
}

const transactionConflict = (id: string) =>
  new ConflictError('transaction_exists', `A transaction with id '${id}' was already recorded with different content. Use a new id for a new sale.`);

async function existingOrConflict(deps: Pick<Ports, 'sales'>, accountId: string, id: string, fingerprint: string): Promise<RecordedTransaction | undefined> {
  const stored = await deps.sales.get(accountId, id);
  if (!stored) return undefined;
  if (stored.fingerprint !== fingerprint) throw transactionConflict(id);
  return { created: false, transaction: stored.transaction };
}

/** A transaction request as the sale quoteSale decides (the customer, place, date, seller and lines it states). */
export const saleOfTransaction = (request: TransactionRequest): SaleRequest<SaleLine> => ({
  customer_id: request.customer_id,
  customer_type: request.customer_type,
  customer_tax_id: request.customer_tax_id,
  government_level: request.government_level,
  location: request.location,
  date: request.date,
  entity_id: request.entity_id,
  collection: 'apply',
  line_items: request.line_items,
});

/** The sale as recording stores it, from the request (ids, amounts, what it states) and the decided sale. */
function transactionOf(request: TransactionRequest, decided: DecidedSale, now: Date): Transaction {
  const { parties, customer, jurisdiction, lines } = decided;
  return buildTransaction(
    request,
    parties,
    customer,
    jurisdiction,
    lines.map((line) => line.facts),
    lines.map((line) => line.tax),
    now.toISOString(),
    decided.notes,
  );
}

/**
 * A sale as recording would store it, decided by the engine, without reading or writing the ledger: the nexus
 * simulation (POST /v1/nexus/simulate) counts hypothetical sales exactly as recorded ones.
 * `request` is parsed already (the simulation parses it once, naming its place in the simulation's request).
 */
export async function decideTransaction(
  deps: QuoteDeps,
  accountId: string,
  request: TransactionRequest,
  now = new Date(),
): Promise<{ transaction: Transaction; seller_id: string }> {
  const decided = await quoteSale(deps, accountId, saleOfTransaction(request));
  return { transaction: transactionOf(request, decided, now), seller_id: decided.seller_id };
}

/**
 * Stores a decided sale as the transaction `request` names (its id, currency and lines; the line amounts are the
 * amounts recorded, net of tax): the figures are the decided sale's, never asked of the engine again. `request` is
 * the recorded content a retry is compared by.
 */
export async function recordDecidedSale(
  deps: RecordSaleDeps,
  accountId: string,
  decided: DecidedSale,
  request: TransactionRequest,
  now = new Date(),
): Promise<RecordedTransaction> {
  const fingerprint = transactionFingerprint(request);
  const recorded =
    (await existingOrConflict(deps, accountId, request.id, fingerprint)) ?? (await writeSale(deps, accountId, decided, request, fingerprint, now));
  await watchNexus(deps, accountId, recorded.transaction, now);
  return recorded;
}

/** POST /v1/transactions: the request parsed, a retry answered before anything is read, else quoted and recorded. */
export async function recordTransaction(
  deps: RecordTransactionDeps,
  accountId: string,
  input: TransactionInput,
  now = new Date(),
): Promise<RecordedTransaction> {
  const request = parseWith(transactionRequestSchema, input);
  const fingerprint = transactionFingerprint(request);
  let recorded = await existingOrConflict(deps, accountId, request.id, fingerprint);
  if (!recorded) {
    // The customer is decided as in POST /v1/tax/rate and unify (customerTreatment: B2B needs a tax ID that proves
    // it; a stored customer's type, address, tax IDs and certificates apply where the request is silent).
    const decided = await quoteSale(deps, accountId, saleOfTransaction(request));
    recorded = await writeSale(deps, accountId, decided, request, fingerprint, now);
  }
  await watchNexus(deps, accountId, recorded.transaction, now);
  return recorded;
}

async function watchNexus(deps: RecordSaleDeps, accountId: string, transaction: Transaction, now: Date): Promise<void> {
  await (await deps.nexusWatch.load()).saleRecorded(accountId, transaction.entity_id, transaction.date, now);
}

async function writeSale(
  deps: RecordSaleDeps,
  accountId: string,
  decided: DecidedSale,
  request: TransactionRequest,
  fingerprint: string,
  now: Date,
): Promise<RecordedTransaction> {
  const transaction = transactionOf(request, decided, now);
  // The sale, its exposure, nexus (per selling entity: docs/nexus.md) and return counters (docs/returns.md) land together.
  const recorded = await deps.sales.record(
    accountId,
    transaction,
    fingerprint,
    saleExposureDeltas(transaction),
    saleNexusDeltas(transaction, decided.seller_id),
    saleReturnDeltas(transaction),
  );
  if (recorded.outcome === 'counter_limit') {
    throw new AppError(
      422,
      'exposure_limit_exceeded',
      `Recording sale '${request.id}' would take the account's exposure totals past 2^53 - 1 minor units, the most Levy keeps exactly.`,
    );
  }
  if (recorded.outcome === 'missing_customer') {
    throw fieldError('customer_id', `is '${decided.parties.customer_id}', a customer that was deleted while the sale was being recorded; nothing was recorded`);
  }
  // Another request wrote the id meanwhile: other content is a 409; the same sale (a concurrent retry, or this write
  // sent again after its answer was lost) is answered as a retry, with the sale as stored.
  if (recorded.outcome === 'exists') throw transactionConflict(request.id);
  return { created: recorded.outcome === 'created', transaction: recorded.record };
}
