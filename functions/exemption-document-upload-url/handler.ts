/**
 * Primary adapter: POST /v1/customers/{id}/exemptions/{eid}/document/upload_url {content_type, content_length} ->
 * 201 with a pre-signed PUT for exactly that type and size (15 minutes), for documents too large to send through the
 * function deployed. 415 for a type not PDF/PNG/JPEG, 413 over 5 MiB, as the direct PUT.
 */
import { httpRoute } from '../../src/adapters/http/pipeline';
import { documents, exemptions } from '../../src/composition/ports';
import { documentUploadRequestSchema, documentUploadSchema } from '../../src/domain/documents/document-upload';
import { createDocumentUpload } from '../../src/usecases/exemption-document-uploads';

export const handler = httpRoute({
  route: 'exemption-document-upload-url',
  body: documentUploadRequestSchema,
  responses: { 201: { description: 'Where and how to PUT the bytes, then POST .../document/complete with the upload_id', schema: documentUploadSchema } },
  errors: ['document_too_large', 'unsupported_media_type', 'exemption_revoked'],
  run: async ({ accountId, body, pathParameters: { id, eid } }) => ({
    status: 201,
    body: await createDocumentUpload({ exemptions, documents }, accountId, id, eid, body),
  }),
});
