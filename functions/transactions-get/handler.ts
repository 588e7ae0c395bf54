/** Primary adapter: GET /v1/transactions/{id} -> the sale, its refunds and what is left per line. Another account's id is a 404. */
import { NotFoundError } from '../errors';
import { httpRoute } from '../http/pipeline';
import { transactionWithRefunds } from '../records/transaction';
import { transactionStore } from '../store/transaction-store';

export const handler = httpRoute({
  route: 'transactions-get',
  run: async ({ accountId, pathParameters: { id } }) => {
    const [stored, refunds] = await Promise.all([transactionStore.get(accountId, id), transactionStore.refunds(accountId, id)]);
    if (!stored) throw new NotFoundError('transaction', id);
    return { status: 200, body: transactionWithRefunds(stored.transaction, refunds, stored.refunded) };
  },
});
