/** Secondary adapter (Node's zlib): the Inflater port, bounded: it never makes more than the bytes asked for. */
import { inflateSync } from 'node:zlib';
import type { Inflater } from '../../ports/logos';

export const zlibInflater: Inflater = {
  inflate(data, maxLength) {
    try {
      return inflateSync(data, { maxOutputLength: maxLength });
    } catch {
      // Corrupt data, or more than maxLength bytes of it.
      return undefined;
    }
  },
};
