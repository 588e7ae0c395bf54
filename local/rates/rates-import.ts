/**
 * Admin command (`levy rates import <files or folder>`, also run by `npm start` for LEVY_RATES_DIR):
 * loads US ZIP5 rate tables into the Rates table, each as the table of its month: `--effective-month`, else the
 * month in the file name (TAXRATES_ZIP5_CA202603.csv), else in its folder's (us-zip5-rates-2026-03); a file with
 * none is refused. Every file is parsed and checked first, so a bad row (named by file and line), a file without a
 * month or a ZIP listed twice for one month aborts before anything is written; then the rows go in batches of 25
 * with a progress bar. Writes are puts keyed (zip, state and month), so a re-run after an interrupted import
 * converges on the same table, and importing another month adds to the earlier ones.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { DynamoDbRateStore } from '../../src/adapters/dynamodb/rate-store';
import { once } from '../../src/shared/once';
import { tableName } from '../../src/config/environment';
import { effectiveMonthOf, parseZipRateLines, ZipRateFileError, type ZipRateRow } from './zip-rate-csv';

/** The Rates table as the import writes it (no use case writes rates, so this is not a port). */
export const rateTable = once(() => new DynamoDbRateStore(tableName('Rates')));

export interface ImportSummary {
  files: number;
  rows: number;
  effective_months: string[];
  seconds: number;
}

/** The paths name no .csv file. */
export class NoRateFilesError extends Error {}

export function listRateFiles(paths: readonly string[]): string[] {
  return paths.flatMap((p) =>
    statSync(p).isDirectory()
      ? readdirSync(p)
          .filter((f) => f.toLowerCase().endsWith('.csv'))
          .sort()
          .map((f) => join(p, f))
      : [p],
  );
}

/** Parses every file; throws a ZipRateFileError naming file and line on the first problem. */
export function readRateFiles(files: readonly string[], effectiveMonth?: string): ZipRateRow[] {
  const rows: ZipRateRow[] = [];
  const seen = new Map<string, string>();
  for (const file of files) {
    const month = effectiveMonthOf(file, effectiveMonth);
    if (!month) {
      throw new ZipRateFileError(
        file,
        0,
        'no effective month: the file name (TAXRATES_ZIP5_CA202603.csv) nor its folder (us-zip5-rates-2026-03) names one; pass --effective-month YYYY-MM',
      );
    }
    for (const { row, line } of parseZipRateLines(readFileSync(file, 'utf8'), file, month)) {
      const key = `${row.zip}/${row.state}/${month}`;
      const earlier = seen.get(key);
      if (earlier) throw new ZipRateFileError(file, line, `ZIP ${row.zip} in ${row.state} for ${month} is already listed at ${earlier}`);
      seen.set(key, `${file}:${line}`);
      rows.push(row);
    }
  }
  return rows;
}

export async function importRates(paths: readonly string[], options: { effectiveMonth?: string; progress?: boolean } = {}): Promise<ImportSummary> {
  const started = Date.now();
  const files = listRateFiles(paths);
  if (files.length === 0) throw new NoRateFilesError(`No .csv files in ${paths.join(', ')}`);
  const rows = readRateFiles(files, options.effectiveMonth);
  const bar = options.progress ? await progressBar(rows.length) : undefined;
  await rateTable().putAll(rows, { onProgress: (written) => bar?.update(written) });
  bar?.stop();
  return {
    files: files.length,
    rows: rows.length,
    effective_months: [...new Set(rows.map((r) => r.effective_month))].sort(),
    seconds: (Date.now() - started) / 1000,
  };
}

async function progressBar(total: number) {
  const { SingleBar, Presets } = await import('cli-progress');
  const bar = new SingleBar(
    { format: 'rates import [{bar}] {percentage}% | {value}/{total} rows | {duration}s', stream: process.stderr, noTTYOutput: true, notTTYSchedule: 2000 },
    Presets.shades_classic,
  );
  bar.start(total, 0);
  return bar;
}
