/**
 * Primary adapter: POST /v1/customers/{id}/exemptions/{eid}/document/complete {upload_id} -> 200 with the certificate
 * and its document, once the bytes PUT to the upload URL pass the direct PUT's checks (413, 415, 400 empty); a
 * refused upload is removed and the certificate left as it was.
 */
import { httpRoute } from '../../src/adapters/http/pipeline';
import { documents, exemptions } from '../../src/composition/ports';
import { documentUploadCompleteSchema } from '../../src/domain/documents/document-upload';
import { exemptionSchema } from '../../src/domain/exemptions/certificate';
import { completeDocumentUpload } from '../../src/usecases/exemption-document-uploads';

export const handler = httpRoute({
  route: 'exemption-document-complete',
  body: documentUploadCompleteSchema,
  responses: { 200: { description: 'The certificate, with the uploaded document', schema: exemptionSchema } },
  errors: ['document_too_large', 'unsupported_media_type', 'exemption_revoked'],
  run: async ({ accountId, body, pathParameters: { id, eid } }) => ({
    status: 200,
    body: await completeDocumentUpload({ exemptions, documents }, accountId, id, eid, body.upload_id),
  }),
});
