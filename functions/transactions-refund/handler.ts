/** Primary adapter: POST /v1/transactions/{id}/refunds -> 201 with the refund; the same refund again -> 200. */
import { httpRoute } from '../http/pipeline';
import { refundRequestSchema } from '../records/transaction';
import { recordRefund } from '../usecases/record-refund';

export const handler = httpRoute({
  route: 'transactions-refund',
  body: refundRequestSchema,
  run: async ({ accountId, body, pathParameters: { id } }) => {
    const { created, refund } = await recordRefund(accountId, id, body);
    return { status: created ? 201 : 200, body: refund };
  },
});
