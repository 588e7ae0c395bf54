/**
 * Test support, the HTTP fuzz (test/http/fuzz-1.test.ts and fuzz-2.test.ts, each a shard of the routes dealt by their
 * measured cost, so that Jest's two workers run them side by side and end together): for every route, FUZZ_RUNS
 * requests through the local server with generated bodies, query strings, path ids and headers (fast-check, seeded, so
 * a failure replays), mixing garbage with near-valid requests made by mutating each route's sample request. Not one
 * may answer 5xx, and every 4xx must carry the error body `{error, message, status, request_id}` with its own status,
 * and every answer must be one docs/openapi.json documents for the route (the contract check of test/support/contract.ts).
 *
 * How many: `npm test` sends 300 per route (the default here); `npm run test:fuzz` 10,000 per route (FUZZ_RUNS=10000),
 * which .ci/run runs after `npm test`. A longer run is a benchmark: `FUZZ_RUNS=100000 npx jest test/http/fuzz-`.
 *
 * Which: the seed is the day's date (UTC, YYYYMMDD) unless FUZZ_SEED names one, so each day's runs send other
 * requests and the runs of one day the same ones (the first FUZZ_RUNS of that seed's sequence: the 300 of `npm test`
 * are the start of that day's 10,000). A failure names its seed, its route and its index, and says how to replay it:
 * the whole route again (FUZZ_SEED, FUZZ_RUNS, FUZZ_ROUTES), or that one request alone (FUZZ_PATH=<index>, fast-check's
 * replay path: the sequence from that index on).
 */
import fc from 'fast-check';
import type { CreatedAccount } from '../../local/admin/accounts';
import type { LocalDynamoDb } from '../../local/dynamodb/dynamodb-local';
import { samples } from '../../local/generate-events';
import { startLocalDatabase } from '../../local/local-env';
import { LoopbackClient, type LoopbackAnswer } from '../../local/server/loopback-client';
import { startServerProcess, type ServerProcess } from '../../local/server/server-process';
import { matchRoute } from '../../local/server/route-matching';
import { routes, type RouteDefinition } from '../../src/config/routes';
import { checkDocumentedAnswer } from '../support/contract';
import { newTestAccount } from '../support/api';
import { cpuByProcess, cpuSince } from '../support/process-cpu';
import { bundleModeRequested } from '../../local/bundles/local-bundles';
import { DEFAULT_FUZZ_COST, fuzzCostMs } from './fuzz-costs';

const RUNS = Number(process.env.FUZZ_RUNS ?? 300);
/** Today in UTC as a number, 20261127 for 27 November 2026: the seed of the day. */
const dailySeed = () => Number(new Date().toISOString().slice(0, 10).replaceAll('-', ''));
const SEED = Number(process.env.FUZZ_SEED ?? dailySeed());
/** FUZZ_PATH=<index>: start at that index of the seed's sequence (with FUZZ_RUNS=1, that one request alone). */
const PATH = process.env.FUZZ_PATH;
if (!Number.isSafeInteger(RUNS) || RUNS < 1) throw new Error(`FUZZ_RUNS must be a positive integer, not ${process.env.FUZZ_RUNS}`);
if (!Number.isSafeInteger(SEED)) throw new Error(`FUZZ_SEED must be an integer, not ${process.env.FUZZ_SEED}`);
if (PATH !== undefined && !/^\d+$/.test(PATH)) throw new Error(`FUZZ_PATH must be an index (a whole number), not ${PATH}`);
/**
 * Requests in flight per route. In bundle mode one container serves all of a function's concurrent requests, one
 * event loop taking turns (Lambda starts a container per concurrent request), so 16 at once made each wait on the
 * other 15: a cold route's first 16 calls of tax-coverage (60 DynamoDB reads each) passed the 10 s timeout on 2 cores.
 */
