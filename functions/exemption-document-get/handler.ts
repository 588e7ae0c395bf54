/**
 * Primary adapter: GET /v1/customers/{id}/exemptions/{eid}/document[?redirect=true] -> the bytes, with the
 * Content-Type found at upload; or 303 to a pre-signed GET (5 minutes) for a document over 4 MiB, which a function
 * cannot answer deployed, or when the client asks for one.
 */
import { documentDownloadResponse } from '../../src/adapters/http/document-response';
import { httpRoute } from '../../src/adapters/http/pipeline';
import { documents, exemptions } from '../../src/composition/ports';
import { DOCUMENT_CONTENT_TYPES } from '../../src/domain/documents/document-type';
import { documentDownloadQuerySchema } from '../../src/domain/documents/document-upload';
import { downloadExemptionDocument } from '../../src/usecases/exemption-document-uploads';

export const handler = httpRoute({
  route: 'exemption-document-get',
  query: documentDownloadQuerySchema,
  responses: {
    200: { description: 'The document, as uploaded', mediaType: DOCUMENT_CONTENT_TYPES },
    303: {
      description: 'The document is over 4 MiB, or `redirect=true` was asked: `Location` is a pre-signed GET of it',
      headers: { Location: 'A pre-signed GET of the document, valid 5 minutes; send it without the Authorization header' },
    },
  },
  run: async ({ accountId, query, pathParameters: { id, eid } }) =>
    documentDownloadResponse(await downloadExemptionDocument({ exemptions, documents }, accountId, id, eid, query.redirect === 'true')),
});
