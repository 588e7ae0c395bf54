/** Primary adapter: POST /v1/customers/{id}/certificate_requests -> 201 with the request and its signed page link. */
import { httpRoute } from '../../src/adapters/http/pipeline';
import { publicBaseUrl } from '../../src/adapters/http/public-url';
import { certificateRequests, customers, urlTokenSecrets } from '../../src/composition/ports';
import { certificateRequestSchema, createCertificateRequestSchema } from '../../src/domain/notices/certificate-request';
import { createCertificateRequest } from '../../src/usecases/certificate-requests';

export const handler = httpRoute({
  route: 'certificate-requests-create',
  body: createCertificateRequestSchema,
  responses: { 201: { description: 'The request, with `url`: the signed, single-use page link to send the customer', schema: certificateRequestSchema } },
  run: async ({ accountId, body, headers, basePath, pathParameters: { id } }) => ({
    status: 201,
    body: await createCertificateRequest({ customers, certificateRequests, urlTokenSecrets }, accountId, id, body, publicBaseUrl(headers, basePath)),
  }),
});
