/** Primary adapter: POST /v1/checkouts/{id}/complete {transaction_id} -> the completed checkout (its sale recorded once). */
import { httpRoute } from '../../src/adapters/http/pipeline';
import { checkouts, zipSides } from '../../src/composition/ports';
import { saleRecordingDeps } from '../../src/composition/sales';
import { checkoutSchema, completeCheckoutSchema } from '../../src/domain/checkouts/checkout';
import { completeCheckout } from '../../src/usecases/checkouts';

export const handler = httpRoute({
  route: 'checkouts-complete',
  body: completeCheckoutSchema,
  responses: {
    200: { description: 'The completed checkout; `transaction_id` names its recorded sale (the same on every completion)', schema: checkoutSchema },
  },
  errors: [
    'not_found',
    'checkout_expired',
    'checkout_incomplete',
    'transaction_exists',
    'exposure_limit_exceeded',
    'rate_history_unavailable',
    'location_incomplete',
    'us_local_rates_missing',
  ],
  run: async ({ accountId, pathParameters: { id }, body }) => ({
    status: 200,
    body: await completeCheckout({ ...saleRecordingDeps, checkouts, zipSides }, accountId, id, body),
  }),
});
