/**
 * Primary adapter: GET /v1/transactions?limit&starting_after&from&to -> {data, has_more}: in id order, or with
 * from/to only the sales in range, by date then id (the by-date index). Unknown starting_after: 400.
 */
import { httpRoute } from '../../src/adapters/http/pipeline';
import { refunds, sales } from '../../src/composition/ports';
import { transactionListQuerySchema } from '../../src/domain/transactions/schema';
import { listTransactions } from '../../src/usecases/transaction-history';
import { transactionSchema } from '../../src/domain/transactions/responses';
import { pageSchema } from '../../src/domain/records/record';

export const handler = httpRoute({
  route: 'transactions-list',
  query: transactionListQuerySchema,
  responses: { 200: { description: 'A page of sales: by id, or with from/to by date then id', schema: pageSchema(transactionSchema) } },
  run: async ({ accountId, query }) => ({
    status: 200,
    body: await listTransactions({ sales, refunds }, accountId, { limit: query.limit, startingAfter: query.starting_after, from: query.from, to: query.to }),
  }),
});
