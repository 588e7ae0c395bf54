/**
 * Admin command (`levy fx import <eurofxref-hist.csv>`): loads the ECB euro foreign exchange reference rates
 * (the CSV of https://www.ecb.europa.eu/stats/eurofxref/eurofxref-hist.zip: `Date,USD,JPY,...`, one line per
 * business day, units per euro) into the FxRates table, which the nexus report converts sales with. The whole file is
 * parsed first, so a malformed line (named) imports nothing; writes are puts keyed by currency and day, so importing
 * again, or a newer file, converges on the same table.
 */
import { readFileSync } from 'node:fs';
import { fxRates } from '../../src/composition/ports';
import { parseEcbCsv } from '../../src/domain/nexus/fx';

export interface FxImportSummary {
  rows: number;
  currencies: string[];
  from: string | null;
  to: string | null;
}

/** A malformed file: nothing was imported. */
export class FxFileError extends Error {}

export async function importFxRates(path: string): Promise<FxImportSummary> {
  let rows;
  try {
    rows = parseEcbCsv(readFileSync(path, 'utf8'));
  } catch (error) {
    if (error instanceof RangeError) throw new FxFileError(`${path}: ${error.message}`);
    throw error;
  }
  await fxRates.put(rows);
  const dates = rows.map((r) => r.date).sort();
  return { rows: rows.length, currencies: [...new Set(rows.map((r) => r.currency))].sort(), from: dates[0] ?? null, to: dates.at(-1) ?? null };
}
