/**
 * Benchmark support for bench/tax-rate.ts, section (2): p50/p99 latency and requests per second of POST /v1/tax/rate
 * through the local server (what `npm start` serves: DynamoDB Local in memory, every US ZIP rate imported, one
 * account), without an Idempotency-Key, with a unique key per request, and replaying one key; then the use case alone.
 * BENCH_REQUESTS and BENCH_CONCURRENCY as in bench/tax-rate.ts.
 */
import { endpointLabel, routeByName } from '../src/config/routes';
import { closeDynamoDbClient } from '../src/adapters/dynamodb/client';
import { ports } from '../src/composition/all-ports';
import { taxRateDeps } from '../src/composition/sales';
import { quoteTaxRate } from '../src/usecases/sales/quote-tax-rate';
import type { TaxRateInput } from '../src/domain/tax/rate-engine';
import { createAccount } from '../local/admin/accounts';
import { importRates } from '../local/rates/rates-import';
import { LoopbackClient } from '../local/server/loopback-client';
import { cleanUp, cleanups, startBenchDatabase, int, load, ms, quantile, startServerProcess, ZIP_DIR, type Timings } from './support';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 2_000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);
/** Each mode's requests are sent in this many turns, alternating with the other modes. */
const CHUNKS = 4;

const summary = (name: string, t: Timings) =>
  `| ${name} | ${int(t.times.length)} | ${CONCURRENCY} | ${ms(quantile(t.times, 0.5))} | ${ms(quantile(t.times, 0.99))} | ${int(t.times.length / t.seconds)} |`;

export async function throughServer(inputs: readonly TaxRateInput[]): Promise<string[]> {
  await startBenchDatabase();

  const imported = await importRates([ZIP_DIR]);
  console.log(`imported ${int(imported.rows)} ZIP rates from ${imported.files} files in ${imported.seconds.toFixed(1)} s`);
  const { account_id: accountId, api_key: apiKey } = await createAccount(ports, { name: 'Bench Inc', country: 'US' });
  const server = await startServerProcess();
  cleanups.push(() => server.stop());
  const url = `${server.url}/v1/tax/rate`;

  // Every 7th input of the mixed workload (EU, US and Canada alike), as JSON bodies.
  const bodies = inputs.filter((_, i) => i % 7 === 0).map((input) => JSON.stringify(input));
  const run = Math.random().toString(36).slice(2, 8);
  // The client: node:http keep-alive (local/server/loopback-client.ts), as the fuzz test's; fetch (undici), the client
  // of the earlier figures, is kept as one more row, so the client's own share of a figure stays visible.
  const client = new LoopbackClient(CONCURRENCY);
  cleanups.push(async () => client.destroy());
  const headers = (key?: string) => ({ Authorization: `Bearer ${apiKey}`, 'Content-Type': 'application/json', ...(key ? { 'Idempotency-Key': key } : {}) });
  const post = async (body: string, key?: string) => {
    const { status, text } = await client.send('POST', url, headers(key), body);
    if (status !== 200) throw new Error(`POST /v1/tax/rate answered ${status}: ${text}`);
  };
  const postWithFetch = async (body: string) => {
    const res = await fetch(url, { method: 'POST', headers: headers(), body });
    const text = await res.text();
    if (res.status !== 200) throw new Error(`POST /v1/tax/rate answered ${res.status}: ${text}`);
  };
  const modes: [string, (i: number) => Promise<void>][] = [
    ['no Idempotency-Key', (i) => post(bodies[i % bodies.length])],
    ['unique Idempotency-Key per request (executes + writes its record)', (i) => post(bodies[i % bodies.length], `bench-${run}-${i}`)],
    ['one Idempotency-Key replayed (stored answer)', () => post(bodies[0], `bench-${run}-replay`)],
    ['no Idempotency-Key, sent with fetch (undici) instead', (i) => postWithFetch(bodies[i % bodies.length])],
  ];
  // Warm-up (module imports, authorizer cache, connections, DynamoDB Local's JIT); its keys never collide with the run's.
  // It sends every body at least once, so the run measures a warm container: the seller and each
  // ZIP row already in the container's read caches (a first sight of a ZIP is a cold read, not a warm call).
  await load(Math.max(300, bodies.length), CONCURRENCY, (i) => post(bodies[i % bodies.length]));
  await load(100, CONCURRENCY, (i) => post(bodies[i % bodies.length], `warm-${run}-${i}`));
  await load(100, CONCURRENCY, (i) => postWithFetch(bodies[i % bodies.length]));
  // The replayed key's first call executes alone: a duplicate while it runs is a 409, by design.
  await modes[2][1](0);
  // The modes take turns in chunks, so a drift of DynamoDB Local (JIT, GC, table growth) touches all of them alike.
  const chunk = Math.ceil(REQUESTS / CHUNKS);
  const results = modes.map((): Timings => ({ times: [], seconds: 0 }));
  for (let c = 0; c < CHUNKS; c++) {
    for (const [m, [, call]] of modes.entries()) {
      const t = await load(chunk, CONCURRENCY, (i) => call(c * chunk + i));
      results[m].times.push(...t.times);
      results[m].seconds += t.seconds;
    }
  }
  const lines = [`| mode | requests | concurrency | p50 | p99 | requests/s |`, '|---|---|---|---|---|---|'];
  modes.forEach(([name], m) => lines.push(summary(name, results[m])));

  // The same quotes without HTTP, the gateway emulation or middy: the use case alone as the handler calls it (warm: no
  // DynamoDB call), then with the usage counter's UpdateItem that every executed billable call adds.
  const requests = inputs.filter((_, i) => i % 7 === 0);
  // The handler's own dependencies (functions/tax-rate/handler.ts): the seller and the ZIP rows through the container's caches.
  const quote = (i: number) => quoteTaxRate(taxRateDeps, accountId, requests[i % requests.length]);
  const quoteAndMeter = async (i: number) => {
    await quote(i);
    await ports.usage.recordBillableCall(accountId, endpointLabel(routeByName('tax-rate')), new Date());
  };
  for (const [name, call] of [
    ['(in process) quoteTaxRate use case only (cached reads, as the handler)', quote],
    ['(in process) quoteTaxRate + usage UpdateItem', quoteAndMeter],
  ] as const) {
    await load(Math.max(100, requests.length), CONCURRENCY, call);
    lines.push(summary(name, await load(REQUESTS, CONCURRENCY, call)));
  }
  lines.slice(2).forEach((l) => console.log(l));

  closeDynamoDbClient();
  await cleanUp();
  return lines;
}
