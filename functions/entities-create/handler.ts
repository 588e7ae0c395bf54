/** Primary adapter: POST /entities -> 201 with the new subsidiary entity (is_primary false). */
import { httpRoute } from '../http/pipeline';
import { createEntitySchema, newEntity } from '../records/entity';
import { entityStore } from '../store/entity-store';

export const handler = httpRoute({
  route: 'entities-create',
  body: createEntitySchema,
  run: async ({ accountId, body }) => ({ status: 201, body: await entityStore.put(accountId, newEntity(body, false, new Date())) }),
});
