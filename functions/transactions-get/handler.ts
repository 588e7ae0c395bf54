/** Primary adapter: GET /v1/transactions/{id} -> the sale, its refunds and what is left per line. Another account's id is a 404. */
import { httpRoute } from '../../src/adapters/http/pipeline';
import { refunds, sales } from '../../src/composition/ports';
import { getTransaction } from '../../src/usecases/transaction-history';
import { transactionWithRefundsSchema } from '../../src/domain/transactions/responses';

export const handler = httpRoute({
  route: 'transactions-get',
  responses: { 200: { description: 'The sale, its refunds and what is left per line', schema: transactionWithRefundsSchema } },
  run: async ({ accountId, pathParameters: { id } }) => ({ status: 200, body: await getTransaction({ sales, refunds }, accountId, id) }),
});
