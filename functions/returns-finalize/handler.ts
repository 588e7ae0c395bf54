/** Primary adapter: POST /v1/returns/{id}/finalize -> 200 with the recomputed, locked return. */
import { httpRoute } from '../../src/adapters/http/pipeline';
import { returnDeps } from '../../src/composition/returns';
import { returnsSettleSeconds } from '../../src/config/environment';
import { returnSchema } from '../../src/domain/returns/return';
import { finalizeReturn } from '../../src/usecases/returns';

export const handler = httpRoute({
  route: 'returns-finalize',
  responses: { 200: { description: 'The return, recomputed at its lock and finalized', schema: returnSchema } },
  errors: ['return_locked', 'return_period_open', 'return_changed_concurrently', 'fx_rate_unavailable'],
  run: async ({ accountId, pathParameters: { id } }) => ({ status: 200, body: await finalizeReturn(returnDeps, accountId, id, returnsSettleSeconds()) }),
});