const IN_FLIGHT = bundleModeRequested() ? 4 : 16;
/** FUZZ_ROUTES=name,name: only those routes (while working on one); unset: every route. */
const ONLY = process.env.FUZZ_ROUTES ? new Set(process.env.FUZZ_ROUTES.split(',').map((name) => name.trim())) : undefined;
/** FUZZ_PROFILE=1: print each route's CPU milliseconds per request, per process (docs/benchmarks.md, "Fuzz budget"). */
const PROFILE = process.env.FUZZ_PROFILE === '1';
const profile: string[] = [];

export const FUZZ_SHARDS = 2;
/**
 * The shards, dealt by cost (./fuzz-costs.ts): the costliest route first, each to the shard with the least so far, so
 * that Jest's two workers end together (dealt by position in the route table, one ran 2 minutes longer than the other).
 */
const shardOfRoute: ReadonlyMap<string, number> = (() => {
  const costOf = (route: RouteDefinition) => fuzzCostMs[route.name] ?? DEFAULT_FUZZ_COST;
  const load: number[] = Array.from({ length: FUZZ_SHARDS }, () => 0);
  const dealt = new Map<string, number>();
  for (const route of [...routes].sort((a, b) => costOf(b) - costOf(a) || a.name.localeCompare(b.name))) {
    const least = load.indexOf(Math.min(...load));
    load[least] += costOf(route);
    dealt.set(route.name, least + 1);
  }
  return dealt;
})();
const shardOf = (route: RouteDefinition): number => shardOfRoute.get(route.name)!;
const shardFile = (shard: number): string => `test/http/fuzz-${shard}.test.ts`;

let db: LocalDynamoDb;
let server: ServerProcess;

/**
 * A fresh account per route (what one route's fuzz writes never slows another's reads), with a vendor, an entity
 * and a sale that exist, so that some requests get past the id check to the records.
 */
