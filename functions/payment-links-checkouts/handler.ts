/** Primary adapter: POST /v1/payment_links/{id}/checkouts {customer?, location?} -> 201 with the buyer's checkout. */
import { httpRoute } from '../../src/adapters/http/pipeline';
import { checkouts, paymentLinks, zipSides } from '../../src/composition/ports';
import { saleQuoteDeps } from '../../src/composition/sales';
import { checkoutSchema, linkCheckoutSchema } from '../../src/domain/checkouts/checkout';
import { openLinkCheckout } from '../../src/usecases/payment-links';

export const handler = httpRoute({
  route: 'payment-links-checkouts',
  body: linkCheckoutSchema,
  responses: { 201: { description: "The buyer's open checkout, quoted from the link's lines", schema: checkoutSchema } },
  errors: ['not_found', 'rate_history_unavailable', 'us_local_rates_missing'],
  run: async ({ accountId, pathParameters: { id }, body }) => ({
    status: 201,
    body: await openLinkCheckout({ ...saleQuoteDeps, checkouts, zipSides, paymentLinks }, accountId, id, body),
  }),
});
