/**
 * Benchmark: a 100-line cart, and offline tax-ID validation.
 *
 *   - a 100-line cart's calculation time in process: the pure calculateCart with the engine's rates, the engine plus
 *     the cart, the request's zod validation; then the whole unifyCart use case against DynamoDB Local (without and
 *     with commit); then POST /v1/tax/unify through the local server (what `npm start` serves), p50/p99;
 *   - tax-ID validations per second: validateTaxId over the valid and the invalid rows of
 *     ../shared/data/tax-id-vectors/stdnumjs_all_vectors.csv, in a loop.
 *
 *   npx tsx bench/unify.ts       (BENCH_REQUESTS=1000 BENCH_CONCURRENCY=8 BENCH_ROUNDS=7 to change the sizes)
 *
 * Two carts: a US ZIP (B2C, five tax levels to split) and Germany (B2B with a valid VAT ID, so reverse charge).
 * Starts its own in-memory DynamoDB Local after the pure measurements, so those run on an otherwise idle machine.
 */
import '../local/quiet-sdk-warning';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createAccount } from '../local/admin/accounts';
import type { ZipRateRow } from '../local/rates/zip-rate-csv';
import { closeDynamoDbClient } from '../src/adapters/dynamodb/client';
import { geoLocationLookups as defaultLocationLookups } from '../src/adapters/geo';
import { ports } from '../src/composition/all-ports';
import { rateTable } from '../local/rates/rates-import';
import { calculateCart, type LineRate } from '../src/domain/cart/cart';
import { treatCustomer } from '../test/support/customer-treatment';
import { unifyRequestSchema, type CartLine, type UnifyRequest } from '../src/domain/cart/unify-request';
import { resolveLocation } from '../src/domain/geography/location';
import { calculateTaxRateDetailed, type TaxRateCalculation } from '../src/domain/tax/rate-engine';
import { allowedDeliveryMethods, productCategories } from '../src/domain/tax/vocabulary';
import { TAX_ID_TYPE_CATALOGUE } from '../src/domain/tax-ids/type-index';
import type { TaxIdValidateInput } from '../src/domain/tax-ids/types';
import { validateTaxId } from '../src/domain/tax-ids/validator';
import { unifyCart } from '../src/usecases/sales/unify-cart';
import {
  cleanUp,
  cleanups,
  startBenchDatabase,
  int,
  load,
  median,
  ms,
  quantile,
  runBenchmark,
  startServerProcess,
  zipRowsByFile,
  type Timings,
} from './support';

const VECTORS = join(__dirname, '../../shared/data/tax-id-vectors/stdnumjs_all_vectors.csv');
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 1_000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);
const SEQUENTIAL = 200;
/** Each mode's calls are made in this many turns, alternating with the other modes. */
const CHUNKS = 4;
const LINES = 100;
const DATE = '2026-03-15';
const SELLER = { country: 'US' };

const us = (x: number) => `${(x * 1000).toFixed(0)} µs`;

/** A ZIP row with all four parts (state, county, city, special): the most work for the split. */
function richZipRow(): ZipRateRow {
  for (const { rows } of zipRowsByFile()) {
    const row = rows.find(
      (r) => r.state_rate > 0 && r.county_rate > 0 && r.city_rate > 0 && r.special_rate > 0 && defaultLocationLookups.stateForZip(r.zip) === r.state,
    );
    if (row) return row;
  }
  throw new Error('no ZIP with four rate parts');
}

/** 100 lines over every category + delivery pair, amounts and quantities varied, one in four tax-inclusive. */
function cartBody(currency: string, customer: Record<string, unknown>, location: Record<string, string>, extra: Record<string, unknown> = {}) {
  const kinds = productCategories.flatMap((c) => allowedDeliveryMethods[c].map((d) => [c, d] as const));
  return {
    currency,
    customer,
    location,
    date: DATE,
    line_items: Array.from({ length: LINES }, (_, i) => ({
      id: `line-${i}`,
      amount: 100 + ((i * 7_919) % 99_900),
      quantity: 1 + (i % 3),
      product_category: kinds[i % kinds.length][0],
      delivery_method: kinds[i % kinds.length][1],
      tax_inclusive: i % 4 === 0,
    })),
    ...extra,
  };
}

