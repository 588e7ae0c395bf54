/** Primary adapter: POST /v1/transactions -> 201 with the recorded sale; the same id and content again -> 200. */
import { httpRoute } from '../http/pipeline';
import { transactionRequestSchema } from '../records/transaction';
import { recordTransaction } from '../usecases/record-transaction';

export const handler = httpRoute({
  route: 'transactions-create',
  body: transactionRequestSchema,
  run: async ({ accountId, body }) => {
    const { created, transaction } = await recordTransaction(accountId, body);
    return { status: created ? 201 : 200, body: transaction };
  },
});
