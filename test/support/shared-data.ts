// Test helper: reads the reference data published by others in ../shared/data (never copied into the project).
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { UsLocalRate } from '../../src/domain/tax/rate-types';

export const sharedDataDir = join(__dirname, '..', '..', '..', 'shared', 'data');

/** RFC 4180 CSV (quoted fields may hold commas and newlines) -> rows of strings, header included. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(field);
      field = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      row.push(field);
      field = '';
      if (row.length > 1 || row[0] !== '') rows.push(row);
      row = [];
    } else field += ch;
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

export interface AvalaraRow {
  file: string;
  line: number;
  usLocal: UsLocalRate;
}

let avalaraCache: AvalaraRow[] | undefined;

/** Every row of us-zip5-rates-2026-03/*.csv as the UsLocalRate the Rates store would hand the engine. */
export function avalaraRows(): AvalaraRow[] {
  if (avalaraCache) return avalaraCache;
  const dir = join(sharedDataDir, 'us-zip5-rates-2026-03');
  const rows: AvalaraRow[] = [];
  for (const file of readdirSync(dir)
    .filter((name) => name.endsWith('.csv'))
    .sort()) {
    const month = /(\d{4})(\d{2})\.csv$/.exec(file);
    const [header, ...data] = parseCsv(readFileSync(join(dir, file), 'utf8'));
    if (
      header?.join(',') !== 'State,ZipCode,TaxRegionName,EstimatedCombinedRate,StateRate,EstimatedCountyRate,EstimatedCityRate,EstimatedSpecialRate,RiskLevel'
    ) {
      throw new Error(`unexpected header in ${file}`);
    }
    data.forEach((c, index) => {
      rows.push({
        file,
        line: index + 2,
        usLocal: {
          state: c[0]!,
          zip: c[1]!,
          region_name: c[2]!,
          combined_rate: Number(c[3]),
          state_rate: Number(c[4]),
          county_rate: Number(c[5]),
          city_rate: Number(c[6]),
          special_rate: Number(c[7]),
          effective_month: month ? `${month[1]}-${month[2]}` : 'unknown',
        },
      });
    });
  }
  avalaraCache = rows;
  return rows;
}

export interface IbericodePeriod {
  effective_from: string;
  rates: Record<string, number>;
}

export function ibericodeRates(): Record<string, IbericodePeriod[]> {
  const json = JSON.parse(readFileSync(join(sharedDataDir, 'vat-rates', 'ibericode_vat-rates.json'), 'utf8')) as { items: Record<string, IbericodePeriod[]> };
  return json.items;
}

/** The period in force on a date (periods are listed newest first in ibericode's file; sort to be safe). */
export function ibericodePeriodOn(periods: IbericodePeriod[], date: string): IbericodePeriod | undefined {
  return [...periods].sort((a, b) => b.effective_from.localeCompare(a.effective_from)).find((period) => period.effective_from <= date);
}

export interface KdeldyckeRate {
  country: string;
  start: string;
  stop: string;
  rate: number;
}

/** kdeldycke standard rates whose territory list names plain ISO countries (subdivision codes like DE-27498 skipped). */
export function kdeldyckeStandardRates(): KdeldyckeRate[] {
  const [, ...rows] = parseCsv(readFileSync(join(sharedDataDir, 'vat-rates', 'kdeldycke_vat_rates.csv'), 'utf8'));
  const out: KdeldyckeRate[] = [];
  for (const [start, stop, territories, , rate, type] of rows) {
    if (type !== 'standard') continue;
    for (const code of (territories ?? '').split(/\s+/)) {
      if (/^[A-Z]{2}$/.test(code)) out.push({ country: code, start: start!, stop: stop ?? '', rate: Number(rate) });
    }
  }
  return out;
}

/** Imports the March 2026 rows of a few ZIPs from the shared US table into the Rates table. */
export async function importZipRows(zips: readonly [state: string, zip: string][]): Promise<void> {
  // Loaded here, not at the top: unit tests use this module without a database.
  const { parseZipRateCsv } = await import('../../local/rates/zip-rate-csv');
  const { rateTable } = await import('../../local/rates/rates-import');
  const rows = zips.flatMap(([state, zip]) => {
    const file = `TAXRATES_ZIP5_${state}202603.csv`;
    const [header, ...lines] = readFileSync(join(sharedDataDir, 'us-zip5-rates-2026-03', file), 'utf8').split('\n');
    return parseZipRateCsv([header, ...lines.filter((l) => l.startsWith(`${state},${zip},`))].join('\n'), file, '2026-03');
  });
  await rateTable().putAll(rows);
}
