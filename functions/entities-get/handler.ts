/** Primary adapter: GET /entities/{id}. Another account's id is a 404 like a missing one. */
import { NotFoundError } from '../errors';
import { httpRoute } from '../http/pipeline';
import { entityStore } from '../store/entity-store';

export const handler = httpRoute({
  route: 'entities-get',
  run: async ({ accountId, pathParameters: { id } }) => {
    const entity = await entityStore.get(accountId, id);
    if (!entity) throw new NotFoundError('entity', id);
    return { status: 200, body: entity };
  },
});
