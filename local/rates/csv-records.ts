/**
 * Local tools: reading a CSV file as the imports do (the ZIP rate files, the ZIP-to-county crosswalk): csv-parse with
 * RFC 4180 quoting, each record with its line number, a malformed line reported as the caller's own error.
 */
import { CsvError, parse } from 'csv-parse/sync';

/** A CSV file's records, each with its line number in the file (blank lines skipped); a malformed line is `fail`'s error. */
export function csvRecords(text: string, fail: (line: number, problem: string) => Error): { record: string[]; info: { lines: number } }[] {
  // csv-parse reads RFC 4180 quoting ("Winston-Salem, City" is one field); each record keeps its line number.
  try {
    return parse(text, { bom: true, info: true, record_delimiter: ['\r\n', '\n'], relax_column_count: true, skip_empty_lines: true }) as unknown as {
      record: string[];
      info: { lines: number };
    }[];
  } catch (error) {
    if (error instanceof CsvError) throw fail((error as CsvError & { lines?: number }).lines ?? 1, error.message.replace(/^Invalid [^:]*: /, ''));
    throw error;
  }
}
