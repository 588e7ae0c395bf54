/** Example: where the account owes tax, by country > state > county, this year (`npx tsx examples/exposure-report.ts`). */
import type { LevyClient } from '../clients/typescript/src';
import { clientFromEnvironment, orThrow } from './connect';

export async function exposureReport(levy: LevyClient, year = new Date().getUTCFullYear()) {
  const report = orThrow(await levy.GET('/v1/exposure/countries', { params: { query: { from: `${year}-01`, to: `${year}-12` } } }));
  return report.exposure.map((c) => ({
    country: c.country_code,
    currency: c.currency,
    exposure: c.exposure_amount,
    states: (c.jurisdictions ?? []).map((j) => `${j.jurisdiction_code}: ${j.exposure_amount}`),
  }));
}

if (require.main === module) void exposureReport(clientFromEnvironment()).then((r) => console.log(JSON.stringify(r, null, 2)));
