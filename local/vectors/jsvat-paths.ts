/**
 * Local (tests and CLI): where jsvat's test vectors (https://github.com/se-panfilov/jsvat, `test/countries_vat_lists/*.vat.js`)
 * are looked for, in order. Nothing of jsvat is kept in the repository: `npm run vectors:jsvat` exports its lists into
 * the gitignored `.levy/` from a jsvat git dir or checkout, and ../shared/data holds them as one JSON file.
 */
import { resolve } from 'node:path';
import { exportDir, vectorPlaces } from './vector-places';

/** Where `npm run vectors:jsvat` writes: `countries_vat_lists/` and `COMMIT` (the commit they came from). */
export const JSVAT_EXPORT_DIR = exportDir('jsvat');

/** The environment variable naming a folder of `*.vat.js` files or a `jsvat_vectors.json`, tried first. */
export const JSVAT_VECTORS_ENV = 'LEVY_JSVAT_VECTORS';

/** The places tried, in order: `$LEVY_JSVAT_VECTORS`, `.levy/jsvat/countries_vat_lists`, `../shared/data/tax-id-vectors/jsvat_vectors.json`. */
export const jsvatVectorSources = (env: NodeJS.ProcessEnv = process.env): string[] =>
  vectorPlaces(env, JSVAT_VECTORS_ENV, resolve(JSVAT_EXPORT_DIR, 'countries_vat_lists'), 'tax-id-vectors/jsvat_vectors.json');
