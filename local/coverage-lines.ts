/**
 * Local runtime: what `npm start` says at start-up about the data it rates with (docs/local.md "US local rates"):
 * whether US ZIP tables are loaded (months, the one in force with its ZIP and state counts) or, when none are, how to
 * import them and where public ones come from, in the words the deployed stack's `UsLocalRates` output uses
 * (src/domain/installation/us-local-rates-summary.ts); the tables' warnings; and whether LEVY_US_LOCAL_RATES=required
 * refuses sales without a table.
 */
import { rateTablesManifest } from '../src/composition/coverage';
import { usLocalRatesRequired } from '../src/config/environment';
import { REQUIRED_REFUSES, type UsLocalRatesSummary } from '../src/domain/installation/us-local-rates-summary';
import { usLocalRatesReport } from '../src/usecases/us-local-rates';

/** The start-up lines for a summary (each prefixed `[levy]`). */
export function coverageLines(summary: UsLocalRatesSummary, required: boolean): string[] {
  const lines = [`[levy] US local rates: ${summary.headline}.`, ...summary.warnings.map((w) => `[levy] warning: ${w}`)];
  if (!summary.loaded) lines.push('[levy]   Or start with LEVY_RATES_DIR=<folder> npm start to import a folder of tables first.');
  lines.push(
    required
      ? `[levy] ${REQUIRED_REFUSES}.`
      : '[levy]   (LEVY_US_LOCAL_RATES=required refuses such sales instead; GET /v1/tax/coverage or `npx levy coverage` says what is imported.)',
  );
  return lines;
}

/** Prints the lines for this database's Rates table (its manifest: one Query). */
export async function announceCoverage(): Promise<void> {
  for (const line of coverageLines(await usLocalRatesReport({ rateTables: rateTablesManifest }), usLocalRatesRequired())) console.log(line);
}
