/** Primary adapter: GET /v1/customers?limit&starting_after -> {data, has_more}, in id order (Levy's ids: oldest first). */
import { httpRoute } from '../../src/adapters/http/pipeline';
import { customers } from '../../src/composition/ports';
import { customerSchema } from '../../src/domain/customers/customer';
import { listQuerySchema } from '../../src/domain/fields/periods';
import { pageSchema } from '../../src/domain/records/record';
import { listCustomers } from '../../src/usecases/customers';

export const handler = httpRoute({
  route: 'customers-list',
  query: listQuerySchema,
  responses: { 200: { description: 'A page of customers, in id order', schema: pageSchema(customerSchema) } },
  run: async ({ accountId, query }) => ({
    status: 200,
    body: await listCustomers({ customers }, accountId, { limit: query.limit, startingAfter: query.starting_after }),
  }),
});
