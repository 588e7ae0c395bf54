/** Domain (pure): what the project's data files (data/*.json) share: dates, sources, and their validation. */
import * as z from 'zod';

export const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
/** The law, article or authority page a fact comes from: never empty. */
export const source = z.string().min(8);

/** A data file as read: its name, schema and contents, so that checkDataFiles can validate them all again. */
export interface DataFile {
  name: string;
  /** Built when the file is validated: a deployed bundle never builds it. */
  schema: () => z.ZodType;
  json: unknown;
}
const filesRead: DataFile[] = [];

/**
 * The Lambda bundles are built with LEVY_DATA_CHECKED=build (lib/bundling.ts): their data files were validated when
 * the stack was synthesised (bin/levy.ts runs checkDataFiles) and by every test run, so a cold start does not validate
 * them again (about 27 ms of a 78 ms import, docs/benchmarks.md). Everywhere else (tests, `npm start`, the CLI) each
 * file is validated when first imported. The schemas transform nothing (test/unit/tax/data-files.test.ts proves the
 * parsed data equals the file), so the file's contents are the data either way.
 */
const checkedAtBuild = process.env.LEVY_DATA_CHECKED === 'build';

/** The file's data as its schema parses it; throws, naming the file and the problem, when it is invalid. */
export function validated<T>(file: DataFile): T {
  const parsed = file.schema().safeParse(file.json);
  if (!parsed.success) throw new Error(`data/${file.name} is invalid: ${z.prettifyError(parsed.error)}`);
  return parsed.data as T;
}

/** The file's data, validated by its schema unless the bundle was checked at build; a bad data file fails every test and the deploy, never a request. */
export function parseDataFile<T>(name: string, schema: () => z.ZodType<T>, json: unknown): T {
  const file = { name, schema, json };
  filesRead.push(file);
  return checkedAtBuild ? (json as T) : validated<T>(file);
}

/** Every data file read so far in this process, in the order first read. */
export function dataFilesRead(): readonly DataFile[] {
  return filesRead;
}
