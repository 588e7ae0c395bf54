/**
 * Benchmark: building a quarterly return (POST /v1/returns' use case) of one California registration at 1,000 and at
 * 1,000,000 sales in the quarter (1-3 lines each, ZIP 90001: state, county, city and district levels; one in 50
 * refunded on the quarter's last day), in one run on one database; and the first page of its records
 * (GET /v1/returns/{id}/transactions). A return reads the period's return counters and the records recorded after its
 * cutoff, never the period's sales (docs/returns.md "Counters"), so its build should not grow with them.
 *
 *   node --expose-gc --import tsx bench/returns.ts      (BENCH_SALES=100000 for a shorter second size)
 *
 * Starts its own DynamoDB Local (in memory; BENCH_DATA_DIR=<dir> keeps it on disk). The sales are loaded with
 * BatchWriteItem, 16 batches of 25 in flight, as the very items the ledger writes: each sale and refund item, its
 * entry by recording time, and the return counters summed per chunk of 20,000 sales and ADDed once per counter (the
 * end state of 20,000 single transactions, without their conflicts on the same day's counters).
 */
import '../local/quiet-sdk-warning';
import { createAccount } from '../local/admin/accounts';
import { batchWriteMany } from '../src/adapters/dynamodb/batch';
import { documentClient } from '../src/adapters/dynamodb/client';
import { queryAll } from '../src/adapters/dynamodb/query';
import { DynamoDbReturnCounterStore } from '../src/adapters/dynamodb/return-counter-store';
import { DynamoDbTransactionStore } from '../src/adapters/dynamodb/transaction-store';
import { ports } from '../src/composition/all-ports';
import { rateTable } from '../local/rates/rates-import';
import { tableName } from '../src/config/environment';
import { DeltaSum, refundReturnDeltas, saleReturnDeltas } from '../src/domain/returns/counters';
import { customerTreatment } from '../src/domain/tax/customer-treatment';
import { allocateRefund } from '../src/domain/transactions/refund';
import { transactionFingerprint } from '../src/domain/transactions/fingerprint';
import { buildTransaction, lineTax } from '../src/domain/transactions/sale';
import { transactionRequestSchema } from '../src/domain/transactions/schema';
import { quoteTaxRateDetailed } from '../src/usecases/sales/quote-tax-rate';
import { cleanUp, load as runConcurrently, runBenchmark, startBenchDatabase, zipRowsByFile } from './support';

const LARGE = Number(process.env.BENCH_SALES ?? 1_000_000);
/** 100,000 between: a figure on the way, should the largest load not finish in the time at hand. */
const SIZES = [...new Set([1_000, Math.min(100_000, LARGE), LARGE])];
const REFUND_EVERY = 50;
const CHUNK = 20_000;

type Quote = Awaited<ReturnType<typeof quoteTaxRateDetailed>>;
interface Bench {
  accountId: string;
  registrationId: string;
  quote: Quote;
  transactions: DynamoDbTransactionStore;
  counters: DynamoDbReturnCounterStore;
  recordedAt: string;
}

/** Sale `i` as recording builds it: April to June 2026, 1-3 lines, collected under the registration. */
function benchSale(bench: Bench, i: number) {
  const month = ['04', '05', '06'][i % 3];
  const request = transactionRequestSchema.parse({
    id: `s${String(i).padStart(7, '0')}`,
    date: `2026-${month}-${String((i % 28) + 1).padStart(2, '0')}`,
    currency: 'USD',
    customer_type: 'B2C',
    location: { country: 'US', postal_code: '90001' },
    line_items: Array.from({ length: 1 + (i % 3) }, (_, j) => ({
      amount: 1_000 + ((i * 7919 + j * 104_729) % 99_000),
      product_category: 'PHYSICAL_GOODS',
      delivery_method: 'SHIPPED',
    })),
  });
  const { ppm, result } = bench.quote;
  const taxes = request.line_items.map((l) => lineTax(l.amount, ppm, undefined, result.jurisdiction));
  const facts = request.line_items.map((l) => ({
    product_category: l.product_category!,
    delivery_method: l.delivery_method!,
    taxability: { tax_code: 'levy_general_goods', taxability_reason: 'taxable' as const, registration_id: bench.registrationId },
    taxable_amount: l.amount,
    exempt_amount: 0,
  }));
  const customer = customerTreatment({ type: 'B2C' }, 'US', null);
  const sale = buildTransaction(request, { customer_type: 'B2C', location: request.location! }, customer, result.jurisdiction, facts, taxes, bench.recordedAt);
  return { request, sale };
}

