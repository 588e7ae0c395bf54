/**
 * Primary adapter: POST /v1/tax/id-validate (billable, idempotent). Format and check digits are verified offline by
 * the pure domain; no national registry is consulted (`registry_checked: false`).
 */
import { billableRoute } from '../../src/adapters/http/billable-route';
import { taxIdValidateRequestSchema } from '../../src/domain/tax-ids/schema';
import { validateTaxId } from '../../src/domain/tax-ids/validator';

export const handler = billableRoute({
  route: 'tax-id-validate',
  body: taxIdValidateRequestSchema,
  run: async ({ body }) => ({ status: 200, body: validateTaxId(body) }),
});
