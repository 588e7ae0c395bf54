/**
 * Use case: whether US local rates are loaded, as `npm start` says at start-up and `cdk deploy` prints (the stack's
 * `UsLocalRates` output, functions/us-local-rates-report): the US ZIP tables' part of the coverage
 * (src/usecases/coverage.ts answers the whole of it), read from the Rates table's manifest alone (one Query), and its
 * summary (src/domain/installation/us-local-rates-summary.ts).
 */
import { utcDay } from '../domain/dates';
import { coverageOf } from '../domain/installation/coverage';
import { usLocalRatesSummary, type UsLocalRatesSummary } from '../domain/installation/us-local-rates-summary';
import type { CoverageDeps } from '../ports/coverage';

export interface UsLocalRatesReport extends UsLocalRatesSummary {
  as_of: string;
  /** The imported months, newest first, with their ZIP and state counts. */
  months: { month: string; zip_count: number; state_count: number }[];
  in_force: string | null;
}

export async function usLocalRatesReport(deps: Pick<CoverageDeps, 'rateTables'>, now = new Date()): Promise<UsLocalRatesReport> {
  const imported = await deps.rateTables.importedTables();
  // Only the ZIP tables feed it: the rest of the coverage (FX rates, rule data) is not read, so its parts stay empty.
  const coverage = coverageOf({
    today: utcDay(now),
    zipTables: imported.zipTables,
    crosswalk: imported.crosswalk,
    fx: [],
    saleCurrencies: [],
    ruleData: [],
    nexusRules: [],
  });
  const { months, in_force } = coverage.us_zip_tables;
  return {
    as_of: coverage.as_of,
    months: months.map(({ month, zip_count, state_count }) => ({ month, zip_count, state_count })),
    in_force,
    ...usLocalRatesSummary(coverage),
  };
}
