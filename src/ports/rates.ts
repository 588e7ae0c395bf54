/** Port (implemented by src/adapters/dynamodb/rate-store.ts): the imported US local rates, one table per month. */
import type { CrosswalkImport, ZipTableOfState } from '../domain/installation/coverage';
import type { ZipCountySpan } from '../domain/geography/zip-counties';
import type { UsLocalRate } from '../domain/tax/rate-types';
import type { ZipRateOnMonth } from '../domain/tax/zip-rate-months';

export interface ZipRateTable {
  /**
   * The row of `zip` for `state` from the newest table imported for `month` (YYYY-MM) or before it (a table stays in
   * force until a later month's is imported); when there is none, whether the ZIP has tables for later months.
   */
  onMonth(zip: string, state: string, month: string): Promise<ZipRateOnMonth>;
}

/** What the imported tables know of a ZIP's sides: its rate rows (each state and month) and the counties it spans. */
export interface ZipSides {
  rates: UsLocalRate[];
  counties: ZipCountySpan[];
}

/** Whether a ZIP is rated differently, or taxed by different counties, depending on the address inside it. */
export interface ZipSidesOf {
  sidesOf(zip: string): Promise<ZipSides>;
}

/** What the imports recorded: each month and state's ZIP table, and the ZIP-county crosswalk (null: none imported). */
export interface ImportedTables {
  zipTables: ZipTableOfState[];
  crosswalk: CrosswalkImport | null;
}

/** The Rates table's manifest of its imports (GET /v1/tax/coverage, `npm start`). */
export interface RateTablesManifest {
  importedTables(): Promise<ImportedTables>;
}
