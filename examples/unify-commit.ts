/**
 * Example: a cart's tax calculated line by line and committed as a transaction in one call, then read back
 * (`npx tsx examples/unify-commit.ts`).
 */
import { randomUUID } from 'node:crypto';
import type { LevyClient } from '../clients/typescript/src';
import { clientFromEnvironment, orThrow } from './connect';

export async function unifyCommit(levy: LevyClient, orderId = `order_${randomUUID()}`) {
  const cart = orThrow(
    await levy.POST('/v1/tax/unify', {
      body: {
        currency: 'USD',
        customer: { type: 'B2C' },
        location: { country: 'US', state: 'CA', postal_code: '94103' },
        line_items: [
          { id: '1', amount: 12000, product_category: 'SAAS', delivery_method: 'CLOUD' },
          { id: '2', amount: 4999, product_category: 'PHYSICAL_GOODS', delivery_method: 'SHIPPED' },
        ],
        commit: true,
        transaction_id: orderId,
      },
      headers: { 'Idempotency-Key': randomUUID() },
    }),
  );
  const recorded = orThrow(await levy.GET('/v1/transactions/{id}', { params: { path: { id: orderId } } }));
  return { transaction: cart.transaction, tax_total: cart.tax_total, total: cart.total, recorded_total: recorded.total };
}

if (require.main === module) void unifyCommit(clientFromEnvironment()).then((r) => console.log(r));
