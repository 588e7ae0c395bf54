/**
 * Primary adapter: DELETE /entities/{id}/logo -> 200 with the entity, without a logo (also when it had none). Invoices
 * already issued keep the logo they were issued with; the primary entity is a 403.
 */
import { httpRoute } from '../../src/adapters/http/pipeline';
import { entities } from '../../src/composition/ports';
import { entitySchema } from '../../src/domain/records/entity';
import { deleteEntityLogo } from '../../src/usecases/entity-logos';

export const handler = httpRoute({
  route: 'entity-logo-delete',
  responses: { 200: { description: 'The entity, without a logo', schema: entitySchema } },
  errors: ['primary_entity_immutable'],
  run: async ({ accountId, pathParameters: { id } }) => ({ status: 200, body: await deleteEntityLogo({ entities }, accountId, id) }),
});
