/** Primary adapter: GET /v1/notices/{id}/documents/{did} -> the bytes, with the Content-Type found at upload; over 4 MiB a 303 to a pre-signed GET. */
import { documentDownloadResponse } from '../../src/adapters/http/document-response';
import { httpRoute } from '../../src/adapters/http/pipeline';
import { documents, notices } from '../../src/composition/ports';
import { DOCUMENT_CONTENT_TYPES } from '../../src/domain/documents/document-type';
import { getNoticeDocument } from '../../src/usecases/notices';

export const handler = httpRoute({
  route: 'notice-documents-get',
  responses: {
    200: { description: 'The document, as uploaded', mediaType: DOCUMENT_CONTENT_TYPES },
    303: {
      description: 'The document is over 4 MiB (more than a function may answer): `Location` is a pre-signed GET of it',
      headers: { Location: 'A pre-signed GET of the document, valid 5 minutes; send it without the Authorization header' },
    },
  },
  run: async ({ accountId, pathParameters: { id, did } }) => documentDownloadResponse(await getNoticeDocument({ notices, documents }, accountId, id, did)),
});
