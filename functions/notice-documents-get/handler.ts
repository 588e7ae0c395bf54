/** Primary adapter: GET /v1/notices/{id}/documents/{did} -> the bytes, with the Content-Type found at upload. */
import { httpRoute } from '../../src/adapters/http/pipeline';
import { documents, notices } from '../../src/composition/ports';
import { DOCUMENT_CONTENT_TYPES } from '../../src/domain/documents/document-type';
import { getNoticeDocument } from '../../src/usecases/notices';

export const handler = httpRoute({
  route: 'notice-documents-get',
  responses: { 200: { description: 'The document, as uploaded', mediaType: DOCUMENT_CONTENT_TYPES } },
  run: async ({ accountId, pathParameters: { id, did } }) => {
    const document = await getNoticeDocument({ notices, documents }, accountId, id, did);
    return { status: 200, bytes: document.bytes, headers: { 'content-type': document.contentType } };
  },
});
