/** Primary adapter: POST /v1/returns/{id}/adjustments {amount, jurisdiction, reason} -> 201 with the adjusted draft; a locked return is a 409. */
import { httpRoute } from '../../src/adapters/http/pipeline';
import { returnDeps } from '../../src/composition/returns';
import { adjustmentSchema, returnSchema } from '../../src/domain/returns/return';
import { addAdjustment } from '../../src/usecases/returns';

export const handler = httpRoute({
  route: 'returns-adjust',
  body: adjustmentSchema,
  responses: { 201: { description: 'The return with the adjustment added to its line and totals', schema: returnSchema } },
  errors: ['return_locked', 'return_changed_concurrently'],
  run: async ({ accountId, body, pathParameters: { id } }) => ({ status: 201, body: await addAdjustment(returnDeps, accountId, id, body) }),
});
