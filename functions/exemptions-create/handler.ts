/** Primary adapter: POST /v1/customers/{id}/exemptions -> 201 with the certificate and its status today. */
import { httpRoute } from '../../src/adapters/http/pipeline';
import { customers, exemptions } from '../../src/composition/ports';
import { createExemptionSchema, exemptionSchema } from '../../src/domain/exemptions/certificate';
import { createExemption } from '../../src/usecases/exemptions';

export const handler = httpRoute({
  route: 'exemptions-create',
  body: createExemptionSchema,
  responses: { 201: { description: 'The new exemption certificate', schema: exemptionSchema } },
  errors: ['too_many_exemptions'],
  run: async ({ accountId, body, pathParameters: { id } }) => ({ status: 201, body: await createExemption({ customers, exemptions }, accountId, id, body) }),
});
