/**
 * Primary adapter: POST /v1/tax/id-validate (billable, idempotent). Format and check digits are
 * verified offline; no national registry is consulted (`registry_checked: false`).
 */
import { billableRoute } from '../http/billable-route';
import { taxIdValidateRequestSchema, validateTaxId } from '../tax/tax-id';

export const handler = billableRoute({
  route: 'tax-id-validate',
  body: taxIdValidateRequestSchema,
  run: async ({ body }) => ({ status: 200, body: validateTaxId(body) }),
});