async function accountWithRecords(): Promise<{ account: CreatedAccount; existing: Record<string, string> }> {
  const account = await newTestAccount('US', 'Fuzz Inc');
  const post = (path: string, body: unknown) =>
    fetch(`${server.url}${path}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${account.api_key}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    }).then((r) => r.json() as Promise<{ id: string }>);
  return {
    account,
    existing: {
      vendor: (await post('/vendors', samples['vendors-create'].body)).id,
      entity: (await post('/entities', samples['entities-create'].body)).id,
      transaction: (await post('/v1/transactions', samples['transactions-create'].body)).id,
    },
  };
}

interface FuzzRequest {
  path: string;
  query: Record<string, string>;
  body: string | undefined;
  headers: Record<string, string>;
}

/** Any JSON-ish value, kept small. */
const value = fc.oneof(
  { depthSize: 'small', maxDepth: 2 },
  fc.string(),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constantFrom(9_999_999_999_999, 1e16, -1, 0, 2 ** 53, '', 'DE', 'SAAS', 'CLOUD', 'B2B', '2026-02-30', '😀'.repeat(50)),
  fc.array(fc.anything({ maxDepth: 1 }), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.anything({ maxDepth: 1 }), { maxKeys: 3 }),
);

/** The sample with one field (at any depth) replaced, removed, or an unknown field added. */
function mutated(sample: unknown): fc.Arbitrary<unknown> {
  const paths: (string | number)[][] = [];
  const walk = (node: unknown, at: (string | number)[]) => {
    if (node === null || typeof node !== 'object') return;
    for (const [key, child] of Object.entries(node as Record<string, unknown>)) {
      const here = [...at, Array.isArray(node) ? Number(key) : key];
      paths.push(here);
      walk(child, here);
    }
  };
  walk(sample, []);
  if (!paths.length) return fc.constant(sample);
  return fc
    .tuple(fc.constantFrom(...paths), fc.constantFrom('replace', 'remove', 'add'), value, fc.string({ maxLength: 12 }))
    .map(([path, how, replacement, extra]) => {
      const copy = structuredClone(sample) as Record<string, unknown>;
      let parent: Record<string | number, unknown> = copy;
      for (const key of path.slice(0, -1)) parent = parent[key] as Record<string | number, unknown>;
      const last = path.at(-1)!;
      if (how === 'replace') parent[last] = replacement;
      else if (how === 'remove') delete parent[last];
      // Into an array, an element more: a numeric key such as '99999999' would make it sparse and billions long.
      else if (Array.isArray(parent)) parent.push(replacement);
      else parent[extra || 'x'] = replacement;
      return copy;
    });
}

function requestsFor(route: RouteDefinition, existing: Record<string, string>): fc.Arbitrary<FuzzRequest> {
  const sample = samples[route.name];
  const kind = route.pathIds?.id;
  const pathId = fc.oneof(
    { weight: 2, arbitrary: fc.constant(kind ? existing[kind] : '') },
    fc.string({ maxLength: 40 }),
    fc.string({ unit: 'binary', maxLength: 20 }),
    fc.string({ unit: 'grapheme', minLength: 100, maxLength: 400 }),
    // Past DynamoDB's 1,024-byte key: long ASCII, and few characters of many bytes.
    fc.string({ minLength: 1_000, maxLength: 2_000 }),
    fc.integer({ min: 200, max: 400 }).map((n) => '😀'.repeat(n)),
    fc.stringMatching(/^[A-Za-z0-9._:~-]{1,130}$/),
  );
  const lines = (sample.body as { line_items?: unknown[] } | undefined)?.line_items;
  const body = fc.oneof(
    { weight: 36, arbitrary: (sample.body !== undefined ? mutated(sample.body) : value).map((b) => JSON.stringify(b)) },
    // Many lines of large amounts: the sums a sale's totals and counters must still hold exactly. Rare (1 body in 55),
    // as each costs a full sale; 1,000 lines of 10^13 - 1 is the case that once passed 2^53.
    ...(lines
      ? [
          {
            weight: 1,
            arbitrary: fc
              .tuple(fc.constantFrom(1, 7, 1_000), fc.constantFrom(9_999_999_999_999, 9_999_999_999_999, 123_456_789), fc.uuid())
              .map(([count, amount, id]) =>
                JSON.stringify({
                  ...(sample.body as object),
                  // A new sale each time, so it is recorded rather than compared with an earlier one.
                  ...('id' in (sample.body as object) ? { id } : {}),
                  line_items: Array.from({ length: count }, (_, i) => ({ ...(lines[0] as object), id: `l${i}`, amount })),
                }),
              ),
          },
        ]
      : []),
    { weight: 6, arbitrary: fc.json() },
    { weight: 6, arbitrary: fc.string({ maxLength: 60 }) },
    { weight: 6, arbitrary: fc.constant(undefined) },
  );
  const knownQuery = Object.keys(sample.query ?? {});
  // The exact sample query 1 time in 10 (still ~1,000 valid reads per list route): valid reads are what the
  // integration tests cover, and each costs a DynamoDB Local query (docs/benchmarks.md, "Fuzz budget").
  const query = fc.oneof(
    { weight: 1, arbitrary: fc.constant(sample.query ?? {}) },
    {
      weight: 9,
      arbitrary: fc.dictionary(
        fc.oneof(fc.constantFrom('limit', 'starting_after', 'from', 'to', ...knownQuery), fc.string({ maxLength: 8 })),
        fc.string({ maxLength: 30 }),
        { maxKeys: 3 },
      ),
    },
  );
  const headers = fc.record(
    {
      'Content-Type': fc.constantFrom('application/json', 'text/plain', 'application/vnd.api+json; charset=utf-8', ''),
      // A small pool too, so keys are reused: replays, other bodies (422) and duplicates in flight (409) happen.
      'Idempotency-Key': fc.oneof(fc.uuid(), fc.string({ minLength: 1, maxLength: 300 }), fc.constantFrom('k1', 'k2', 'k3', 'k4', 'k5', 'k6', 'k7', 'k8')),
    },
    { requiredKeys: [] },
  );
  return fc.record({ id: pathId, query, body, headers }).map(({ id, query, body, headers }) => ({
    path: route.path.replace('{id}', encodeURIComponent(id)),
    query,
    body,
    headers: Object.fromEntries(Object.entries(headers).filter(([name, v]) => v !== '' && (name !== 'Idempotency-Key' || route.idempotent))) as Record<
      string,
      string
    >,
  }));
}

/** The client: node:http keep-alive sockets, one per request in flight (local/server/loopback-client.ts says why). */
const client = new LoopbackClient(IN_FLIGHT);

function send(route: RouteDefinition, r: FuzzRequest, account: CreatedAccount): Promise<LoopbackAnswer> {
  const query = new URLSearchParams(r.query).toString();
  const hasBody = r.body !== undefined && route.method !== 'GET';
  const headers: Record<string, string> = {
    Authorization: `Bearer ${account.api_key}`,
    ...(hasBody ? { 'Content-Type': 'application/json' } : {}),
    ...r.headers,
  };
  return client.send(route.method, `${server.url}${r.path}${query ? `?${query}` : ''}`, headers, hasBody ? r.body : undefined);
}

/**
 * Why the answer is not one docs/openapi.json documents for the route, or undefined. Not checked: a request whose
 * generated path no longer names this route, and the local server's own 400 for bytes that are not valid HTTP (in
 * AWS, API Gateway answers those before any route).
 */
function undocumented(route: RouteDefinition, r: FuzzRequest, answer: LoopbackAnswer): string | undefined {
  // As the server reads the path: dot segments resolved (`/vendors/.` is `/vendors/`, no route).
  if (matchRoute(route.method, new URL(r.path, 'http://localhost').pathname)?.route.name !== route.name) return undefined;
  // The local server's own 400 for bytes that are not valid HTTP has no route to be documented under.
  if (answer.status === 400 && /"error":"bad_request"/.test(answer.text)) return undefined;
  try {
    checkDocumentedAnswer(route, answer.status, answer.contentType, answer.text);
    return undefined;
  } catch (error) {
    return `${(error as Error).message.slice(0, 400)} for ${JSON.stringify(r).slice(0, 300)}`;
  }
}

/** The fuzz of one shard's routes (of those FUZZ_ROUTES names, if set), in a database and a server of its own. */
export function describeFuzzShard(shard: number): void {
  if (ONLY && routes.filter((r) => ONLY.has(r.name)).length !== ONLY.size)
    throw new Error(`FUZZ_ROUTES names no route: ${[...ONLY].filter((n) => !routes.some((r) => r.name === n)).join(', ')}`);
  const selected = routes.filter((r) => shardOf(r) === shard && (!ONLY || ONLY.has(r.name)));
  const title = `fuzz, shard ${shard} of ${FUZZ_SHARDS}: ${RUNS.toLocaleString('en-US')} generated requests per route, seed ${SEED}${PATH ? `, path ${PATH}` : ''}`;
  describe(title, () => {
    if (!selected.length) {
      it.skip(`no route of FUZZ_ROUTES is in this shard (${[...ONLY!].map((name) => `${name}: ${shardFile(shardOf(routes.find((r) => r.name === name)!))}`).join(', ')})`, () => {});
      return;
    }
    beforeAll(async () => {
      // A database of its own: DynamoDB Local slows down as the shared one fills (the rate tests import 41,000 rows).
      db = await startLocalDatabase({ tablePrefix: 'fuzz' });
      server = await startServerProcess({ POWERTOOLS_LOG_LEVEL: 'SILENT' });
    }, 60_000);

    afterAll(async () => {
      if (PROFILE && profile.length)
        console.log(`fuzz CPU ms per request (client = this process, node = the server, java = DynamoDB Local):\n${profile.join('\n')}`);
      client.destroy();
      await server?.stop();
      await db?.stop();
    });
    it.each(selected.map((r) => [r.name, r] as const))(
      '%s: no 5xx, every 4xx with the error body and its request id',
      async (_name, route) => {
        const { account, existing } = await accountWithRecords();
        // The processes' CPU is read (all of /proc) only for FUZZ_PROFILE=1.
        const cpuBefore = PROFILE ? cpuByProcess() : undefined;
        const wallBefore = performance.now();
        const cases = fc.sample(requestsFor(route, existing), { numRuns: RUNS, seed: SEED, ...(PATH ? { path: PATH } : {}) });
        const generatedMs = cpuBefore ? cpuSince(cpuBefore).self : 0;
        const problems: string[] = [];
        let next = 0;
        let clientErrors = 0;
        // Each problem names the request's index in the seed's sequence, for FUZZ_PATH.
        const at = (index: number) => `[index ${Number(PATH ?? 0) + index}]`;
        const worker = async () => {
          while (next < cases.length && problems.length < 5) {
            const index = next++;
            const r = cases[index];
            const answer = await send(route, r, account);
            if (answer.status >= 500) {
              problems.push(`${at(index)} ${answer.status} for ${JSON.stringify(r).slice(0, 400)}: ${answer.text.slice(0, 200)}`);
              continue;
            }
            const contractProblem = undocumented(route, r, answer);
            if (contractProblem) problems.push(`${at(index)} ${contractProblem}`);
            if (answer.status < 400) continue;
            clientErrors++;
            // A page a signed link opens (urlToken) answers its refusals as pages for the person who followed it (documented text/html).
            if (route.urlToken && /^text\/html\b/.test(answer.contentType ?? '') && answer.requestId) continue;
            let body: Record<string, unknown> | undefined;
            try {
              body = JSON.parse(answer.text) as Record<string, unknown>;
            } catch {
              body = undefined;
            }
            const ok =
              body !== undefined &&
              typeof body.error === 'string' &&
              typeof body.message === 'string' &&
              body.status === answer.status &&
              typeof body.request_id === 'string' &&
              body.request_id === answer.requestId;
            if (!ok) problems.push(`${at(index)} ${answer.status} without the error body for ${JSON.stringify(r).slice(0, 300)}: ${answer.text.slice(0, 200)}`);
          }
        };
        await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
        if (cpuBefore) {
          const cpu = cpuSince(cpuBefore);
          const per = (ms: number | undefined) => ((ms ?? 0) / RUNS).toFixed(3);
          const total = (cpu.self ?? 0) + (cpu.node ?? 0) + (cpu.java ?? 0);
          const line = `${route.name.padEnd(32)} client ${per(cpu.self)} (generation ${per(generatedMs)})  node ${per(cpu.node)}  java ${per(cpu.java)}  cpu ${per(total)}  wall ${per(performance.now() - wallBefore)}`;
          profile.push(line);
          process.stderr.write(`fuzz ${line}\n`); // as it goes, for a long run
        }
        if (problems.length) {
          const replay = `FUZZ_SEED=${SEED} FUZZ_RUNS=${RUNS}${PATH ? ` FUZZ_PATH=${PATH}` : ''} FUZZ_ROUTES=${route.name}`;
          const first = /^\[index (\d+)\]/.exec(problems[0])?.[1];
          problems.push(`replay the route: ${replay} npx jest ${shardFile(shard)}`);
          if (first)
            problems.push(
              `replay the first request alone: FUZZ_SEED=${SEED} FUZZ_PATH=${first} FUZZ_RUNS=1 FUZZ_ROUTES=${route.name} npx jest ${shardFile(shard)}`,
            );
        }
        expect(problems).toEqual([]);
        // The generator must reach the validation rules, not only the happy path.
        expect(clientErrors).toBeGreaterThan(RUNS / 10);
      },
      600_000,
    );
  });
}
