/** Primary adapter: GET /v1/payment_links?limit&starting_after -> {data, has_more}, oldest first. */
import { httpRoute } from '../../src/adapters/http/pipeline';
import { paymentLinks } from '../../src/composition/ports';
import { listQuerySchema } from '../../src/domain/fields/periods';
import { paymentLinkSchema } from '../../src/domain/checkouts/payment-link';
import { pageSchema } from '../../src/domain/records/record';
import { listPaymentLinks } from '../../src/usecases/payment-links';

export const handler = httpRoute({
  route: 'payment-links-list',
  query: listQuerySchema,
  responses: { 200: { description: 'A page of payment links, oldest first', schema: pageSchema(paymentLinkSchema) } },
  run: async ({ accountId, query }) => ({
    status: 200,
    body: await listPaymentLinks({ paymentLinks }, accountId, { limit: query.limit, startingAfter: query.starting_after }),
  }),
});
