/**
 * Domain (pure): the common free US sales-tax table format, one row per ZIP5
 * (`State,ZipCode,TaxRegionName,EstimatedCombinedRate,StateRate,EstimatedCountyRate,
 * EstimatedCityRate,EstimatedSpecialRate,RiskLevel`). Parses and checks every row, naming the file
 * and line of the first bad one, so an import either takes a whole file set or nothing.
 */

import type { UsLocalRate } from '../tax/rate-engine';

/** One row as the Rates table stores it: the engine's UsLocalRate (rates as fractions, month YYYY-MM). */
export type ZipRateRow = UsLocalRate;

export const ZIP_RATE_HEADER = [
  'State', 'ZipCode', 'TaxRegionName', 'EstimatedCombinedRate', 'StateRate',
  'EstimatedCountyRate', 'EstimatedCityRate', 'EstimatedSpecialRate', 'RiskLevel',
] as const;

export class ZipRateFileError extends Error {
  constructor(readonly file: string, readonly line: number, problem: string) {
    super(`${file}:${line}: ${problem}`);
    this.name = 'ZipRateFileError';
  }
}

/** `TAXRATES_ZIP5_CA202603.csv` -> `2026-03`, the naming of the published tables. */
export function effectiveMonthFromFileName(fileName: string): string | undefined {
  const match = /(\d{4})(\d{2})\.csv$/i.exec(fileName);
  if (!match) return undefined;
  const month = Number(match[2]);
  return month >= 1 && month <= 12 ? `${match[1]}-${match[2]}` : undefined;
}

const RATE = /^(0|0?\.\d{1,8}|0\.\d{1,8}|1(\.0+)?)$/;

function parseRate(value: string, column: string, file: string, line: number): number {
  const trimmed = value.trim();
  if (!RATE.test(trimmed)) throw new ZipRateFileError(file, line, `${column} '${value}' is not a rate between 0 and 1`);
  return Number(trimmed);
}

/** Parses a whole file; throws ZipRateFileError at the first bad line. */
export function parseZipRateCsv(text: string, file: string, effectiveMonth: string): ZipRateRow[] {
  const lines = text.split(/\r?\n/);
  const header = lines[0]?.replace(/^\uFEFF/, '').split(',').map((h) => h.trim());
  if (!header || ZIP_RATE_HEADER.some((name, i) => header[i] !== name)) {
    throw new ZipRateFileError(file, 1, `header must be ${ZIP_RATE_HEADER.join(',')}`);
  }
  const rows: ZipRateRow[] = [];
  for (let i = 1; i < lines.length; i++) {
    const lineNumber = i + 1;
    if (lines[i].trim() === '') continue;
    const cells = lines[i].split(',');
    if (cells.length !== ZIP_RATE_HEADER.length) {
      throw new ZipRateFileError(file, lineNumber, `expected ${ZIP_RATE_HEADER.length} columns, found ${cells.length}`);
    }
    const [state, zip, region, combined, stateRate, county, city, special] = cells.map((c) => c.trim());
    if (!/^[A-Z]{2}$/.test(state)) throw new ZipRateFileError(file, lineNumber, `State '${state}' is not a two-letter code`);
    if (!/^\d{5}$/.test(zip)) throw new ZipRateFileError(file, lineNumber, `ZipCode '${zip}' is not five digits`);
    const row: ZipRateRow = {
      zip,
      state,
      region_name: region,
      combined_rate: parseRate(combined, 'EstimatedCombinedRate', file, lineNumber),
      state_rate: parseRate(stateRate, 'StateRate', file, lineNumber),
      county_rate: parseRate(county, 'EstimatedCountyRate', file, lineNumber),
      city_rate: parseRate(city, 'EstimatedCityRate', file, lineNumber),
      special_rate: parseRate(special, 'EstimatedSpecialRate', file, lineNumber),
      effective_month: effectiveMonth,
    };
    // Parts in millionths: the published components add up to the combined rate within 1e-6.
    const parts = [row.state_rate, row.county_rate, row.city_rate, row.special_rate].reduce((sum, r) => sum + Math.round(r * 1e6), 0);
    if (Math.abs(parts - Math.round(row.combined_rate * 1e6)) > 1) {
      throw new ZipRateFileError(file, lineNumber, `the four rates add up to ${parts / 1e6}, not EstimatedCombinedRate ${row.combined_rate}`);
    }
    rows.push(row);
  }
  return rows;
}
