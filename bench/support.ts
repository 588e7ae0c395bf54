/**
 * Benchmark support shared by bench/*.ts: statistics and formatting, a bounded load generator,
 * the local server in a process of its own, and clean-up that also runs on failure or Ctrl-C.
 */
import { fork } from 'node:child_process';
import { basename, join } from 'node:path';
import type { ZipRateRow } from '../local/rates/zip-rate-csv';
import { ensureTables, startDynamoDbLocal } from '../local/dynamodb/dynamodb-local';
import { applyLocalEnv } from '../local/local-env';
import { startServer } from '../local/server/server';
import { listRateFiles, readRateFiles } from '../local/rates/rates-import';

export const quantile = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))];
export const median = (xs: number[]) => quantile(xs, 0.5);
export const ms = (x: number) => `${x.toFixed(x < 10 ? 2 : 1)} ms`;
export const int = (x: number) => Math.round(x).toLocaleString('en-US');

/** The shared US ZIP5 table of March 2026 (reference data: read, never copied). */
export const ZIP_DIR = join(__dirname, '../../shared/data/us-zip5-rates-2026-03');

/** Each state file of the shared table with its rows, parsed as `levy rates import` parses them. */
export function zipRowsByFile(): { file: string; rows: ZipRateRow[] }[] {
  return listRateFiles([ZIP_DIR]).map((path) => ({ file: basename(path), rows: readRateFiles([path]) }));
}

export interface Timings {
  times: number[];
  seconds: number;
}

/** `count` calls, `concurrency` in flight; `call(i)` resolves when the answer's body is read. */
export async function load(count: number, concurrency: number, call: (i: number) => Promise<unknown>): Promise<Timings> {
  const times: number[] = [];
  let next = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) {
        const i = next++;
        const started = performance.now();
        await call(i);
        times.push(performance.now() - started);
      }
    }),
  );
  return { times, seconds: (performance.now() - t0) / 1000 };
}

/** What to stop on the way out, also when a step fails or on Ctrl-C: an orphaned DynamoDB Local skews the next run. */
export const cleanups: (() => Promise<void>)[] = [];
export async function cleanUp(): Promise<void> {
  while (cleanups.length) await cleanups.pop()!().catch(() => undefined);
}

/**
 * An in-memory DynamoDB Local with every table, stopped by cleanUp, and this process's env pointed
 * at it as `npm start` does. Import stores and handlers only after this: they read the env on load.
 */
export async function startBenchDatabase(): Promise<{ endpoint: string }> {
  const db = await startDynamoDbLocal();
  cleanups.push(() => db.stop());
  await ensureTables(db.endpoint, 'bench');
  applyLocalEnv(db.endpoint, { tablePrefix: 'bench' });
  return { endpoint: db.endpoint };
}

/**
 * The local server in a process of its own, as `npm start` runs it: the load generator (this process) must not
 * share the server's event loop. `benchFile` is re-run with BENCH_SERVE=1 (see runBenchmark), inherits this
 * process's env (table names, endpoint) and answers its URL.
 */
export async function startServerProcess(benchFile: string): Promise<{ url: string; stop(): Promise<void> }> {
  const child = fork(benchFile, [], { env: { ...process.env, BENCH_SERVE: '1' }, execArgv: process.execArgv, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const url = await new Promise<string>((done, fail) => {
    child.once('message', (m) => done((m as { url: string }).url));
    child.once('exit', (code) => fail(new Error(`the server process exited (${code})`)));
  });
  return {
    url,
    stop: () =>
      new Promise<void>((done) => {
        if (child.exitCode !== null || child.signalCode !== null) return done();
        child.removeAllListeners('exit');
        child.once('exit', () => done());
        child.kill('SIGTERM');
      }),
  };
}

/** The server process's side (BENCH_SERVE=1). */
async function serve() {
  const server = await startServer({ port: 0, host: '127.0.0.1' });
  process.on('SIGTERM', () => void server.close().finally(() => process.exit(0)));
  process.send!({ url: server.url });
}

/** Runs `main`, or the server side when this process was forked by startServerProcess. */
export function runBenchmark(main: () => Promise<void>): void {
  const fail = async (error: unknown) => {
    console.error(error);
    await cleanUp();
    process.exit(1);
  };
  if (process.env.BENCH_SERVE === '1') {
    serve().catch(fail);
    return;
  }
  process.once('SIGINT', () => void cleanUp().finally(() => process.exit(130)));
  main().catch(fail);
}
