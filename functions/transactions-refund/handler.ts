/** Primary adapter: POST /v1/transactions/{id}/refunds -> 201 with the refund; the same refund again -> 200. */
import { httpRoute } from '../../src/adapters/http/pipeline';
import { entities, refunds, sales } from '../../src/composition/ports';
import { refundRequestSchema } from '../../src/domain/transactions/schema';
import { recordRefund } from '../../src/usecases/record-refund';
import { refundSchema } from '../../src/domain/transactions/responses';

export const handler = httpRoute({
  route: 'transactions-refund',
  body: refundRequestSchema,
  responses: {
    201: { description: 'The recorded refund', schema: refundSchema },
    200: { description: 'The same refund was already recorded: the stored refund (a safe retry)', schema: refundSchema },
  },
  errors: ['refund_exists', 'refund_in_progress', 'too_many_refunds'],
  run: async ({ accountId, body, pathParameters: { id } }) => {
    const { created, refund } = await recordRefund({ sales, refunds, entities }, accountId, id, body);
    return { status: created ? 201 : 200, body: refund };
  },
});
