/** Primary adapter: POST /v1/returns -> 201 with the draft return computed from the ledger; a second return for the period is a 409. */
import { httpRoute } from '../../src/adapters/http/pipeline';
import { returnDeps } from '../../src/composition/returns';
import { createReturnSchema, returnSchema } from '../../src/domain/returns/return';
import { createReturn } from '../../src/usecases/returns';

export const handler = httpRoute({
  route: 'returns-create',
  body: createReturnSchema,
  responses: { 201: { description: 'The draft return (a period without sales is a nil return)', schema: returnSchema } },
  errors: ['not_found', 'return_exists', 'fx_rate_unavailable'],
  run: async ({ accountId, body }) => ({ status: 201, body: await createReturn(returnDeps, accountId, body) }),
});
