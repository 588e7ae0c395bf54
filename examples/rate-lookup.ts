/** Example: the tax rate of a SaaS subscription sold to a consumer in Germany (`npx tsx examples/rate-lookup.ts`). */
import { randomUUID } from 'node:crypto';
import type { LevyClient } from '../clients/typescript/src';
import { clientFromEnvironment, orThrow } from './connect';

export async function rateLookup(levy: LevyClient) {
  const rate = orThrow(
    await levy.POST('/v1/tax/rate', {
      body: { product_category: 'SAAS', delivery_method: 'CLOUD', customer_type: 'B2C', location: { country: 'DE' } },
      // A retry with the same key is answered from the first call, and billed once.
      headers: { 'Idempotency-Key': randomUUID() },
    }),
  );
  return { country: rate.jurisdiction.country_name, total_rate: rate.total_rate, taxable: rate.taxable };
}

if (require.main === module) void rateLookup(clientFromEnvironment()).then((r) => console.log(r));
