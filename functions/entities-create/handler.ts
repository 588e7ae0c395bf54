/** Primary adapter: POST /entities -> 201 with the new subsidiary entity (is_primary false). */
import { httpRoute } from '../../src/adapters/http/pipeline';
import { entities } from '../../src/composition/ports';
import { createEntitySchema } from '../../src/domain/records/entity-requests';
import { createEntity } from '../../src/usecases/entities';
import { entitySchema } from '../../src/domain/records/entity';

export const handler = httpRoute({
  route: 'entities-create',
  body: createEntitySchema,
  responses: { 201: { description: 'The new subsidiary entity', schema: entitySchema } },
  run: async ({ accountId, body }) => ({ status: 201, body: await createEntity({ entities }, accountId, body) }),
});
