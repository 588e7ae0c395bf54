/** Primary adapter: PATCH /entities/{id} -> 200 with the updated entity; the primary entity is a 403 (spec 3, 4.4). */
import { httpRoute } from '../../src/adapters/http/pipeline';
import { entities } from '../../src/composition/ports';
import { updateEntitySchema } from '../../src/domain/records/entity-requests';
import { updateEntity } from '../../src/usecases/entities';
import { entitySchema } from '../../src/domain/records/entity';

export const handler = httpRoute({
  route: 'entities-update',
  body: updateEntitySchema,
  responses: { 200: { description: 'The whole updated entity', schema: entitySchema } },
  errors: ['primary_entity_immutable'],
  run: async ({ accountId, body, pathParameters: { id } }) => ({ status: 200, body: await updateEntity({ entities }, accountId, id, body) }),
});
