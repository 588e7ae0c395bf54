/** Primary adapter: PATCH /v1/checkouts/{id} {location?, customer?} -> the checkout quoted again. */
import { httpRoute } from '../../src/adapters/http/pipeline';
import { checkouts, zipSides } from '../../src/composition/ports';
import { saleQuoteDeps } from '../../src/composition/sales';
import { checkoutSchema, updateCheckoutSchema } from '../../src/domain/checkouts/checkout';
import { updateCheckout } from '../../src/usecases/checkouts';

export const handler = httpRoute({
  route: 'checkouts-update',
  body: updateCheckoutSchema,
  responses: { 200: { description: 'The checkout, quoted again', schema: checkoutSchema } },
  errors: ['not_found', 'checkout_completed', 'checkout_changed_concurrently', 'checkout_expired', 'rate_history_unavailable', 'us_local_rates_missing'],
  run: async ({ accountId, pathParameters: { id }, body }) => ({
    status: 200,
    body: await updateCheckout({ ...saleQuoteDeps, checkouts, zipSides }, accountId, id, body),
  }),
});
