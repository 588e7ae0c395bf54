/** Primary adapter: GET /v1/returns/{id}/transactions?limit&starting_after -> every sale and refund the return holds, a page at a time. */
import { httpRoute } from '../../src/adapters/http/pipeline';
import { returnDeps } from '../../src/composition/returns';
import { pageSchema } from '../../src/domain/records/record';
import { listReturnRecordsQuerySchema, returnRecordSchema } from '../../src/domain/returns/return';
import { listReturnRecords } from '../../src/usecases/returns';

export const handler = httpRoute({
  route: 'returns-transactions',
  query: listReturnRecordsQuerySchema,
  responses: { 200: { description: "The return's sales and refunds: its period's (by date), then each correction's", schema: pageSchema(returnRecordSchema) } },
  errors: ['fx_rate_unavailable'],
  run: async ({ accountId, query, pathParameters: { id } }) => ({ status: 200, body: await listReturnRecords(returnDeps, accountId, id, query) }),
});
