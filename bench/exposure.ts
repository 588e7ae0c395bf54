/**
 * Benchmark: GET /v1/exposure/countries latency through the local API Gateway emulation (local/server/,
 * what `npm start` serves) after 1,000 and after 100,000 recorded sales spread over 50 US states and 20 countries,
 * side by side with a scan-and-sum of the same sales (Query of the account's Transactions partition + sum in
 * process), as ratios; and sales recorded per second through the use case (engine included).
 *
 *   npx tsx bench/exposure.ts            (BENCH_SALES=100000 BENCH_USECASE_SALES=2000 to change the sizes)
 *
 * Starts its own in-memory DynamoDB Local. The 100,000 sales are loaded through the stores' TransactWriteItems
 * (the same items the use case writes), not through HTTP, to keep the run short.
 */
import '../local/quiet-sdk-warning';
import { customerTreatment } from '../src/domain/tax/customer-treatment';
import { createAccount } from '../local/admin/accounts';
import { startServer } from '../local/server/server';
import { batchWriteMany } from '../src/adapters/dynamodb/batch';
import { closeDynamoDbClient, documentClient } from '../src/adapters/dynamodb/client';
import { DynamoDbExposureStore } from '../src/adapters/dynamodb/exposure-store';
import { queryAll } from '../src/adapters/dynamodb/query';
import { DynamoDbTransactionStore } from '../src/adapters/dynamodb/transaction-store';
import { ports } from '../src/composition/all-ports';
import { rateTable } from '../local/rates/rates-import';
import { tableName } from '../src/config/environment';
import { exposureKeyString, saleExposureDeltas } from '../src/domain/exposure/deltas';
import { buildExposureReport } from '../src/domain/exposure/report';
import { transactionFingerprint } from '../src/domain/transactions/fingerprint';
import { buildTransaction, lineTax } from '../src/domain/transactions/sale';
import { transactionRequestSchema } from '../src/domain/transactions/schema';
import { quoteTaxRateDetailed } from '../src/usecases/sales/quote-tax-rate';
import { recordTransaction } from '../src/usecases/sales/record-sale';
import { cleanUp, load as runConcurrently, ms, quantile, runBenchmark, startBenchDatabase, zipRowsByFile } from './support';

const TOTAL_SALES = Number(process.env.BENCH_SALES ?? 100_000);
const USECASE_SALES = Number(process.env.BENCH_USECASE_SALES ?? 2_000);
const COUNTRIES = ['AT', 'AU', 'BE', 'CH', 'DE', 'DK', 'ES', 'FI', 'FR', 'GB', 'IE', 'IT', 'JP', 'NL', 'NO', 'NZ', 'PL', 'PT', 'SE', 'SG'];
const CURRENCY: Record<string, string> = { AU: 'AUD', CH: 'CHF', DK: 'DKK', GB: 'GBP', JP: 'JPY', NO: 'NOK', NZ: 'NZD', PL: 'PLN', SE: 'SEK', SG: 'SGD' };

type Quote = Awaited<ReturnType<typeof quoteTaxRateDetailed>>;
type Location = ReturnType<typeof locationsFrom>[number];
interface Bench {
  transactionsTable: string;
  transactionStore: DynamoDbTransactionStore;
  exposureStore: DynamoDbExposureStore;
  locations: Location[];
  quotes: Quote[];
  accountId: string;
}

// `count` tasks, `width` in flight (the shared load generator; its timings are not needed here).
const pool = (count: number, width: number, task: (i: number) => Promise<void>) => runConcurrently(count, width, task);

function locationsFrom(stateRows: { zip: string }[]) {
  return [
    ...stateRows.map((r) => ({ location: { country: 'US', postal_code: r.zip }, currency: 'USD' })),
    ...COUNTRIES.map((c) => ({ location: { country: c }, currency: CURRENCY[c] ?? 'EUR' })),
  ];
}

/** The rates, the locations, an account and one quote per location. */
async function setUp(): Promise<{ bench: Bench; apiKey: string }> {
  const transactionsTable = tableName('Transactions');
  const transactionStore = new DynamoDbTransactionStore(transactionsTable);
  const exposureStore = new DynamoDbExposureStore(tableName('Exposure'));

  // One ZIP per US state (its first taxed row), imported like `levy rates import` would.
  const stateRows = zipRowsByFile()
    .filter(({ file }) => !/_(DC|PR)\d/.test(file))
    .map(({ rows }) => rows.find((r) => r.combined_rate > 0) ?? rows[0]);
  await rateTable().putAll(stateRows);
  const locations = locationsFrom(stateRows);
  console.log(`locations: ${stateRows.length} US states + ${COUNTRIES.length} countries`);

  const { account_id: accountId, api_key: apiKey } = await createAccount(ports, { name: 'Bench Inc', country: 'US' });
  const quotes = await Promise.all(
    locations.map((l) =>
      quoteTaxRateDetailed(ports, accountId, {
        product_category: 'PHYSICAL_GOODS',
        delivery_method: 'SHIPPED',
        customer_type: 'B2C',
        location: l.location,
        date: '2026-03-01',
      }),
    ),
  );
  return { bench: { transactionsTable, transactionStore, exposureStore, locations, quotes, accountId }, apiKey };
}

