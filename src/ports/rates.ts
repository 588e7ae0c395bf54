/** Port (implemented by src/adapters/dynamodb/rate-store.ts): the imported US local rates. */
import type { UsLocalRate } from '../domain/tax/rate-types';

export interface ZipRateTable {
  /** Every row of a ZIP5: one, or one per state for a ZIP on a state line. */
  forZip(zip: string): Promise<UsLocalRate[]>;
}
