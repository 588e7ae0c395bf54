/**
 * Domain (pure): a value built on its first use and kept. zod builds a module's schemas when it is imported, so the
 * schemas few requests read (data files' schemas, answer schemas) are built through this instead: a cold start that
 * never reads them never builds them (docs/benchmarks.md).
 */
export function memo<T>(build: () => T): () => T {
  let built: { value: T } | undefined;
  return () => (built ??= { value: build() }).value;
}
