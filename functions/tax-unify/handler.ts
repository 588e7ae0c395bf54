/** Primary adapter: POST /v1/tax/unify (billable, idempotent) -> the cart's tax, line by line. */
import { billableRoute } from '../http/billable-route';
import { unifyRequestSchema } from '../tax/cart';
import { unifyCart } from '../usecases/unify-cart';

export const handler = billableRoute({
  route: 'tax-unify',
  body: unifyRequestSchema,
  run: async ({ accountId, body }) => ({ status: 200, body: await unifyCart(accountId, body) }),
});
