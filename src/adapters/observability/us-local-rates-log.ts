/**
 * Secondary adapter (observability): the line a rating function logs once per container, at its first US ZIP lookup
 * (src/composition/ports.ts loads this module beside that lookup, never at a cold start's import): whether an imported
 * ZIP table answered it (INFO) or none is in force for it, so the sale gets its state base rate only (WARN). Made from
 * what the lookup read, nothing more: the months and ZIP counts are the deploy output's and the coverage route's
 * (docs/deployment.md "US local rates"). The words are src/domain/installation/us-local-rates-summary.ts's.
 */
import { firstLookupSummary } from '../../domain/installation/us-local-rates-summary';
import type { ZipRateOnMonth } from '../../domain/tax/zip-rate-months';
import { logger } from './logger';

export function logFirstUsLookup(lookup: { zip: string; state: string; month: string; found: ZipRateOnMonth }): void {
  const { loaded, text } = firstLookupSummary(lookup);
  if (loaded) logger.info(text, { us_local_rates: 'loaded' });
  else logger.warn(text, { us_local_rates: 'none_in_force' });
}
