/** Primary adapter: GET /v1/customers/{id}/exemptions/{eid}?date -> the certificate with its status on that day. */
import { httpRoute } from '../../src/adapters/http/pipeline';
import { exemptions } from '../../src/composition/ports';
import { exemptionDateQuerySchema, exemptionSchema } from '../../src/domain/exemptions/certificate';
import { getExemption } from '../../src/usecases/exemptions';

export const handler = httpRoute({
  route: 'exemptions-get',
  query: exemptionDateQuerySchema,
  responses: { 200: { description: 'The exemption certificate', schema: exemptionSchema } },
  run: async ({ accountId, query, pathParameters: { id, eid } }) => ({ status: 200, body: await getExemption({ exemptions }, accountId, id, eid, query.date) }),
});
