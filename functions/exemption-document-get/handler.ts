/** Primary adapter: GET /v1/customers/{id}/exemptions/{eid}/document -> the bytes, with the Content-Type found at upload. */
import { httpRoute } from '../../src/adapters/http/pipeline';
import { documents, exemptions } from '../../src/composition/ports';
import { DOCUMENT_CONTENT_TYPES } from '../../src/domain/documents/document-type';
import { getExemptionDocument } from '../../src/usecases/exemptions';

export const handler = httpRoute({
  route: 'exemption-document-get',
  responses: { 200: { description: 'The document, as uploaded', mediaType: DOCUMENT_CONTENT_TYPES } },
  run: async ({ accountId, pathParameters: { id, eid } }) => {
    const document = await getExemptionDocument({ exemptions, documents }, accountId, id, eid);
    return { status: 200, bytes: document.bytes, headers: { 'content-type': document.contentType } };
  },
});
