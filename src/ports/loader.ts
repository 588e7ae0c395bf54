/**
 * Port: code that only some requests need, loaded by the first that does (the composition root builds each loader
 * over a dynamic import, so a function's bundle keeps that code in a chunk of its own and a cold start skips it).
 */
export interface Loader<T> {
  load(): Promise<T>;
}
