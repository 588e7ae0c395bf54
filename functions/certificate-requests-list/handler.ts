/** Primary adapter: GET /v1/customers/{id}/certificate_requests?limit&starting_after -> {data, has_more}, oldest first. */
import { httpRoute } from '../../src/adapters/http/pipeline';
import { publicBaseUrl } from '../../src/adapters/http/public-url';
import { certificateRequests, customers, urlTokenSecrets } from '../../src/composition/ports';
import { listQuerySchema } from '../../src/domain/fields/periods';
import { certificateRequestSchema } from '../../src/domain/notices/certificate-request';
import { pageSchema } from '../../src/domain/records/record';
import { listCertificateRequests } from '../../src/usecases/certificate-requests';

export const handler = httpRoute({
  route: 'certificate-requests-list',
  query: listQuerySchema,
  responses: { 200: { description: "The customer's certificate requests, oldest first, with their status now", schema: pageSchema(certificateRequestSchema) } },
  run: async ({ accountId, headers, basePath, query, pathParameters: { id } }) => ({
    status: 200,
    body: await listCertificateRequests({ customers, certificateRequests, urlTokenSecrets }, accountId, id, publicBaseUrl(headers, basePath), {
      limit: query.limit,
      startingAfter: query.starting_after,
    }),
  }),
});
