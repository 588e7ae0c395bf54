/** Primary adapter: GET /entities/{id}. Another account's id is a 404 like a missing one. */
import { httpRoute } from '../../src/adapters/http/pipeline';
import { entities } from '../../src/composition/ports';
import { getEntity } from '../../src/usecases/entities';
import { entitySchema } from '../../src/domain/records/entity';

export const handler = httpRoute({
  route: 'entities-get',
  responses: { 200: { description: 'The entity', schema: entitySchema } },
  run: async ({ accountId, pathParameters: { id } }) => ({ status: 200, body: await getEntity({ entities }, accountId, id) }),
});
