/**
 * Primary adapter: PUT /v1/customers/{id}/exemptions/{eid}/document with the raw bytes -> 200 with the certificate.
 * What the bytes are is read from them (PDF, PNG, JPEG), never from Content-Type: 415 otherwise, 413 over 4 MiB
 * (what fits in Lambda's 6 MB request as base64: checkDirectUploadSize).
 */
import { httpRoute } from '../../src/adapters/http/pipeline';
import { documents, exemptions } from '../../src/composition/ports';
import { DOCUMENT_CONTENT_TYPES } from '../../src/domain/documents/document-type';
import { exemptionSchema } from '../../src/domain/exemptions/certificate';
import { putExemptionDocument } from '../../src/usecases/exemptions';

export const handler = httpRoute({
  route: 'exemption-document-put',
  rawBody: {
    mediaTypes: [...DOCUMENT_CONTENT_TYPES, 'application/octet-stream'],
    description: 'The document itself (PDF, PNG or JPEG; at most 4 MiB), as raw bytes',
  },
  responses: { 200: { description: 'The certificate, with its document', schema: exemptionSchema } },
  errors: ['document_too_large', 'unsupported_media_type', 'exemption_revoked'],
  run: async ({ accountId, rawBody, pathParameters: { id, eid } }) => ({
    status: 200,
    body: await putExemptionDocument({ exemptions, documents }, accountId, id, eid, rawBody ?? Buffer.alloc(0)),
  }),
});
