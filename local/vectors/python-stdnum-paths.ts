/**
 * Local (tests and CLI): where python-stdnum's test vectors (`tests/*.doctest`) are looked for, in
 * order. Nothing of python-stdnum is kept in the repository: `npm run vectors:python-stdnum` exports
 * them into the gitignored `.levy/` from a python-stdnum git dir or checkout.
 */
import { resolve } from 'node:path';
import { exportDir, vectorPlaces } from './vector-places';

/** Where `npm run vectors:python-stdnum` writes: `tests/` and `COMMIT` (the commit they came from). */
export const PYTHON_STDNUM_EXPORT_DIR = exportDir('python-stdnum');

/** The environment variable naming a folder of `.doctest` files, tried first. */
export const PYTHON_STDNUM_TESTS_ENV = 'LEVY_PYTHON_STDNUM_TESTS';

/** The folders tried, in order: `$LEVY_PYTHON_STDNUM_TESTS`, `.levy/python-stdnum/tests`, `../shared/data/tax-id-vectors/python-stdnum/tests`. */
export const pythonStdnumTestFolders = (env: NodeJS.ProcessEnv = process.env): string[] =>
  vectorPlaces(env, PYTHON_STDNUM_TESTS_ENV, resolve(PYTHON_STDNUM_EXPORT_DIR, 'tests'), 'tax-id-vectors/python-stdnum/tests');
