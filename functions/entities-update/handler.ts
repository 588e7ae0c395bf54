/**
 * Primary adapter: PATCH /entities/{id} -> 200 with the updated entity. The primary entity is
 * refused with 403 `primary_entity_immutable` (spec 3, 4.4), atomically: the write is conditional.
 */
import { ForbiddenError, NotFoundError } from '../errors';
import { httpRoute } from '../http/pipeline';
import { updateEntitySchema } from '../records/entity';
import { entityStore } from '../store/entity-store';

export const handler = httpRoute({
  route: 'entities-update',
  body: updateEntitySchema,
  run: async ({ accountId, body, pathParameters: { id } }) => {
    const updated = await entityStore.updateSubsidiary(accountId, id, body);
    if (updated) return { status: 200, body: updated };
    // The condition failed: tell a missing entity from the primary one.
    const existing = await entityStore.get(accountId, id);
    if (!existing) throw new NotFoundError('entity', id);
    throw new ForbiddenError(
      'primary_entity_immutable',
      'The primary entity cannot be changed through the API. Contact support to update it.',
    );
  },
});
