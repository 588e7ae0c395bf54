// Infrastructure (bundling): what @middy/core imports from node:stream/web, without loading it at import (lib/bundling.ts).
// `instanceof ReadableStream` is its only use; Node loads the global ReadableStream on first access.
export class ReadableStream {
  static [Symbol.hasInstance](value) {
    return value instanceof globalThis.ReadableStream;
  }
}
