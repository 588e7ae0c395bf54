/** Port (implemented by src/adapters/dynamodb/rate-store.ts): the imported US local rates, one table per month. */
import type { ZipRateOnMonth } from '../domain/tax/zip-rate-months';

export interface ZipRateTable {
  /**
   * The row of `zip` for `state` from the newest table imported for `month` (YYYY-MM) or before it (a table stays in
   * force until a later month's is imported); when there is none, whether the ZIP has tables for later months.
   */
  onMonth(zip: string, state: string, month: string): Promise<ZipRateOnMonth>;
}
