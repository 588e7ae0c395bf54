/** Primary adapter: GET /v1/customers/{id}. Another account's id is a 404 like a missing one. */
import { httpRoute } from '../../src/adapters/http/pipeline';
import { customers } from '../../src/composition/ports';
import { customerSchema } from '../../src/domain/customers/customer';
import { getCustomer } from '../../src/usecases/customers';

export const handler = httpRoute({
  route: 'customers-get',
  responses: { 200: { description: 'The customer', schema: customerSchema } },
  run: async ({ accountId, pathParameters: { id } }) => ({ status: 200, body: await getCustomer({ customers }, accountId, id) }),
});
