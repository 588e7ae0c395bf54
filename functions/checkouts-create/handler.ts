/** Primary adapter: POST /v1/checkouts -> 201 with the quoted checkout and what it still needs (docs/checkouts.md). */
import { httpRoute } from '../../src/adapters/http/pipeline';
import { checkouts, zipSides } from '../../src/composition/ports';
import { saleQuoteDeps } from '../../src/composition/sales';
import { checkoutSchema, createCheckoutSchema } from '../../src/domain/checkouts/checkout';
import { createCheckout } from '../../src/usecases/checkouts';

export const handler = httpRoute({
  route: 'checkouts-create',
  body: createCheckoutSchema,
  responses: { 201: { description: 'The open checkout, quoted', schema: checkoutSchema } },
  errors: ['not_found', 'rate_history_unavailable', 'us_local_rates_missing'],
  run: async ({ accountId, body }) => ({
    status: 201,
    body: await createCheckout({ ...saleQuoteDeps, checkouts, zipSides }, accountId, body),
  }),
});
