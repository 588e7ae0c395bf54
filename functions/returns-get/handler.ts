/** Primary adapter: GET /v1/returns/{id} -> 200 with the return. */
import { httpRoute } from '../../src/adapters/http/pipeline';
import { returns } from '../../src/composition/ports';
import { returnSchema } from '../../src/domain/returns/return';
import { getReturn } from '../../src/usecases/returns';

export const handler = httpRoute({
  route: 'returns-get',
  responses: { 200: { description: 'The return', schema: returnSchema } },
  run: async ({ accountId, pathParameters: { id } }) => ({ status: 200, body: await getReturn({ returns }, accountId, id) }),
});
