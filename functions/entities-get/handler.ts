/** Primary adapter: GET /entities/{id}. Another account's id is a 404 like a missing one. */
import { httpRoute } from '../../src/adapters/http/pipeline';
import { entities } from '../../src/composition/ports';
import { getEntity } from '../../src/usecases/entities';

export const handler = httpRoute({
  route: 'entities-get',
  run: async ({ accountId, pathParameters: { id } }) => ({ status: 200, body: await getEntity({ entities }, accountId, id) }),
});
