/**
 * Domain (pure): the one sentence that says whether US local (county, city, district) rates are loaded, in every place
 * that says it: `npm start`'s start-up lines (local/coverage-lines.ts), the `UsLocalRates` output `cdk deploy` prints
 * (the custom resource of lib/stack/us-local-rates-report.ts) and the line a rating function logs once per container
 * (src/adapters/observability/us-local-rates-log.ts). docs/local.md "US local rates" is where public tables come from.
 */
import type { ZipRateOnMonth } from '../tax/zip-rate-months';

/** How the ZIP tables are imported, and where public ones come from (docs/local.md "US local rates"). */
export const ZIP_TABLES_HOWTO =
  'import them with `npx levy rates import <folder or .csv files>` (`--aws` for a deployed stack); Avalara publishes free ZIP5 tables each month ' +
  '(TAXRATES_ZIP5_<state><YYYYMM>.csv) at https://www.avalara.com/taxrates/en/download-tax-tables.html (docs/local.md "US local rates")';

/** What a US sale gets without a table: said the same way by the summary, the lookup's log line and the coverage warning. */
export const STATE_BASE_RATE_ONLY = 'a US sale is taxed at its state base rate only, without county, city and district taxes';

/** What LEVY_US_LOCAL_RATES=required (deployed: `-c usLocalRates=required`) does instead of the state base rate. */
export const REQUIRED_REFUSES = 'LEVY_US_LOCAL_RATES=required: a US sale without a ZIP table in force on its date is refused (422 us_local_rates_missing)';

/** Where to ask again at any time (the deploy output and the log line are each one moment's answer). */
export const ASK_COVERAGE = 'GET /v1/tax/coverage or `npx levy coverage` (`--aws` for a deployed stack) says what is imported at any time';

/** The part of the coverage (./coverage.ts `Coverage`) the summary is made of: its ZIP tables and warnings. */
export interface ZipTablesCoverage {
  us_zip_tables: { in_force: string | null; months: readonly { month: string; zip_count: number; state_count: number }[] };
  warnings: readonly { code: string; message: string }[];
}

export interface UsLocalRatesSummary {
  /** Whether any month's ZIP table is imported. */
  loaded: boolean;
  /** One sentence: the months, the table in force today with its ZIP and state counts, or that none is loaded and what to do. */
  headline: string;
  /** The coverage warnings about the ZIP tables beyond "none at all" (none for this month, the one in force is stale). */
  warnings: string[];
}

const thousands = (n: number): string => n.toLocaleString('en-US');
const plural = (n: number, word: string): string => `${thousands(n)} ${word}${n === 1 ? '' : 's'}`;

/** The summary of the coverage's `us_zip_tables` (src/domain/installation/coverage.ts), with its ZIP table warnings. */
export function usLocalRatesSummary(coverage: ZipTablesCoverage): UsLocalRatesSummary {
  const { months, in_force } = coverage.us_zip_tables;
  if (months.length === 0) {
    return { loaded: false, headline: `none loaded: ${STATE_BASE_RATE_ONLY} (the answer says so in \`notes\`); ${ZIP_TABLES_HOWTO}`, warnings: [] };
  }
  // months are newest first.
  const span = months.length === 1 ? months[0].month : `${months.at(-1)!.month}..${months[0].month}`;
  const current = months.find((m) => m.month === in_force);
  const counts = (m: (typeof months)[number]) => `${plural(m.zip_count, 'ZIP')} in ${plural(m.state_count, 'state')}`;
  const inForce = current
    ? `in force today: ${current.month}, ${counts(current)}`
    : `in force today: none, only later months are imported (${months[0].month}: ${counts(months[0])})`;
  return {
    loaded: true,
    headline: `${plural(months.length, 'month')} loaded (${span}); ${inForce}`,
    warnings: coverage.warnings.filter((w) => w.code.startsWith('us_zip_') && w.code !== 'us_zip_tables_missing').map((w) => w.message),
  };
}

/** The summary as one text (the stack output): the headline, each warning, and the refusal when sales without a table are refused. */
export const summaryText = (summary: UsLocalRatesSummary, required = false): string =>
  [`${summary.headline}.`, ...summary.warnings, ...(required ? [`${REQUIRED_REFUSES}.`] : [])].join(' ');

/**
 * What a rating function can say from its first ZIP lookup alone (no read of its own: the lookup's one item, or none):
 * that the tables answered, or that this ZIP had none in force, which is what every ZIP gets when none are imported.
 */
export function firstLookupSummary(lookup: { zip: string; state: string; month: string; found: ZipRateOnMonth }): { loaded: boolean; text: string } {
  const { zip, state, month, found } = lookup;
  if (found.row) {
    return {
      loaded: true,
      text: `US local rates: loaded (the first US lookup of this container, ZIP ${zip} in ${state}, was answered by the ${found.row.effective_month} table); ${ASK_COVERAGE}`,
    };
  }
  const why = found.firstMonth ? `its first table is for ${found.firstMonth}` : 'no imported table lists it';
  return {
    loaded: false,
    text:
      `US local rates: none in force for ZIP ${zip} in ${state} on ${month} (the first US lookup of this container; ${why}), so ${STATE_BASE_RATE_ONLY}; ` +
      `if no tables are imported at all, ${ZIP_TABLES_HOWTO}; ${ASK_COVERAGE}`,
  };
}