/** Records [from, to): the ledger's items, the entries by recording time, the counters summed and ADDed once each. */
async function writeChunk(bench: Bench, from: number, to: number): Promise<void> {
  const { accountId, transactions, counters, recordedAt } = bench;
  const ledgerItems: Record<string, unknown>[] = [];
  const entries: Record<string, unknown>[] = [];
  const sum = new DeltaSum();
  for (let i = from; i < to; i++) {
    const { request, sale } = benchSale(bench, i);
    ledgerItems.push(transactions.putItem(accountId, sale, transactionFingerprint(request)).Put.Item);
    entries.push(counters.recordingItem(accountId, { kind: 'sale', transaction_id: sale.id, date: sale.date, recorded_at: recordedAt }).Put!.Item!);
    sum.add(saleReturnDeltas(sale));
    if (i % REFUND_EVERY === 0) {
      const { refund } = allocateRefund(sale, {}, { id: `r${i}`, date: '2026-06-30' } as never, recordedAt);
      ledgerItems.push(transactions.refundItems(accountId, refund, 'bench', { refunded: {}, refundLines: 0 }, 0)[0].Put.Item);
      const entry = { kind: 'refund' as const, transaction_id: sale.id, refund_id: refund.id, date: refund.date, recorded_at: recordedAt };
      entries.push(counters.recordingItem(accountId, entry).Put!.Item!);
      sum.add(refundReturnDeltas(refund, sale));
    }
  }
  const puts = (items: Record<string, unknown>[]) => items.map((Item) => ({ PutRequest: { Item } }));
  const t0 = performance.now();
  await batchWriteMany(tableName('Transactions'), puts(ledgerItems), 'the benchmark sales', { concurrency: 16 });
  const t1 = performance.now();
  await batchWriteMany(tableName('ReturnCounters'), puts(entries), 'the benchmark entries', { concurrency: 16 });
  const t2 = performance.now();
  const updates = counters.addItems(accountId, sum.list());
  await runConcurrently(updates.length, 16, (u) => documentClient().update(updates[u]!.Update as never));
  if (process.env.BENCH_VERBOSE)
    console.log(
      `  chunk: ledger ${(t1 - t0).toFixed(0)} ms, entries ${(t2 - t1).toFixed(0)} ms, ${updates.length} counters ${(performance.now() - t2).toFixed(0)} ms`,
    );
}

async function load(bench: Bench, from: number, to: number): Promise<void> {
  const started = performance.now();
  for (let chunk = from; chunk < to; chunk += CHUNK) {
    await writeChunk(bench, chunk, Math.min(to, chunk + CHUNK));
    if ((chunk / CHUNK) % 20 === 19)
      console.log(`  ... ${(chunk + CHUNK).toLocaleString('en-US')} sales, ${((performance.now() - started) / 1000).toFixed(0)} s`);
  }
  const seconds = (performance.now() - started) / 1000;
  const records = to - from + Math.ceil(to / REFUND_EVERY) - Math.ceil(from / REFUND_EVERY);
  console.log(
    `loaded ${(to - from).toLocaleString('en-US')} sales and their refunds (${records.toLocaleString('en-US')} records, ${(2 * records).toLocaleString('en-US')} items + counters) in ${seconds.toFixed(1)} s (${Math.round(records / seconds)} records/s)`,
  );
}

const heapNow = () => {
  (globalThis as { gc?: () => void }).gc?.();
  return process.memoryUsage().heapUsed;
};

/** One build of the quarter's return (create): its time, heap growth and figures; then removed (the next builds it again). */
async function buildOnce(bench: Bench) {
  const { returnDeps } = await import('../src/composition/returns');
  const { createReturn } = await import('../src/usecases/returns');
  const heapBefore = heapNow();
  const t0 = performance.now();
  const taxReturn = await createReturn(returnDeps, bench.accountId, {
    registration_id: bench.registrationId,
    period_start: '2026-04-01',
    period_end: '2026-06-30',
  });
  const ms = performance.now() - t0;
  const heap = heapNow() - heapBefore;
  await removeReturns(bench);
  return { taxReturn, ms, heap };
}