/** Sale `i` as recordTransaction would build it, with its request. */
function benchSale(bench: Bench, i: number) {
  const { locations, quotes } = bench;
  const k = i % locations.length;
  const month = String((i % 12) + 1).padStart(2, '0');
  const request = transactionRequestSchema.parse({
    id: `s${String(i).padStart(7, '0')}`,
    date: `2025-${month}-15`,
    currency: locations[k].currency,
    customer_type: 'B2C',
    location: locations[k].location,
    line_items: Array.from({ length: 1 + (i % 3) }, (_, j) => ({
      amount: 1_000 + ((i * 7919 + j * 104_729) % 99_000),
      product_category: 'PHYSICAL_GOODS',
      delivery_method: 'SHIPPED',
    })),
  });
  const { ppm, result } = quotes[k];
  const taxes = request.line_items.map((l) => lineTax(l.amount, ppm, undefined, result.jurisdiction));
  const facts = request.line_items.map((l) => ({
    product_category: l.product_category!,
    delivery_method: l.delivery_method!,
    taxability: { tax_code: 'levy_general_goods', taxability_reason: 'taxable' as const },
    taxable_amount: l.amount,
    exempt_amount: 0,
  }));
  const t = buildTransaction(
    request,
    { customer_type: 'B2C', location: request.location! },
    customerTreatment({ type: 'B2C' }, result.jurisdiction.country, null),
    result.jurisdiction,
    facts,
    taxes,
    new Date().toISOString(),
  );
  return { request, t };
}

/** Sales [chunkStart, chunkEnd): their items by BatchWriteItem, their counters summed and ADDed once each. */
async function writeChunk(bench: Bench, chunkStart: number, chunkEnd: number): Promise<void> {
  const puts: Record<string, unknown>[] = [];
  const sums = new Map<string, ReturnType<typeof saleExposureDeltas>[number]>();
  for (let i = chunkStart; i < chunkEnd; i++) {
    const { request, t } = benchSale(bench, i);
    puts.push(bench.transactionStore.putItem(bench.accountId, t, transactionFingerprint(request)).Put!.Item as Record<string, unknown>);
    for (const d of saleExposureDeltas(t)) {
      const key = exposureKeyString(d);
      const sum = sums.get(key);
      if (sum) {
        sum.tax += d.tax;
        sum.sales += d.sales;
      } else sums.set(key, { ...d });
    }
  }
  // 16 batches of 25 in flight, a batch's unprocessed items sent again (src/adapters/dynamodb/batch.ts).
  await batchWriteMany(
    bench.transactionsTable,
    puts.map((Item) => ({ PutRequest: { Item } })),
    'the benchmark sales',
    { concurrency: 16 },
  );
  const counters = bench.exposureStore.addItems(bench.accountId, [...sums.values()]);
  await pool(counters.length, 16, async (c) => {
    await documentClient().update(counters[c].Update as never);
  });
}

// Loading (fast path): the very items recordTransaction writes, but sales by BatchWriteItem and the counters
// summed per chunk of 5,000 sales and ADDed once per counter: the end state is the same as 5,000 single
// TransactWriteItems, without 5,000 conflicts on the hot US counters. The per-sale path is timed below.
async function load(bench: Bench, from: number, upTo: number): Promise<void> {
  const started = performance.now();
  for (let chunkStart = from; chunkStart < upTo; chunkStart += 5_000) await writeChunk(bench, chunkStart, Math.min(upTo, chunkStart + 5_000));
  const seconds = (performance.now() - started) / 1000;
  console.log(`loaded ${upTo - from} sales in ${seconds.toFixed(1)} s`);
}

