/**
 * Benchmark: GET /v1/nexus latency through the local API Gateway emulation (local/server/, what `npm start`
 * serves) for an account with 1,000 recorded sales and one with 100,000, with the same totals per state and month
 * (the 1,000 sales are ~100 times larger), so both reports answer the same statuses, amounts and crossing days and
 * only the number of sales differs (and the transaction counts).
 *
 *   npx tsx bench/nexus.ts            (BENCH_SALES=100000 to change the large size)
 *
 * Starts its own in-memory DynamoDB Local. The sales are written in bulk (sales by BatchWriteItem, their nexus
 * counters summed per counter and ADDed once: the end state of one TransactWriteItems per sale), not through HTTP:
 * recording 100,000 sales through the API takes ~15 minutes here (bench/exposure.ts: 100-150 sales/s).
 */
import '../local/quiet-sdk-warning';
import { createAccount } from '../local/admin/accounts';
import { startServer } from '../local/server/server';
import { batchWriteMany } from '../src/adapters/dynamodb/batch';
import { documentClient } from '../src/adapters/dynamodb/client';
import { DynamoDbExposureStore } from '../src/adapters/dynamodb/exposure-store';
import { DynamoDbTransactionStore } from '../src/adapters/dynamodb/transaction-store';
import { ports } from '../src/composition/all-ports';
import { tableName } from '../src/config/environment';
import { saleNexusDeltas, type NexusDelta } from '../src/domain/nexus/counters';
import { customerTreatment } from '../src/domain/tax/customer-treatment';
import { transactionFingerprint } from '../src/domain/transactions/fingerprint';
import { buildTransaction, lineTax } from '../src/domain/transactions/sale';
import { transactionRequestSchema } from '../src/domain/transactions/schema';
import { quoteTaxRateDetailed } from '../src/usecases/sales/quote-tax-rate';
import { cleanUp, load as pool, ms, quantile, runBenchmark, startBenchDatabase } from './support';

const LARGE = Number(process.env.BENCH_SALES ?? 100_000);
const SMALL = 1_000;
const STATES = ['CA', 'TX', 'NY', 'FL', 'WA', 'IL', 'PA', 'OH', 'GA', 'NC'];
/** Every sale on the 15th of a month of 2025: 10 states x 12 days, the same 120 counter cells at both sizes. */
const AS_OF = '2026-01-20';
/** $600,000 per state and month: every state crosses on 2025-01-15 at both sizes (CA: over $500,000). */
const CELL_TOTAL = 60_000_000;

type Quote = Awaited<ReturnType<typeof quoteTaxRateDetailed>>;
interface Stores {
  transactionsTable: string;
  transactionStore: DynamoDbTransactionStore;
  exposureStore: DynamoDbExposureStore;
}
interface Result {
  sales: number;
  first: number;
  median: number;
  p95: number;
  crossed: number;
  figures: string;
}

/** The amount of each sale: each state-month sums to CELL_TOTAL whatever the number of sales in it (the last sale of a cell takes the rest). */
function cellAmounts(sales: number): (i: number) => number {
  const cellOf = (i: number) => ({ k: i % STATES.length, m: Math.floor(i / STATES.length) % 12 });
  const inCell = new Map<string, number>();
  for (let i = 0; i < sales; i++) inCell.set(JSON.stringify(cellOf(i)), (inCell.get(JSON.stringify(cellOf(i))) ?? 0) + 1);
  const seen = new Map<string, number>();
  return (i: number): number => {
    const cell = JSON.stringify(cellOf(i));
    const n = inCell.get(cell)!;
    const index = seen.get(cell) ?? 0;
    seen.set(cell, index + 1);
    const each = Math.floor(CELL_TOTAL / n);
    return index === n - 1 ? CELL_TOTAL - each * (n - 1) : each;
  };
}

/** Sale `i` of `amount` as recordTransaction would build it, with its request. */
function benchSale(quotes: Quote[], i: number, amount: number) {
  const k = i % STATES.length;
  const month = String((Math.floor(i / STATES.length) % 12) + 1).padStart(2, '0');
  const request = transactionRequestSchema.parse({
    id: `s${String(i).padStart(7, '0')}`,
    date: `2025-${month}-15`,
    currency: 'USD',
    customer_type: 'B2C',
    location: { country: 'US', state: STATES[k] },
    line_items: [{ amount, product_category: 'PHYSICAL_GOODS', delivery_method: 'SHIPPED' }],
  });
  const { ppm, result } = quotes[k]!;
  const taxes = request.line_items.map((l) => lineTax(l.amount, ppm, undefined, result.jurisdiction));
  const facts = request.line_items.map((l) => ({
    product_category: 'PHYSICAL_GOODS' as const,
    delivery_method: 'SHIPPED' as const,
    taxability: { tax_code: 'levy_general_goods', taxability_reason: 'taxable' as const },
    taxable_amount: l.amount,
    exempt_amount: 0,
  }));
  const t = buildTransaction(
    request,
    { customer_type: 'B2C', location: request.location! },
    customerTreatment({ type: 'B2C' }, 'US', null),
    result.jurisdiction,
    facts,
    taxes,
    new Date(Date.UTC(2025, Number(month) - 1, 15, 0, 0, 0, i)).toISOString(),
  );
  return { request, t };
}

