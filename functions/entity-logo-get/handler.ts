/** Primary adapter: GET /entities/{id}/logo -> the logo's bytes with their Content-Type; 404 when the entity has none. */
import { httpRoute } from '../../src/adapters/http/pipeline';
import { entities, logos } from '../../src/composition/ports';
import { LOGO_CONTENT_TYPES } from '../../src/domain/documents/logo-image';
import { entityLogo } from '../../src/usecases/entity-logos';

export const handler = httpRoute({
  route: 'entity-logo-get',
  responses: { 200: { description: 'The logo, as uploaded', mediaType: LOGO_CONTENT_TYPES } },
  run: async ({ accountId, pathParameters: { id } }) => {
    const logo = await entityLogo({ entities, logos }, accountId, id);
    return { status: 200, bytes: Buffer.from(logo.bytes), headers: { 'content-type': logo.content_type } };
  },
});
