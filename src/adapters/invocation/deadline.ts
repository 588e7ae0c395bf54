/**
 * Adapter support (shared by the http pipeline, which sets it, and the DynamoDB client, which reads it): the deadline
 * of the invocation being run.
 *
 * Lambda stops a function at its timeout, wherever it is, and API Gateway answers 502: a write sent just before then
 * could land after the client was told "failed" ("500, and the record appears later"). So the pipeline runs each
 * invocation inside its deadline (`runWithinDeadline`, from the Lambda context), and the DynamoDB client refuses
 * every write attempt (a retry too) that would start within the last WRITE_RESERVE of it
 * (src/adapters/dynamodb/deadline-middleware.ts): the handler then fails cleanly with `InvocationDeadlineError`
 * (answered 503, nothing of that write sent) before Lambda cuts it off. AsyncLocalStorage, because the local server
 * runs many invocations at once in one process.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

/** At most this long before the deadline a write may start (less for a tiny timeout: a tenth of the invocation). */
const WRITE_RESERVE_MS = 1_000;

const lastWriteTimes = new AsyncLocalStorage<number>();

/** A write refused because the function's timeout was near: nothing of that write was sent. */
export class InvocationDeadlineError extends Error {
  override readonly name = 'InvocationDeadlineError';
  constructor(what: string) {
    super(`${what} was not sent: the function's timeout is near`);
  }
}

/** Runs one invocation with `remainingMs` (the Lambda context's getRemainingTimeInMillis()) left. */
export function runWithinDeadline<T>(remainingMs: number | undefined, run: () => Promise<T>): Promise<T> {
  if (remainingMs === undefined || !Number.isFinite(remainingMs)) return run();
  const reserve = Math.min(WRITE_RESERVE_MS, remainingMs / 10);
  return lastWriteTimes.run(Date.now() + remainingMs - reserve, run);
}

/** Epoch ms after which the running invocation starts no write; undefined outside an invocation (CLI, tests). */
export const lastWriteAt = (): number | undefined => lastWriteTimes.getStore();