/** Median over ROUNDS rounds of the time of one call, each round as many calls as fit in ~200 ms. */
function perCall(fn: () => unknown): { median: number; min: number } {
  const warmUntil = performance.now() + 300;
  let calls = 0;
  while (performance.now() < warmUntil) {
    fn();
    calls++;
  }
  const perRound = Math.max(1, Math.round(calls * (200 / 300)));
  const rounds: number[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    const t0 = performance.now();
    for (let i = 0; i < perRound; i++) fn();
    rounds.push((performance.now() - t0) / perRound);
  }
  return { median: median(rounds), min: Math.min(...rounds) };
}

interface Cart {
  name: string;
  body: ReturnType<typeof cartBody>;
  usLocal: ZipRateRow | null;
}
type Out = (line: string) => void;
interface VectorRow {
  country: string;
  module: string;
  number: string;
  valid: boolean;
}
/** [label, concurrency, count, call(cart, i)] */
type Mode = [string, number, number, (cart: Cart, i: number) => Promise<unknown>];

/** The five in-process timings of one cart: cart, engine + cart, zod, everything but I/O, JSON.stringify. */
function pureTimings(cart: Cart): number[] {
  const request: UnifyRequest = unifyRequestSchema.parse(cart.body);
  const customer = treatCustomer({ ...request.customer, type: request.customer.type! }, request.location!.country);
  const sale = { customer_type: customer.applied_type, location: request.location!, date: DATE };
  const location = resolveLocation(request.location!, defaultLocationLookups);
  const context = { seller: SELLER, usLocal: cart.usLocal, location, lookups: defaultLocationLookups };
  // What saleRateQuoter does: the engine once per distinct category + delivery, then a map look-up per line.
  const engineRates = (): ((line: CartLine) => LineRate) => {
    const byKind = new Map<string, TaxRateCalculation>();
    return (line) => {
      const key = `${line.product_category}|${line.delivery_method}`;
      let rate = byKind.get(key);
      if (!rate) {
        rate = calculateTaxRateDetailed({ ...sale, product_category: line.product_category!, delivery_method: line.delivery_method! }, context);
        byKind.set(key, rate);
      }
      return rate;
    };
  };
  const precomputed = engineRates();
  const check = calculateCart(request.line_items, precomputed);
  if (check.line_items.length !== LINES) throw new Error('cart lost lines');
  const json = JSON.stringify(cart.body);
  const a = perCall(() => calculateCart(request.line_items, precomputed));
  const b = perCall(() => calculateCart(request.line_items, engineRates()));
  const c = perCall(() => {
    const r = unifyRequestSchema.parse(JSON.parse(json));
    const t = treatCustomer({ ...r.customer, type: r.customer.type! }, r.location!.country);
    return calculateCart(r.line_items, engineRates()).total + (t.exempt ? 1 : 0);
  });
  const d = perCall(() => unifyRequestSchema.parse(JSON.parse(json)));
  const e = perCall(() => JSON.stringify(calculateCart(request.line_items, precomputed)));
  return [a.median, b.median, d.median, c.median, e.median - a.median];
}

/** In process, pure. */
function measurePure(carts: Cart[], out: Out): void {
  out(`| 100-line cart, in process (median of ${ROUNDS} rounds) | ${carts.map((c) => c.name).join(' | ')} |`);
  out(`|---|${carts.map(() => '---|').join('')}`);
  const pure: string[][] = [[], [], [], [], []];
  for (const cart of carts) pureTimings(cart).forEach((x, i) => pure[i].push(us(x)));
  out(`| calculateCart, rates from the engine already in hand | ${pure[0].join(' | ')} |`);
  out(`| engine (once per distinct category + delivery) + calculateCart | ${pure[1].join(' | ')} |`);
  out(`| JSON.parse + unifyRequestSchema.parse (zod) of the body | ${pure[2].join(' | ')} |`);
  out(`| parse + validate + customer treatment + engine + cart (everything but I/O) | ${pure[3].join(' | ')} |`);
  out(`| JSON.stringify of the cart result | ${pure[4].join(' | ')} |`);
}

