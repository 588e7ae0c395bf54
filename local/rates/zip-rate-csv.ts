/**
 * Local tool (`levy rates import`; pure): the common free US sales-tax table format, one row per ZIP5
 * (`State,ZipCode,TaxRegionName,EstimatedCombinedRate,StateRate,EstimatedCountyRate,
 * EstimatedCityRate,EstimatedSpecialRate,RiskLevel`). Parses and checks every row, naming the file
 * and line of the first bad one, so an import either takes a whole file set or nothing.
 */

import { basename, dirname, resolve } from 'node:path';
import { csvRecords } from './csv-records';
import { fractionToPpm, ppmToFraction } from '../../src/domain/money/money';
import type { UsLocalRate } from '../../src/domain/tax/rate-types';

/** One row as the Rates table stores it: the engine's UsLocalRate (rates as fractions, month YYYY-MM). */
export type ZipRateRow = UsLocalRate;

const ZIP_RATE_HEADER = [
  'State',
  'ZipCode',
  'TaxRegionName',
  'EstimatedCombinedRate',
  'StateRate',
  'EstimatedCountyRate',
  'EstimatedCityRate',
  'EstimatedSpecialRate',
  'RiskLevel',
] as const;

export class ZipRateFileError extends Error {
  constructor(
    readonly file: string,
    readonly line: number,
    problem: string,
  ) {
    super(`${file}:${line}: ${problem}`);
    this.name = 'ZipRateFileError';
  }
}

/** `2026`, `03` -> `2026-03` when the month is real. */
function yearMonth(year: string, month: string): string | undefined {
  const m = Number(month);
  return m >= 1 && m <= 12 ? `${year}-${month}` : undefined;
}

/** `TAXRATES_ZIP5_CA202603.csv` (the naming of the published tables) or `rates-2026-03.csv` -> `2026-03`. */
export function effectiveMonthFromFileName(fileName: string): string | undefined {
  const match = /(\d{4})-?(\d{2})\.csv$/i.exec(fileName);
  return match ? yearMonth(match[1], match[2]) : undefined;
}

/** A folder named for its month, like `us-zip5-rates-2026-03` or `rates_202603` -> `2026-03`. */
export function effectiveMonthFromFolderName(folderName: string): string | undefined {
  const match = /(?:^|[^\d])(\d{4})-?(\d{2})$/.exec(folderName);
  return match ? yearMonth(match[1], match[2]) : undefined;
}

/**
 * The month of a file's table: `--effective-month` when given, else the file's name, else its folder's name;
 * undefined when none says (the import then refuses the file rather than guess).
 */
export function effectiveMonthOf(path: string, given?: string): string | undefined {
  return given ?? effectiveMonthFromFileName(basename(path)) ?? effectiveMonthFromFolderName(basename(dirname(resolve(path))));
}

const RATE = /^(0|0?\.\d+|1(\.0+)?)$/;

/** A rate in [0, 1] in ppm; more than 6 decimals is refused here, as the engine would refuse it later. */
function parseRatePpm(value: string, column: string, file: string, line: number): number {
  const trimmed = value.trim();
  if (!RATE.test(trimmed)) throw new ZipRateFileError(file, line, `${column} '${value}' is not a rate between 0 and 1`);
  try {
    return fractionToPpm(Number(trimmed));
  } catch {
    throw new ZipRateFileError(file, line, `${column} '${value}' has more than 6 decimals`);
  }
}

/** Parses a whole file; throws ZipRateFileError at the first bad line. */
export function parseZipRateCsv(text: string, file: string, effectiveMonth: string): ZipRateRow[] {
  return parseZipRateLines(text, file, effectiveMonth).map(({ row }) => row);
}

/** As parseZipRateCsv, with each row's line number in the file (blank lines are skipped). */
export function parseZipRateLines(text: string, file: string, effectiveMonth: string): { row: ZipRateRow; line: number }[] {
  const records = csvRecords(text, (line, problem) => new ZipRateFileError(file, line, problem));
  const header = records[0]?.record.map((h) => h.trim());
  if (!header || ZIP_RATE_HEADER.some((name, i) => header[i] !== name)) {
    throw new ZipRateFileError(file, 1, `header must be ${ZIP_RATE_HEADER.join(',')}`);
  }
  const rows: { row: ZipRateRow; line: number }[] = [];
  for (const { record: cells, info } of records.slice(1)) {
    const lineNumber = info.lines;
    if (cells.length !== ZIP_RATE_HEADER.length) {
      throw new ZipRateFileError(file, lineNumber, `expected ${ZIP_RATE_HEADER.length} columns, found ${cells.length}`);
    }
    const [state, zip, region, combined, stateRate, county, city, special] = cells.map((c) => c.trim());
    if (!/^[A-Z]{2}$/.test(state)) throw new ZipRateFileError(file, lineNumber, `State '${state}' is not a two-letter code`);
    if (!/^\d{5}$/.test(zip)) throw new ZipRateFileError(file, lineNumber, `ZipCode '${zip}' is not five digits`);
    const ppm = {
      combined: parseRatePpm(combined, 'EstimatedCombinedRate', file, lineNumber),
      state: parseRatePpm(stateRate, 'StateRate', file, lineNumber),
      county: parseRatePpm(county, 'EstimatedCountyRate', file, lineNumber),
      city: parseRatePpm(city, 'EstimatedCityRate', file, lineNumber),
      special: parseRatePpm(special, 'EstimatedSpecialRate', file, lineNumber),
    };
    const row: ZipRateRow = {
      zip,
      state,
      region_name: region,
      combined_rate: ppmToFraction(ppm.combined),
      state_rate: ppmToFraction(ppm.state),
      county_rate: ppmToFraction(ppm.county),
      city_rate: ppmToFraction(ppm.city),
      special_rate: ppmToFraction(ppm.special),
      effective_month: effectiveMonth,
    };
    // The published components add up to the combined rate within 1 ppm (some are truncated).
    const parts = ppm.state + ppm.county + ppm.city + ppm.special;
    if (Math.abs(parts - ppm.combined) > 1) {
      throw new ZipRateFileError(file, lineNumber, `the four rates add up to ${ppmToFraction(parts)}, not EstimatedCombinedRate ${row.combined_rate}`);
    }
    rows.push({ row, line: lineNumber });
  }
  return rows;
}
