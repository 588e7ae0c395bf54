/** Composition: a value made by `make` when first asked for, then the same one every time (one per container). */
export function once<T>(make: () => T): () => T {
  let made: T | undefined;
  return () => (made ??= make());
}
