/** Primary adapter: GET /v1/returns?registration_id&status&limit&starting_after -> {data, has_more}, in creation order. */
import { httpRoute } from '../../src/adapters/http/pipeline';
import { returns } from '../../src/composition/ports';
import { pageSchema } from '../../src/domain/records/record';
import { listReturnsQuerySchema, returnSchema } from '../../src/domain/returns/return';
import { listReturns } from '../../src/usecases/returns';

export const handler = httpRoute({
  route: 'returns-list',
  query: listReturnsQuerySchema,
  responses: { 200: { description: 'A page of returns in creation order, filtered by registration and status', schema: pageSchema(returnSchema) } },
  run: async ({ accountId, query }) => ({ status: 200, body: await listReturns({ returns }, accountId, query) }),
});
