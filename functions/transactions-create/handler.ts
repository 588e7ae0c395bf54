/** Primary adapter: POST /v1/transactions -> 201 with the recorded sale; the same id and content again -> 200. */
import { httpRoute } from '../../src/adapters/http/pipeline';
import { saleRecordingDeps } from '../../src/composition/sales';
import { transactionRequestSchema } from '../../src/domain/transactions/schema';
import { recordTransaction } from '../../src/usecases/sales/record-sale';
import { transactionSchema } from '../../src/domain/transactions/responses';

export const handler = httpRoute({
  route: 'transactions-create',
  body: transactionRequestSchema,
  responses: {
    201: { description: 'The recorded sale', schema: transactionSchema },
    200: { description: 'The same id and content were already recorded: the stored sale (a safe retry)', schema: transactionSchema },
  },
  errors: ['not_found', 'transaction_exists', 'exposure_limit_exceeded', 'rate_history_unavailable', 'location_incomplete', 'us_local_rates_missing'],
  run: async ({ accountId, body }) => {
    const { created, transaction } = await recordTransaction(saleRecordingDeps, accountId, body);
    return { status: created ? 201 : 200, body: transaction };
  },
});
