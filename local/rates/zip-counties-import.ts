/**
 * Admin command (`levy zip-counties import <crosswalk.csv>`, also run by `npm start` for LEVY_ZIP_COUNTIES_FILE):
 * loads the HUD-USPS ZIP-to-county crosswalk, keeping the ZIPs that reach into two or more counties of a
 * state (src/domain/geography/zip-counties.ts), into the Rates table beside each ZIP's rates, where a checkout reads
 * them to ask for the street address (docs/checkouts.md). Reads HUD's own layout (`ZIP,COUNTY,...,USPS_ZIP_PREF_STATE,
 * ...,TOT_RATIO`) or the named one of `../shared/data/us-zip-county-hud-2023q1` (`zip,county_fips,county_name,state,
 * ...,tot_ratio`). The whole file is checked first, so a bad line (named by file and line) imports nothing; an import
 * replaces the previous one (a ZIP it no longer lists as spanning counties is deleted).
 */
import { readFileSync } from 'node:fs';
import { multiCountySpans, type ZipCountyPair } from '../../src/domain/geography/zip-counties';
import { rateTable } from './rates-import';
import { csvRecords } from './csv-records';

/** A malformed crosswalk file: nothing was imported. */
export class ZipCountyFileError extends Error {
  constructor(file: string, line: number, problem: string) {
    super(`${file}:${line}: ${problem}`);
    this.name = 'ZipCountyFileError';
  }
}

/** Each field, and the header names (lower-cased) it may have: the HUD file's, or the shared folder's. */
const COLUMNS = {
  zip: ['zip'],
  county_fips: ['county_fips', 'county'],
  state: ['state', 'usps_zip_pref_state'],
  share: ['tot_ratio'],
  county_name: ['county_name'],
} as const;
const OPTIONAL: ReadonlySet<keyof typeof COLUMNS> = new Set(['county_name']);

/** Parses the whole file; throws ZipCountyFileError at the first bad line. */
export function parseZipCountyCsv(text: string, file: string): ZipCountyPair[] {
  const records = csvRecords(text, (line, problem) => new ZipCountyFileError(file, line, problem));
  const header = (records[0]?.record ?? []).map((name) => name.trim().toLowerCase());
  const at = {} as Record<keyof typeof COLUMNS, number>;
  for (const [field, names] of Object.entries(COLUMNS) as [keyof typeof COLUMNS, readonly string[]][]) {
    at[field] = header.findIndex((name) => names.includes(name));
    if (at[field] < 0 && !OPTIONAL.has(field))
      throw new ZipCountyFileError(file, 1, `the header has no ${names.map((n) => n.toUpperCase()).join(' or ')} column`);
  }
  return records.slice(1).map(({ record, info }) => {
    const cell = (field: keyof typeof COLUMNS): string => (at[field] < 0 ? '' : (record[at[field]] ?? '').trim());
    const problem = (text: string) => new ZipCountyFileError(file, info.lines, text);
    const [zip, county_fips, state, share] = [cell('zip'), cell('county_fips'), cell('state'), cell('share')];
    if (!/^\d{5}$/.test(zip)) throw problem(`ZIP '${zip}' is not five digits`);
    if (!/^\d{5}$/.test(county_fips)) throw problem(`county FIPS code '${county_fips}' is not five digits`);
    if (!/^[A-Z]{2}$/.test(state)) throw problem(`state '${state}' is not a two-letter code`);
    if (!/^(0|1)(\.\d+)?$/.test(share) || Number(share) > 1) throw problem(`TOT_RATIO '${share}' is not a fraction between 0 and 1`);
    return { zip, county_fips, county_name: cell('county_name'), state, share: Number(share) };
  });
}

export interface ZipCountyImportSummary {
  pairs: number;
  zips: number;
  /** ZIP and state pairs that reach into two or more counties (stored). */
  multi_county: number;
  /** Spans of an earlier import this one no longer lists (deleted). */
  deleted: number;
  seconds: number;
}

export async function importZipCounties(file: string): Promise<ZipCountyImportSummary> {
  const started = Date.now();
  const pairs = parseZipCountyCsv(readFileSync(file, 'utf8'), file);
  const spans = multiCountySpans(pairs);
  const zips = new Set(pairs.map((p) => p.zip)).size;
  const { written, deleted } = await rateTable().replaceCountySpans(spans, { zipCount: zips });
  return { pairs: pairs.length, zips, multi_county: written, deleted, seconds: (Date.now() - started) / 1000 };
}
