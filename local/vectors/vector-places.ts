/**
 * Local (tests and CLI): the order every set of third-party test vectors is looked for in: the folder or file an
 * environment variable names, then the export in the gitignored `.levy/`, then ../shared/data beside the repository.
 * Nothing of those projects is kept in the repository.
 */
import { resolve } from 'node:path';

const ROOT = resolve(__dirname, '../..');

/** `.levy/<name>`: where `npm run vectors:<name>` writes its export and the `COMMIT` it came from. */
export const exportDir = (name: string): string => resolve(ROOT, '.levy', name);

/** The places tried, in order: `$<envName>` when set, then `exported`, then `../shared/data/<shared>`. */
export function vectorPlaces(env: NodeJS.ProcessEnv, envName: string, exported: string, shared: string): string[] {
  const fromEnv = env[envName]?.trim();
  return [...(fromEnv ? [resolve(fromEnv)] : []), exported, resolve(ROOT, '../shared/data', shared)];
}
