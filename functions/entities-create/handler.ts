/** Primary adapter: POST /entities -> 201 with the new subsidiary entity (is_primary false). */
import { httpRoute } from '../http/pipeline';
import { createEntitySchema, type Entity } from '../records/entity';
import { entityStore } from '../store/entity-store';
import { newId } from '../store/ids';

export const handler = httpRoute({
  route: 'entities-create',
  body: createEntitySchema,
  run: async ({ accountId, body }) => {
    const now = new Date().toISOString();
    const entity: Entity = {
      id: newId('ent'),
      name: body.name,
      country: body.country,
      tax_id: body.tax_id ?? null,
      is_primary: false,
      created_at: now,
      updated_at: now,
    };
    return { status: 201, body: await entityStore.put(accountId, entity) };
  },
});
