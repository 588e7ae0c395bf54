/** Primary adapter: POST /v1/tax/unify (billable, idempotent) -> the cart's tax, line by line. */
import { billableRoute } from '../../src/adapters/http/billable-route';
import { keyedRouteDeps } from '../../src/composition/keyed-routes';
import { saleRecordingDeps } from '../../src/composition/sales';
import { unifyRequestSchema } from '../../src/domain/cart/unify-request';
import { unifyCart } from '../../src/usecases/sales/unify-cart';
import { unifyResultSchema } from '../../src/domain/cart/unify-response';

export const handler = billableRoute(keyedRouteDeps, {
  route: 'tax-unify',
  body: unifyRequestSchema,
  responses: { 200: { description: "The cart's tax, line by line (and the recorded transaction with `commit: true`)", schema: unifyResultSchema } },
  errors: ['not_found', 'transaction_exists', 'exposure_limit_exceeded', 'rate_history_unavailable', 'location_incomplete', 'us_local_rates_missing'],
  run: async ({ accountId, body }) => ({
    status: 200,
    body: await unifyCart(saleRecordingDeps, accountId, body),
  }),
});