/** The account's returns and their period items, deleted: the same period is built again. */
async function removeReturns(bench: Bench): Promise<void> {
  const returnsTable = tableName('Returns');
  const items = await queryAll({ TableName: returnsTable, KeyConditionExpression: 'account_id = :a', ExpressionAttributeValues: { ':a': bench.accountId } });
  for (const item of items) await documentClient().delete({ TableName: returnsTable, Key: { account_id: bench.accountId, id: item.id } });
}

/** Three builds (the first also loads the code a build needs), the counters read, and the first page of the records. */
async function measure(bench: Bench, size: number): Promise<string> {
  const { returnDeps } = await import('../src/composition/returns');
  const { createReturn, listReturnRecords } = await import('../src/usecases/returns');
  const builds = [await buildOnce(bench), await buildOnce(bench), await buildOnce(bench)];
  const { taxReturn } = builds[2]!;
  const kept = await createReturn(returnDeps, bench.accountId, { registration_id: bench.registrationId, period_start: '2026-04-01', period_end: '2026-06-30' });
  const t1 = performance.now();
  const page = await listReturnRecords(returnDeps, bench.accountId, kept.id, { limit: 100 });
  const pageMs = performance.now() - t1;
  await removeReturns(bench);
  const counters = (await returnDeps.counters.counters(bench.accountId, '2026-04-01', '2026-06-30')).counters.length;
  const s = (ms: number) => `${(ms / 1000).toFixed(3)} s`;
  const row = `| ${size.toLocaleString('en-US')} (+${Math.ceil(size / REFUND_EVERY).toLocaleString('en-US')} refunds) | ${taxReturn.sale_count.toLocaleString('en-US')} / ${taxReturn.refund_count.toLocaleString('en-US')} | ${counters} | ${builds.map((b) => s(b.ms)).join(', ')} | ${builds.map((b) => `${(b.heap / 1e6).toFixed(1)}`).join(', ')} MB | ${s(pageMs)} (has_more ${page.has_more}) | ${taxReturn.totals.net_tax_due} |`;
  console.log(row);
  return row;
}

async function setUp(): Promise<Bench> {
  const ca = zipRowsByFile()
    .find(({ file }) => file.includes('_CA'))!
    .rows.find((r) => r.zip === '90001')!;
  await rateTable().putAll([ca]);
  const { account_id: accountId } = await createAccount(ports, { name: 'Bench Returns Inc', country: 'US' });
  const primary = (await ports.entities.primary(accountId))!;
  const { createRegistration } = await import('../src/usecases/registrations');
  const registration = await createRegistration(ports, accountId, {
    country: 'US',
    state: 'CA',
    type: 'SALES_TAX',
    active_from: '2025-01-01',
    entity_id: primary.id,
  });
  const quote = await quoteTaxRateDetailed(ports, accountId, {
    product_category: 'PHYSICAL_GOODS',
    delivery_method: 'SHIPPED',
    customer_type: 'B2C',
    location: { country: 'US', postal_code: '90001' },
    date: '2026-05-01',
  });
  return {
    accountId,
    registrationId: registration.id,
    quote,
    transactions: new DynamoDbTransactionStore(tableName('Transactions')),
    counters: new DynamoDbReturnCounterStore(tableName('ReturnCounters')),
    recordedAt: new Date(Date.now() - 60_000).toISOString(),
  };
}

async function main() {
  process.env.LEVY_DYNAMODB_LOCAL_TIMEOUT_MS ??= '120000';
  await startBenchDatabase(process.env.BENCH_DATA_DIR);
  Object.assign(process.env, { POWERTOOLS_LOG_LEVEL: 'SILENT', LEVY_RETURNS_SETTLE_SECONDS: '0' });
  if (!(globalThis as { gc?: unknown }).gc) console.log('(run with node --expose-gc for the heap figures: without it they include garbage)');
  const bench = await setUp();
  const rows: string[] = [];
  let loaded = 0;
  for (const size of SIZES) {
    await load(bench, loaded, size);
    loaded = size;
    rows.push(await measure(bench, size));
  }
  console.log(
    '\n| sales in the quarter | sales / refunds in the return | counters read | build (1st, 2nd, 3rd) | heap growth (each build) | first page of records | net_tax_due |',
  );
  console.log('|---|---|---|---|---|---|---|');
  rows.forEach((r) => console.log(r));
  await cleanUp();
}

runBenchmark(main);