function readVectors(): VectorRow[] {
  return readFileSync(VECTORS, 'utf8')
    .trim()
    .split(/\r?\n/)
    .slice(1)
    .map((l) => l.split(','))
    .map(([country, , module, number, expected]) => ({ country, module: module.replace(/^stdnum-js:/, ''), number, valid: expected === 'true' }));
}

/** Tax-ID validation (pure as well: before DynamoDB Local starts). */
function measureTaxIds(out: Out): void {
  const rows = readVectors();
  const typeOfModule = new Map(TAX_ID_TYPE_CATALOGUE.map((d) => [d.module, d]));
  const withType = (r: VectorRow): TaxIdValidateInput => {
    const d = typeOfModule.get(r.module);
    if (!d) throw new Error(`no Levy type for stdnum module ${r.module}`);
    return { tax_id: r.number, type: d.type, ...(d.country ? { country: d.country } : {}) };
  };
  const variants: [string, (r: VectorRow) => TaxIdValidateInput][] = [
    ["type named (the row's module)", withType],
    ['country only (tax types tried in order)', (r) => ({ tax_id: r.number, country: r.country })],
  ];
  out('');
  out(`| tax-ID validation, ${rows.length} vectors (median of ${ROUNDS} rounds) | rows | validations/s | µs each | agrees with expected_valid |`);
  out('|---|---|---|---|---|');
  let sink = 0;
  // 197 validators, each its own code path: 2 s over every row first, or the first subsets measured pay the JIT.
  const everything = variants.flatMap(([, toInput]) => rows.map(toInput));
  for (const until = performance.now() + 2_000; performance.now() < until;) for (const input of everything) sink += validateTaxId(input).valid ? 1 : 0;
  for (const [variant, toInput] of variants) {
    for (const [subset, picked] of [
      ['valid', rows.filter((r) => r.valid)],
      ['invalid', rows.filter((r) => !r.valid)],
      ['all', rows],
    ] as const) {
      const inputs = picked.map(toInput);
      const agree = inputs.filter((input, i) => validateTaxId(input).valid === picked[i].valid).length;
      const t = perCall(() => {
        for (const input of inputs) sink += validateTaxId(input).valid ? 1 : 0;
      });
      out(
        `| ${variant}, ${subset} rows | ${picked.length} | ${int(inputs.length / (t.median / 1000))} | ${((t.median * 1000) / inputs.length).toFixed(2)} | ${agree}/${picked.length} |`,
      );
    }
  }
  if (sink === -1) console.log('');
}

