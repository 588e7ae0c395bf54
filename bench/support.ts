/**
 * Benchmark support shared by bench/*.ts: statistics and formatting, a bounded load generator,
 * the local server in a process of its own, and clean-up that also runs on failure or Ctrl-C.
 */
import { basename, join } from 'node:path';
import type { ZipRateRow } from '../local/rates/zip-rate-csv';
import { startLocalDatabase } from '../local/local-env';
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
 * A DynamoDB Local with every table (in memory, or kept in `dataDir`), stopped by cleanUp, and this process's env pointed
 * at it as `npm start` does. Import stores and handlers only after this: they read the env on load.
 */
export async function startBenchDatabase(dataDir?: string): Promise<{ endpoint: string }> {
  const db = await startLocalDatabase({ tablePrefix: 'bench', ...(dataDir ? { dataDir } : {}) });
  cleanups.push(() => db.stop());
  return { endpoint: db.endpoint };
}

export { startServerProcess } from '../local/server/server-process';

/** Runs `main`, cleaning up (the database, the server process) on failure or Ctrl-C. */
export function runBenchmark(main: () => Promise<void>): void {
  const fail = async (error: unknown) => {
    console.error(error);
    await cleanUp();
    process.exit(1);
  };
  process.once('SIGINT', () => void cleanUp().finally(() => process.exit(130)));
  main().catch(fail);
}