/** Adds a sale's nexus deltas into `sums`, one entry per counter. */
function addDeltas(sums: Map<string, NexusDelta>, deltas: NexusDelta[]): void {
  for (const d of deltas) {
    const key = `${d.jurisdiction}|${d.day}|${d.currency}|${d.channel}`;
    const sum = sums.get(key);
    if (!sum) sums.set(key, { ...d, amounts: { ...d.amounts }, counts: { ...d.counts } });
    else
      for (const b of Object.keys(d.amounts) as (keyof typeof d.amounts)[]) {
        sum.amounts[b] += d.amounts[b];
        sum.counts[b] += d.counts[b];
      }
  }
}

async function loadAccount(stores: Stores, sales: number): Promise<{ apiKey: string; seconds: number }> {
  const { account_id: accountId, api_key: apiKey } = await createAccount(ports, { name: `Nexus ${sales}`, country: 'GB' });
  const seller = (await ports.entities.primary(accountId))!.id;
  const quotes = await Promise.all(
    STATES.map((state) =>
      quoteTaxRateDetailed(ports, accountId, {
        product_category: 'PHYSICAL_GOODS',
        delivery_method: 'SHIPPED',
        customer_type: 'B2C',
        location: { country: 'US', state },
        date: '2025-06-15',
      }),
    ),
  );
  const amountOf = cellAmounts(sales);
  const started = performance.now();
  const sums = new Map<string, NexusDelta>();
  for (let chunk = 0; chunk < sales; chunk += 5_000) {
    const puts: Record<string, unknown>[] = [];
    for (let i = chunk; i < Math.min(sales, chunk + 5_000); i++) {
      const { request, t } = benchSale(quotes, i, amountOf(i));
      puts.push(stores.transactionStore.putItem(accountId, t, transactionFingerprint(request)).Put!.Item as Record<string, unknown>);
      addDeltas(sums, saleNexusDeltas(t, seller));
    }
    // 16 batches of 25 in flight, a batch's unprocessed items sent again (src/adapters/dynamodb/batch.ts).
    await batchWriteMany(
      stores.transactionsTable,
      puts.map((Item) => ({ PutRequest: { Item } })),
      'the benchmark sales',
      { concurrency: 16 },
    );
  }
  // Day and month counters sum over days: the month item must be the sum of its days, so ADD once per day delta.
  const updates = stores.exposureStore.addNexusItems(accountId, [...sums.values()]);
  await pool(updates.length, 16, async (u) => {
    await documentClient().update(updates[u]!.Update as never);
  });
  return { apiKey, seconds: (performance.now() - started) / 1000 };
}

async function latency(url: string, apiKey: string, runs = 40): Promise<{ first: number; median: number; p95: number; body: unknown }> {
  const times: number[] = [];
  let body: unknown;
  let first = 0;
  for (let i = 0; i < runs + 5; i++) {
    const t0 = performance.now();
    const res = await fetch(`${url}/v1/nexus?as_of=${AS_OF}`, { headers: { Authorization: `Bearer ${apiKey}` } });
    body = await res.json();
    if (res.status !== 200) throw new Error(`report answered ${res.status}: ${JSON.stringify(body)}`);
    if (i === 0) first = performance.now() - t0;
    if (i >= 5) times.push(performance.now() - t0);
  }
  return { first, median: quantile(times, 0.5), p95: quantile(times, 0.95), body };
}

/** Loads an account of `sales` sales and times its report. */
async function measure(stores: Stores, url: string, sales: number): Promise<Result> {
  const { apiKey, seconds } = await loadAccount(stores, sales);
  console.log(`loaded ${sales} sales in ${seconds.toFixed(1)} s`);
  const r = await latency(url, apiKey);
  const rows = (r.body as { data: { state?: string; status: string; sales_amount: number | null; crossed_on?: string }[] }).data;
  // Sales amounts only: statuses may differ where a transaction test counts (NY: more than 100 sales).
  const figures = JSON.stringify(rows.map((row) => [row.state, row.sales_amount]));
  return { sales, first: r.first, median: r.median, p95: r.p95, crossed: rows.filter((row) => row.status === 'crossed').length, figures };
}

function printReport(results: Result[]): void {
  const same = results[0]!.figures === results[1]!.figures;
  console.log('\n--- markdown for docs/benchmarks.md ---\n');
  console.log('| recorded sales | first report (finds the crossing sales) | report median | report p95 | states crossed |');
  console.log('|---|---|---|---|---|');
  for (const r of results) console.log(`| ${r.sales.toLocaleString('en-US')} | ${ms(r.first)} | ${ms(r.median)} | ${ms(r.p95)} | ${r.crossed} |`);
  console.log(`\nmedian ratio ${(results[1]!.median / results[0]!.median).toFixed(2)}x; same sales amounts at both sizes: ${same ? 'yes' : 'NO'}`);
}

async function main() {
  await startBenchDatabase();
  Object.assign(process.env, { POWERTOOLS_LOG_LEVEL: 'SILENT', LEVY_AUTH_CACHE_SECONDS: '300' });
  const transactionsTable = tableName('Transactions');
  const stores: Stores = {
    transactionsTable,
    transactionStore: new DynamoDbTransactionStore(transactionsTable),
    exposureStore: new DynamoDbExposureStore(tableName('Exposure')),
  };
  const server = await startServer({ port: 0 });
  const results: Result[] = [];
  for (const sales of [SMALL, LARGE]) results.push(await measure(stores, server.url, sales));
  printReport(results);
  await server.close();
  await cleanUp();
}

runBenchmark(main);
