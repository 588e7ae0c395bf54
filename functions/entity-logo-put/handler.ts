/**
 * Primary adapter: PUT /entities/{id}/logo with the image's bytes -> 200 with the entity and its `logo`. What the bytes
 * are is read from them (PNG, JPEG), never from Content-Type: 415 otherwise, 413 over 256 KiB, 400 unreadable or of an
 * absurd pixel size; the primary entity is a 403 (its logo is set with `levy accounts update --logo`).
 */
import { httpRoute } from '../../src/adapters/http/pipeline';
import { entities, inflater, logos } from '../../src/composition/ports';
import { LOGO_CONTENT_TYPES } from '../../src/domain/documents/logo-image';
import { entitySchema } from '../../src/domain/records/entity';
import { putEntityLogo } from '../../src/usecases/entity-logos';

export const handler = httpRoute({
  route: 'entity-logo-put',
  rawBody: {
    mediaTypes: [...LOGO_CONTENT_TYPES, 'application/octet-stream'],
    description: 'The logo itself (PNG or JPEG; at most 256 KiB and 2000 x 2000 pixels), as raw bytes',
  },
  responses: { 200: { description: 'The entity, with its logo', schema: entitySchema } },
  errors: ['document_too_large', 'unsupported_media_type', 'primary_entity_immutable'],
  run: async ({ accountId, rawBody, pathParameters: { id } }) => ({
    status: 200,
    body: await putEntityLogo({ entities, logos, inflater }, accountId, id, rawBody ?? Buffer.alloc(0)),
  }),
});