/** The use case in process and POST /v1/tax/unify, with and without commit. */
function unifyModes(url: string, accountId: string, apiKey: string): Mode[] {
  const run = Math.random().toString(36).slice(2, 8);
  const post = async (body: string) => {
    const res = await fetch(`${url}/v1/tax/unify`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${apiKey}`, 'Content-Type': 'application/json' },
      body,
    });
    const text = await res.text();
    if (res.status !== 200) throw new Error(`POST /v1/tax/unify answered ${res.status}: ${text}`);
  };
  return [
    ['unifyCart use case in process, commit: false', 1, SEQUENTIAL, (cart) => unifyCart(ports, accountId, unifyRequestSchema.parse(cart.body))],
    [
      'unifyCart use case in process, commit: true (records the sale: transaction + exposure)',
      1,
      SEQUENTIAL,
      (cart, i) =>
        unifyCart(ports, accountId, unifyRequestSchema.parse({ ...cart.body, commit: true, transaction_id: `u-${run}-${cart.usLocal ? 'us' : 'de'}-${i}` })),
    ],
    ['POST /v1/tax/unify, commit: false, one at a time', 1, SEQUENTIAL, (cart) => post(JSON.stringify(cart.body))],
    [`POST /v1/tax/unify, commit: false, ${CONCURRENCY} concurrent`, CONCURRENCY, REQUESTS, (cart) => post(JSON.stringify(cart.body))],
    [
      'POST /v1/tax/unify, commit: true, one at a time',
      1,
      SEQUENTIAL,
      (cart, i) => post(JSON.stringify({ ...cart.body, commit: true, transaction_id: `h-${run}-${cart.usLocal ? 'us' : 'de'}-${i}` })),
    ],
  ];
}

/** Every mode's timings per cart, keyed `mode|cart`. */
async function runModes(modes: Mode[], carts: Cart[]): Promise<Map<string, Timings>> {
  // Warm-up: imports, authorizer cache, connections, DynamoDB Local's JIT (it keeps speeding up for a few hundred calls).
  for (const [, concurrency, , call] of modes) {
    for (const cart of carts) await load(40, concurrency, (i) => call(cart, 1_000_000 + i));
  }
  // The modes take turns in chunks, so DynamoDB Local's drift (JIT, GC, growing tables) touches every mode alike.
  const results = new Map<string, Timings>();
  for (let c = 0; c < CHUNKS; c++) {
    for (const [name, concurrency, count, call] of modes) {
      for (const cart of carts) {
        const chunk = Math.ceil(count / CHUNKS);
        const t = await load(chunk, concurrency, (i) => call(cart, c * chunk + i));
        const sum = results.get(`${name}|${cart.name}`) ?? { times: [], seconds: 0 };
        sum.times.push(...t.times);
        sum.seconds += t.seconds;
        results.set(`${name}|${cart.name}`, sum);
      }
    }
  }
  return results;
}

/** Against DynamoDB Local: the use case, then HTTP. */
async function measureDynamoDb(carts: Cart[], zip: ZipRateRow, out: Out): Promise<void> {
  await startBenchDatabase();
  await rateTable().putAll([zip]);
  const { account_id: accountId, api_key: apiKey } = await createAccount(ports, { name: 'Bench Inc', country: 'US' });
  const server = await startServerProcess();
  cleanups.push(() => server.stop());
  const modes = unifyModes(server.url, accountId, apiKey);
  const results = await runModes(modes, carts);
  out('');
  out(`| 100-line cart against DynamoDB Local | calls x in flight | ${carts.map((c) => `${c.name}: p50 / p99 / per s`).join(' | ')} |`);
  out(`|---|---|${carts.map(() => '---|').join('')}`);
  for (const [name, concurrency, count] of modes) {
    const cells = carts.map((cart) => {
      const t = results.get(`${name}|${cart.name}`)!;
      return `${ms(quantile(t.times, 0.5))} / ${ms(quantile(t.times, 0.99))} / ${int(t.times.length / t.seconds)}`;
    });
    out(`| ${name} | ${int(count)} x ${concurrency} | ${cells.join(' | ')} |`);
  }
}

async function main() {
  console.log(`unify benchmark: ${new Date().toISOString()}, node ${process.version}, ${process.arch}`);
  const zip = richZipRow();
  const carts: Cart[] = [
    { name: `US ${zip.zip} (${zip.state}) B2C`, body: cartBody('USD', { type: 'B2C' }, { country: 'US', postal_code: zip.zip }), usLocal: zip },
    { name: 'DE B2B, VAT ID DE136695976', body: cartBody('EUR', { type: 'B2B', tax_id: 'DE136695976' }, { country: 'DE' }), usLocal: null },
  ];
  const lines: string[] = [];
  const out = (l: string) => {
    console.log(l);
    lines.push(l);
  };
  measurePure(carts, out);
  measureTaxIds(out);
  await measureDynamoDb(carts, zip, out);

  closeDynamoDbClient();
  await cleanUp();
  console.log('\n--- markdown for docs/benchmarks.md ---\n');
  console.log(lines.join('\n'));
}

runBenchmark(main);
