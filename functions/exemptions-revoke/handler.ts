/** Primary adapter: DELETE /v1/customers/{id}/exemptions/{eid} -> 200 with the revoked certificate (kept for audit). */
import { httpRoute } from '../../src/adapters/http/pipeline';
import { exemptions } from '../../src/composition/ports';
import { exemptionSchema } from '../../src/domain/exemptions/certificate';
import { revokeExemption } from '../../src/usecases/exemptions';

export const handler = httpRoute({
  route: 'exemptions-revoke',
  responses: { 200: { description: 'The revoked certificate (status revoked); revoking again answers it unchanged', schema: exemptionSchema } },
  run: async ({ accountId, pathParameters: { id, eid } }) => ({ status: 200, body: await revokeExemption({ exemptions }, accountId, id, eid) }),
});
