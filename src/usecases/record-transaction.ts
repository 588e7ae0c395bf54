/**
 * Use case: record a completed sale (POST /v1/transactions, and unify's `commit: true`).
 *
 *   parse -> same id stored? (same content: the stored record; other content: 409 transaction_exists)
 *   -> who the customer is taxed as (customerTreatment, as rate and unify decide it; unify passes its own)
 *   -> each line's tax: the caller's tax_amount, unify's precomputed tax, or the engine (one quote per distinct
 *      product + delivery; all lines share the applied customer type, location and date), on the share of the
 *      line a certificate leaves taxable; each line keeps its code, reason and certificate (a snapshot)
 *   -> the sale ledger writes the sale, its few exposure and nexus counters and, with customer_id, the customer's
 *      transaction count at once
 *
 * A lost race with a concurrent write of the same id is answered like a retry (the ledger tells the same sale from
 * another by the fingerprint stored with it).
 *
 *   -> then (created or retried) the seller's nexus report calls for nexus.approaching / .crossed events, each
 *      written once (nexus-events.ts). It runs after the sale's transaction, reading the counters it ADDed; should it
 *      fail, the sale stays recorded and a retry of the same request (a safe 200) runs it again.
 */
import { AppError, ConflictError } from '../domain/errors';
import { saleExposureDeltas } from '../domain/exposure/deltas';
import { saleNexusDeltas } from '../domain/nexus/counters';
import type { LevelAmounts } from '../domain/money/levels';
import type { CustomerTreatment } from '../domain/tax/customer-treatment';
import type { Jurisdiction } from '../domain/tax/rate-types';
import { transactionFingerprint } from '../domain/transactions/fingerprint';
import { splitByExemptPercentage } from '../domain/money/money';
import { taxedShares } from '../domain/sales/line-taxability';
import { buildTransaction, checkBreakdown, lineTax, type LineFacts, type LineTax, type SaleParties, type Transaction } from '../domain/transactions/sale';
import { transactionRequestSchema, type TransactionInput, type TransactionRequest } from '../domain/transactions/schema';
import { fieldError, parseWith } from '../domain/validation';
import type { Ports } from '../ports/ports';
import { raiseNexusEvents, type NexusEventDeps } from './nexus-events';
import { quoteSale, type QuoteDeps } from './quote-tax-rate';

/**
 * `nexusWatch`: the nexus report's reads and the nexus event log, so that recording a sale raises its nexus events.
 * Every route that records sales passes it (transactions-create, tax-unify); in-memory unit tests of the tax leave it out.
 */
export type RecordTransactionDeps = QuoteDeps & Pick<Ports, 'sales'> & { nexusWatch?: NexusEventDeps };

/** A line's tax as unify computed it with the same engine: the levels must add up to tax_amount. */
export interface PrecomputedLineTax {
  tax_amount: number;
  tax_breakdown: LevelAmounts;
  /** What unify decided for the line: its code, reason, certificate and taxed shares. */
  facts: LineFacts;
}

