/** Primary adapter: PATCH /v1/customers/{id}/exemptions/{eid} -> 200; a revoked certificate is 409; null clears expires_on. */
import { httpRoute } from '../../src/adapters/http/pipeline';
import { exemptions } from '../../src/composition/ports';
import { exemptionSchema, updateExemptionSchema } from '../../src/domain/exemptions/certificate';
import { updateExemption } from '../../src/usecases/exemptions';

export const handler = httpRoute({
  route: 'exemptions-update',
  body: updateExemptionSchema,
  responses: { 200: { description: 'The whole updated certificate', schema: exemptionSchema } },
  errors: ['exemption_revoked', 'exemption_changed_concurrently'],
  run: async ({ accountId, body, pathParameters: { id, eid } }) => ({ status: 200, body: await updateExemption({ exemptions }, accountId, id, eid, body) }),
});
