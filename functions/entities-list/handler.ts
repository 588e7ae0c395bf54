/** Primary adapter: GET /entities?limit&starting_after -> {data, has_more}; the primary comes first. */
import { httpRoute } from '../http/pipeline';
import { listQuerySchema } from '../records/fields';
import { entityStore } from '../store/entity-store';

export const handler = httpRoute({
  route: 'entities-list',
  query: listQuerySchema,
  run: async ({ accountId, query }) => ({
    status: 200,
    body: await entityStore.list(accountId, { limit: query.limit, startingAfter: query.starting_after }),
  }),
});
