/**
 * Use case helper: the imported ECB rates a conversion needs (src/domain/nexus/fx.ts fxConverter), read once per
 * currency and in parallel: from MAX_RATE_AGE_DAYS before `from` (the ECB publishes none on weekends and TARGET
 * holidays) to `to`. EUR needs none. Shared by the nexus report and returns.
 */
import { addDays } from '../domain/dates';
import { MAX_RATE_AGE_DAYS, type FxRate } from '../domain/nexus/fx';
import type { FxRateTable } from '../ports/reports';

export async function fxRatesFor(fxRates: Pick<FxRateTable, 'rates'>, currencies: Iterable<string>, from: string, to: string): Promise<Map<string, FxRate[]>> {
  const wanted = [...new Set(currencies)].filter((c) => c !== 'EUR');
  const read = await Promise.all(wanted.map((c) => fxRates.rates(c, addDays(from, -MAX_RATE_AGE_DAYS), to)));
  return new Map(wanted.map((c, i) => [c, read[i]!]));
}
