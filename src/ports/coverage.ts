/** Port: what the coverage (src/usecases/coverage.ts) reads, wired by src/composition/coverage.ts. */
import type { RateTablesManifest } from './rates';
import type { ExposureTotals, FxRateRanges } from './reports';

export interface CoverageDeps {
  rateTables: RateTablesManifest;
  fxRates: FxRateRanges;
  /** The account's exposure counters, for the currencies its sales were recorded in; absent (the CLI): none. */
  exposure?: ExposureTotals | undefined;
}
