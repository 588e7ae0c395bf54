/**
 * Local runtime: what `npm start` says at start-up about the data it rates with (docs/local.md "US local rates"):
 * the US ZIP tables imported (months, ZIP count) or, when none are, how to import them and where public ones come
 * from; the coverage warnings; and whether LEVY_US_LOCAL_RATES=required refuses sales without a table.
 */
import { coverageDeps } from '../src/composition/coverage';
import { usLocalRatesRequired } from '../src/config/environment';
import { ZIP_TABLES_HOWTO, type Coverage } from '../src/domain/installation/coverage';
import { installationCoverage } from '../src/usecases/coverage';

const thousands = (n: number): string => n.toLocaleString('en-US');

/** The start-up lines for a coverage answer (each prefixed `[levy]`). */
export function coverageLines(coverage: Pick<Coverage, 'us_zip_tables' | 'warnings'>, required: boolean): string[] {
  const { months, in_force } = coverage.us_zip_tables;
  const lines =
    months.length === 0
      ? [
          '[levy] US local rates: no ZIP tables imported, so a US sale is taxed at its state base rate only (the answer says so in `notes`).',
          `[levy]   To add county, city and district taxes, ${ZIP_TABLES_HOWTO}; or start with LEVY_RATES_DIR=<folder> npm start.`,
        ]
      : [
          `[levy] US local rates: ZIP tables for ${months.map((m) => `${m.month} (${thousands(m.zip_count)} ZIPs, ${m.state_count} states)`).join(', ')}; ` +
            `in force today: ${in_force ?? 'none (only later months are imported)'}.`,
          ...coverage.warnings.filter((w) => w.code.startsWith('us_zip_')).map((w) => `[levy] warning: ${w.message}`),
        ];
  lines.push(
    required
      ? '[levy] LEVY_US_LOCAL_RATES=required: a US sale without a ZIP table in force on its date is refused (422 us_local_rates_missing).'
      : '[levy]   (LEVY_US_LOCAL_RATES=required refuses such sales instead; GET /v1/tax/coverage or `npx levy coverage` says what is imported.)',
  );
  return lines;
}

/** Prints the lines for this database's tables (the account-free part of the coverage). */
export async function announceCoverage(): Promise<void> {
  const coverage = await installationCoverage({ ...coverageDeps, exposure: undefined }, undefined);
  for (const line of coverageLines(coverage, usLocalRatesRequired())) console.log(line);
}
