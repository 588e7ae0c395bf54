/**
 * Primary adapter: POST /v1/notices/{id}/documents with the raw bytes -> 201 with the notice (the new document last).
 * What the bytes are is read from them (PDF, PNG, JPEG), as for a certificate's document: 415 otherwise, 413 over 4 MiB
 * (what fits in Lambda's 6 MB request as base64: checkDirectUploadSize).
 */
import { httpRoute } from '../../src/adapters/http/pipeline';
import { documents, notices } from '../../src/composition/ports';
import { DOCUMENT_CONTENT_TYPES } from '../../src/domain/documents/document-type';
import { noticeSchema } from '../../src/domain/notices/notice';
import { addNoticeDocument } from '../../src/usecases/notices';

export const handler = httpRoute({
  route: 'notice-documents-add',
  rawBody: {
    mediaTypes: [...DOCUMENT_CONTENT_TYPES, 'application/octet-stream'],
    description: 'The document itself (PDF, PNG or JPEG; at most 4 MiB), as raw bytes',
  },
  responses: { 201: { description: 'The notice, with the new document last in `documents`', schema: noticeSchema } },
  errors: ['document_too_large', 'unsupported_media_type', 'too_many_notice_documents', 'notice_changed_concurrently'],
  run: async ({ accountId, rawBody, pathParameters: { id } }) => ({
    status: 201,
    body: (await addNoticeDocument({ notices, documents }, accountId, id, rawBody ?? Buffer.alloc(0))).notice,
  }),
});
