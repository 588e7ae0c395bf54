/** Primary adapter: POST /v1/returns/{id}/mark_filed {filed_on, confirmation_number?} -> 200 with the filed return. */
import { httpRoute } from '../../src/adapters/http/pipeline';
import { returnDeps } from '../../src/composition/returns';
import { markFiledSchema, returnSchema } from '../../src/domain/returns/return';
import { markReturnFiled } from '../../src/usecases/returns';

export const handler = httpRoute({
  route: 'returns-mark-filed',
  body: markFiledSchema,
  responses: { 200: { description: 'The return, filed', schema: returnSchema } },
  errors: ['return_locked', 'return_not_finalized', 'return_changed_concurrently'],
  run: async ({ accountId, body, pathParameters: { id } }) => ({ status: 200, body: await markReturnFiled(returnDeps, accountId, id, body) }),
});