async function reportLatency(
  url: string,
  headers: Record<string, string>,
  runs = 40,
): Promise<{ median: number; p95: number; countries: number; body: unknown }> {
  let body: unknown;
  const times: number[] = [];
  for (let i = 0; i < runs + 5; i++) {
    const t0 = performance.now();
    const res = await fetch(`${url}/v1/exposure/countries`, { headers });
    body = await res.json();
    if (res.status !== 200) throw new Error(`report answered ${res.status}: ${JSON.stringify(body)}`);
    if (i >= 5) times.push(performance.now() - t0);
  }
  return { median: quantile(times, 0.5), p95: quantile(times, 0.95), countries: (body as { exposure: unknown[] }).exposure.length, body };
}

/** The alternative the counters replace: read every sale of the account and add the report up. */
async function scanAndSum(bench: Bench, runs = 3): Promise<{ median: number; items: number; body: unknown }> {
  const times: number[] = [];
  let items = 0;
  let body: unknown;
  for (let r = 0; r < runs; r++) {
    const t0 = performance.now();
    const sales = await queryAll({
      TableName: bench.transactionsTable,
      KeyConditionExpression: 'account_id = :a AND begins_with(sk, :p)',
      ExpressionAttributeValues: { ':a': bench.accountId, ':p': 'txn#' },
    });
    items = sales.length;
    const totals = sales.flatMap((item) => saleExposureDeltas(item as never));
    body = buildExposureReport(totals);
    times.push(performance.now() - t0);
  }
  return { median: quantile(times, 0.5), items, body };
}

/** At 1,000 then TOTAL_SALES sales: the report over HTTP against scan-and-sum, one table row per size. */
async function measureReports(bench: Bench, url: string, apiKey: string): Promise<string[]> {
  const headers = { Authorization: `Bearer ${apiKey}` };
  const rows: string[] = [];
  let loaded = 0;
  for (const size of [1_000, TOTAL_SALES]) {
    await load(bench, loaded, size);
    loaded = size;
    const report = await reportLatency(url, headers);
    const scan = await scanAndSum(bench, size > 10_000 ? 1 : 5);
    const same = JSON.stringify(report.body) === JSON.stringify(scan.body);
    const line = `| ${size.toLocaleString('en-US')} | ${ms(report.median)} | ${ms(report.p95)} | ${ms(scan.median)} (${scan.items.toLocaleString('en-US')} items) | ${(scan.median / report.median).toFixed(1)}x | ${report.countries} | ${same ? 'yes' : 'NO'} |`;
    console.log(line);
    rows.push(line);
  }
  return rows;
}

// Throughput through the use case (engine quote per sale, one TransactWriteItems), 16 in flight, fresh accounts:
// sales spread over the 70 locations, then every sale into one ZIP (the hot-counter case of docs/exposure.md).
async function throughput(label: string, pick: (i: number) => Location): Promise<string> {
  const { account_id: writer } = await createAccount(ports, { name: 'Writer Inc', country: 'US' });
  const t0 = performance.now();
  await pool(USECASE_SALES, 16, async (i) => {
    const l = pick(i);
    await recordTransaction(ports, writer, {
      id: `w${i}`,
      date: '2026-03-15',
      currency: l.currency,
      customer_type: 'B2C',
      location: l.location,
      line_items: [
        { amount: 5_000 + i, product_category: 'PHYSICAL_GOODS', delivery_method: 'SHIPPED' },
        { amount: 999, product_category: 'SAAS', delivery_method: 'CLOUD' },
      ],
    });
  });
  const line = `recordTransaction, ${label}: ${(USECASE_SALES / ((performance.now() - t0) / 1000)).toFixed(0)} sales/s (${USECASE_SALES} sales, 16 concurrent, 2 lines each)`;
  console.log(line);
  return line;
}

function printReport(rows: string[], spread: string, hot: string): void {
  console.log('\n| recorded sales | report median (HTTP) | report p95 | scan-and-sum median | scan / report | country items | same report |');
  console.log('|---|---|---|---|---|---|---|');
  rows.forEach((r) => console.log(r));
  console.log(`\n${spread}\n${hot}`);
}

async function main() {
  await startBenchDatabase();
  Object.assign(process.env, { POWERTOOLS_LOG_LEVEL: 'SILENT', LEVY_AUTH_CACHE_SECONDS: '300' });
  const { bench, apiKey } = await setUp();
  const server = await startServer({ port: 0 });
  const rows = await measureReports(bench, server.url, apiKey);
  const { locations } = bench;
  const spread = await throughput('spread over 70 locations', (i) => locations[i % locations.length]);
  const hot = await throughput('all into one ZIP (hot counters)', () => locations[4]);
  printReport(rows, spread, hot);

  await server.close();
  closeDynamoDbClient();
  await cleanUp();
}

runBenchmark(main);