/** What unify already knows, so recording does not ask the engine (or the stores) again. */
export interface PrecomputedTax {
  /** Who unify taxed the customer as (it may be exempt, which a transaction request cannot say). */
  customer: CustomerTreatment;
  /** The customer type and location unify applied (the stored customer's where the request left them out). */
  parties: SaleParties;
  /** The rate result's jurisdiction (shared by every line: one location per sale). */
  jurisdiction: Jurisdiction;
  /** The selling entity unify rated the cart for (the nexus counters are kept per entity). */
  seller_id: string;
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

interface DecidedSale {
  seller_id: string;
  customer: CustomerTreatment;
  parties: SaleParties;
  jurisdiction: Jurisdiction;
  facts: LineFacts[];
  taxes: LineTax[];
}

async function engineTaxes(deps: QuoteDeps, accountId: string, request: TransactionRequest): Promise<DecidedSale> {
  // The customer is decided as in POST /v1/tax/rate and unify (customerTreatment: B2B needs a tax ID that proves
  // it; a stored customer's type, address, tax IDs and certificates apply where the request is silent); one read of
  // seller and ZIP rates for the sale; the engine runs once per product + delivery.
  const quote = await quoteSale(
    deps,
    accountId,
    {
      customer_id: request.customer_id,
      customer_type: request.customer_type,
      customer_tax_id: request.customer_tax_id,
      government_level: request.government_level,
      location: request.location,
      date: request.date,
      entity_id: request.entity_id,
      collection: 'apply',
    },
    request.line_items,
    (index) => `line_items[${index}]`,
  );
  const rated = request.line_items.map((_, index) => quote.line(index));
  const jurisdiction = rated[0]!.rate.result.jurisdiction;
  const taxes: LineTax[] = [];
  const facts: LineFacts[] = [];
  request.line_items.forEach((line, index) => {
    const { rate, product_category, delivery_method, taxability, exemptPercentage } = rated[index]!;
    // A certificate exempts its share of the amount; the tax is computed on the rest (exact: splitByExemptPercentage).
    // Which share is taxable is Levy's decision even when the seller states the tax: a sale the law taxes stays a
    // taxable sale in the records and the exposure report whatever tax was collected (tax_source says whose tax it is).
    const shares = taxedShares(line.amount, exemptPercentage, rate.totalPpm > 0);
    taxes.push(lineTax(splitByExemptPercentage(line.amount, exemptPercentage).taxable, rate.ppm, line.tax_amount, jurisdiction));
    facts.push({ product_category, delivery_method, taxability, ...shares });
  });
  const parties: SaleParties = quote.parties;
  return { seller_id: quote.seller_id, customer: quote.customer, parties, jurisdiction, facts, taxes };
}

function precomputedSale(request: TransactionRequest, precomputed: PrecomputedTax): DecidedSale {
  const lines = request.line_items.map((line) => {
    const given = precomputed.lines[line.id];
    if (!given) throw new RangeError(`precomputed tax is missing line ${line.id}`);
    checkBreakdown(line.id, given.tax_amount, given.tax_breakdown);
    return given;
  });
  return {
    seller_id: precomputed.seller_id,
    customer: precomputed.customer,
    parties: precomputed.parties,
    jurisdiction: precomputed.jurisdiction,
    facts: lines.map((given) => given.facts),
    taxes: lines.map((given) => ({ tax_amount: given.tax_amount, tax_source: 'computed' as const, tax_breakdown: { ...given.tax_breakdown } })),
  };
}

/**
 * A sale as recording would store it, decided by the engine, without reading or writing the ledger: the nexus
 * simulation (POST /v1/nexus/simulate) counts hypothetical sales exactly as recorded ones.
 * `request` is parsed already (the simulation parses it once, naming its place in the simulation's request).
 */
export async function decideTransaction(deps: QuoteDeps, accountId: string, request: TransactionRequest, now = new Date()): Promise<{ transaction: Transaction; seller_id: string }> {
  const { seller_id, customer, parties, jurisdiction, facts, taxes } = await engineTaxes(deps, accountId, request);
  return { transaction: buildTransaction(request, parties, customer, jurisdiction, facts, taxes, now.toISOString()), seller_id };
}

export async function recordTransaction(
  deps: RecordTransactionDeps,
  accountId: string,
  input: TransactionInput,
  options: RecordTransactionOptions = {},
): Promise<RecordedTransaction> {
  const recorded = await recordSale(deps, accountId, input, options);
  if (deps.nexusWatch) await raiseNexusEvents(deps.nexusWatch, accountId, recorded.transaction.entity_id, recorded.transaction.date, options.now);
  return recorded;
}

async function recordSale(deps: RecordTransactionDeps, accountId: string, input: TransactionInput, options: RecordTransactionOptions): Promise<RecordedTransaction> {
  const parsed = parseWith(transactionRequestSchema, input);
  const { precomputed } = options;
  // Unify's tax becomes part of the recorded content, so a retried commit compares like a retried sale.
  const request: TransactionRequest = precomputed
    ? { ...parsed, line_items: parsed.line_items.map((l) => ({ ...l, tax_amount: precomputed.lines[l.id]?.tax_amount ?? l.tax_amount })) }
    : parsed;
  const fingerprint = transactionFingerprint(request);

  const earlier = await existingOrConflict(deps, accountId, request.id, fingerprint);
  if (earlier) return earlier;

  const { seller_id, customer, parties, jurisdiction, facts, taxes } = precomputed ? precomputedSale(request, precomputed) : await engineTaxes(deps, accountId, request);
  const transaction = buildTransaction(request, parties, customer, jurisdiction, facts, taxes, (options.now ?? new Date()).toISOString());

  // The sale, its exposure counters and its nexus counters (per selling entity: docs/nexus.md) land together.
  const recorded = await deps.sales.record(accountId, transaction, fingerprint, saleExposureDeltas(transaction), saleNexusDeltas(transaction, seller_id));
  if (recorded.outcome === 'counter_limit') {
    throw new AppError(422, 'exposure_limit_exceeded', `Recording sale '${request.id}' would take the account's exposure totals past 2^53 - 1 minor units, the most Levy keeps exactly.`);
  }
  if (recorded.outcome === 'missing_customer') {
    throw fieldError('customer_id', `is '${parties.customer_id}', a customer that was deleted while the sale was being recorded; nothing was recorded`);
  }
  // Another request wrote the id meanwhile: other content is a 409; the same sale (a concurrent retry, or this write
  // sent again after its answer was lost) is answered as a retry, with the sale as stored.
  if (recorded.outcome === 'exists') throw transactionConflict(request.id);
  return { created: recorded.outcome === 'created', transaction: recorded.record };
}
