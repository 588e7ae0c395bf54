/**
 * Primary adapter: POST /v1/tax/id-validate (billable, idempotent). Format and check digits are verified offline by
 * the pure domain over the request's own stdnum modules; no national registry is consulted (`registry_checked: false`).
 */
import { billableRoute } from '../../src/adapters/http/billable-route';
import { keyedRouteDeps } from '../../src/composition/keyed-routes';
import { stdnumModules } from '../../src/composition/stdnum-modules';
import { taxIdValidateRequestSchema } from '../../src/domain/tax-ids/schema';
import { taxIdValidationSchema } from '../../src/domain/tax-ids/validation-schema';
import { validateTaxIdOnDemand } from '../../src/usecases/validate-tax-id';

export const handler = billableRoute(keyedRouteDeps, {
  route: 'tax-id-validate',
  body: taxIdValidateRequestSchema,
  responses: { 200: { description: 'The verdict: format and check digits, offline', schema: taxIdValidationSchema } },
  run: async ({ body }) => ({ status: 200, body: await validateTaxIdOnDemand({ stdnumModules }, body) }),
});
