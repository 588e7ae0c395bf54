/** Primary adapter: GET /entities?limit&starting_after -> {data, has_more}; the primary comes first. */
import { httpRoute } from '../../src/adapters/http/pipeline';
import { entities } from '../../src/composition/ports';
import { listQuerySchema } from '../../src/domain/fields/periods';
import { listEntities } from '../../src/usecases/entities';
import { entitySchema } from '../../src/domain/records/entity';
import { pageSchema } from '../../src/domain/records/record';

export const handler = httpRoute({
  route: 'entities-list',
  query: listQuerySchema,
  responses: { 200: { description: 'A page of entities, the primary first', schema: pageSchema(entitySchema) } },
  run: async ({ accountId, query }) => ({
    status: 200,
    body: await listEntities({ entities }, accountId, { limit: query.limit, startingAfter: query.starting_after }),
  }),
});
