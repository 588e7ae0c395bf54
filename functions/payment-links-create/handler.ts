/** Primary adapter: POST /v1/payment_links -> 201 with the new payment link. */
import { httpRoute } from '../../src/adapters/http/pipeline';
import { paymentLinks } from '../../src/composition/ports';
import { createPaymentLinkSchema, paymentLinkSchema } from '../../src/domain/checkouts/payment-link';
import { createPaymentLink } from '../../src/usecases/payment-links';

export const handler = httpRoute({
  route: 'payment-links-create',
  body: createPaymentLinkSchema,
  responses: { 201: { description: 'The new payment link', schema: paymentLinkSchema } },
  run: async ({ accountId, body }) => ({ status: 201, body: await createPaymentLink({ paymentLinks }, accountId, body) }),
});
