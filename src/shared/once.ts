/**
 * Shared (below every layer; imports nothing): values made when first needed, then kept. The domain builds through
 * `once` the schemas few requests read (zod builds a module's schemas when it is imported, so a cold start that never
 * reads them never builds them: docs/benchmarks.md); adapters and the composition root make their clients, stores and
 * middleware through it on first use, so no module reads the environment at import.
 */

/** A value made by `make` when first asked for, then the same one every time. */
export function once<T>(make: () => T): () => T {
  // A flag, not `??=`: `make` may answer undefined (a middleware that is not built in), and that is kept too.
  let made = false;
  let value: T;
  return () => {
    if (!made) {
      value = make();
      made = true;
    }
    return value;
  };
}

/** A value made by the asynchronous `make` when first asked for, then the same one; a failed make is tried again. */
export function onceAsync<T>(make: () => Promise<T>): () => Promise<T> {
  let made: Promise<T> | undefined;
  return () =>
    (made ??= make().catch((error: unknown) => {
      made = undefined; // a failed load (a transient file-system error) is tried again by the next call
      throw error;
    }));
}
