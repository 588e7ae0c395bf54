/**
 * Primary adapter: POST /v1/tax/id-validate (billable, idempotent). Format and check digits are verified offline by
 * the pure domain; no national registry is consulted (`registry_checked: false`).
 */
import { billableRoute } from '../../src/adapters/http/billable-route';
import { taxIdValidateRequestSchema } from '../../src/domain/tax-ids/schema';
import { taxIdValidationSchema } from '../../src/domain/tax-ids/validation-schema';
import { validateTaxId } from '../../src/domain/tax-ids/validator';

export const handler = billableRoute({
  route: 'tax-id-validate',
  body: taxIdValidateRequestSchema,
  responses: { 200: { description: 'The verdict: format and check digits, offline', schema: taxIdValidationSchema } },
  run: async ({ body }) => ({ status: 200, body: validateTaxId(body) }),
});
