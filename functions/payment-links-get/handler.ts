/** Primary adapter: GET /v1/payment_links/{id}. Another account's id is a 404 like a missing one. */
import { httpRoute } from '../../src/adapters/http/pipeline';
import { paymentLinks } from '../../src/composition/ports';
import { paymentLinkSchema } from '../../src/domain/checkouts/payment-link';
import { getPaymentLink } from '../../src/usecases/payment-links';

export const handler = httpRoute({
  route: 'payment-links-get',
  responses: { 200: { description: 'The payment link', schema: paymentLinkSchema } },
  run: async ({ accountId, pathParameters: { id } }) => ({ status: 200, body: await getPaymentLink({ paymentLinks }, accountId, id) }),
});
