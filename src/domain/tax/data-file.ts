/** Domain (pure): what the project's data files (data/*.json) share: dates, sources, and validation once at import. */
import * as z from 'zod';

export const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
/** The law, article or authority page a fact comes from: never empty. */
export const source = z.string().min(8);

/** The file validated by its schema; a bad data file fails every test and the deploy, never a request. */
export function parseDataFile<T>(name: string, schema: z.ZodType<T>, json: unknown): T {
  const parsed = schema.safeParse(json);
  if (!parsed.success) throw new Error(`data/${name} is invalid: ${z.prettifyError(parsed.error)}`);
  return parsed.data;
}
