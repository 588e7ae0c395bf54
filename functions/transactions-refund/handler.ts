/** Primary adapter: POST /v1/transactions/{id}/refunds -> 201 with the refund; the same refund again -> 200. */
import { httpRoute } from '../../src/adapters/http/pipeline';
import { refunds, sales } from '../../src/composition/ports';
import { refundRequestSchema } from '../../src/domain/transactions/schema';
import { recordRefund } from '../../src/usecases/record-refund';

export const handler = httpRoute({
  route: 'transactions-refund',
  body: refundRequestSchema,
  run: async ({ accountId, body, pathParameters: { id } }) => {
    const { created, refund } = await recordRefund({ sales, refunds }, accountId, id, body);
    return { status: created ? 201 : 200, body: refund };
  },
});
