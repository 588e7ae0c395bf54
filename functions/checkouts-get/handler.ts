/** Primary adapter: GET /v1/checkouts/{id}. Another account's id is a 404 like a missing one. */
import { httpRoute } from '../../src/adapters/http/pipeline';
import { checkouts } from '../../src/composition/ports';
import { checkoutSchema } from '../../src/domain/checkouts/checkout';
import { getCheckout } from '../../src/usecases/checkouts';

export const handler = httpRoute({
  route: 'checkouts-get',
  responses: { 200: { description: 'The checkout (status computed from expires_at)', schema: checkoutSchema } },
  run: async ({ accountId, pathParameters: { id } }) => ({ status: 200, body: await getCheckout({ checkouts }, accountId, id) }),
});
