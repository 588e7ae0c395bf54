/**
 * Use case: GET /v1/tax/coverage (and `npx levy coverage`, `npm start`'s start-up lines): what this installation
 * knows, as data (src/domain/installation/coverage.ts). Reads the Rates table's manifest (one Query), each currency's
 * first and last ECB rate (the FxRates table's manifest, one Query; listed for ECB's currencies and the account's sale
 * currencies) and the account's all-time exposure counters for the currencies its sales use; the rule data is the
 * bundled data.
 */
import { coverageOf, type Coverage } from '../domain/installation/coverage';
import { utcDay } from '../domain/dates';
import type { CoverageDeps } from '../ports/coverage';
import { dataFilesRead } from '../domain/tax/data-file';
// Every data file the engine and the catalogue read, so that dataFilesRead lists them all.
import '../domain/tax/data-files';
import { nexusRules } from '../domain/nexus/rule-data';

/** The currencies of the ECB's euro reference rates (https://www.ecb.europa.eu/stats/policy_and_exchange_rates/euro_reference_exchange_rates/). */
export const ecbCurrencies: readonly string[] = Object.freeze(
  'AUD BGN BRL CAD CHF CNY CZK DKK GBP HKD HUF IDR ILS INR ISK JPY KRW MXN MYR NOK NZD PHP PLN RON SEK SGD THB TRY USD ZAR'.split(' '),
);

export async function installationCoverage(deps: CoverageDeps, accountId: string | undefined, now = new Date()): Promise<Coverage> {
  const saleCurrencies =
    deps.exposure && accountId !== undefined ? [...new Set((await deps.exposure.totals(accountId, { kind: 'all' })).map((total) => total.currency))] : [];
  const currencies = [...new Set([...ecbCurrencies, ...saleCurrencies])].filter((currency) => currency !== 'EUR');
  const [imported, fxRanges] = await Promise.all([deps.rateTables.importedTables(), deps.fxRates.ranges()]);
  const rangeOf = new Map(fxRanges.map((range) => [range.currency, range]));
  return coverageOf({
    today: utcDay(now),
    zipTables: imported.zipTables,
    crosswalk: imported.crosswalk,
    fx: currencies.flatMap((currency) => rangeOf.get(currency) ?? []),
    saleCurrencies,
    ruleData: dataFilesRead(),
    nexusRules,
  });
}
