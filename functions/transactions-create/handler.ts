/** Primary adapter: POST /v1/transactions -> 201 with the recorded sale; the same id and content again -> 200. */
import { httpRoute } from '../../src/adapters/http/pipeline';
import { entities, locations, sales, zipRates } from '../../src/composition/ports';
import { transactionRequestSchema } from '../../src/domain/transactions/schema';
import { recordTransaction } from '../../src/usecases/record-transaction';

export const handler = httpRoute({
  route: 'transactions-create',
  body: transactionRequestSchema,
  run: async ({ accountId, body }) => {
    const { created, transaction } = await recordTransaction({ entities, zipRates, locations, sales }, accountId, body);
    return { status: created ? 201 : 200, body: transaction };
  },
});
