/** Primary adapter: POST /v1/tax/rate (billable, idempotent) -> the spec 2.3 rate breakdown. */
import { billableRoute } from '../http/billable-route';
import { taxRateRequestSchema } from '../tax/rate-request';
import { quoteTaxRate } from '../usecases/quote-tax-rate';

export const handler = billableRoute({
  route: 'tax-rate',
  body: taxRateRequestSchema,
  run: async ({ accountId, body }) => ({ status: 200, body: await quoteTaxRate(accountId, body) }),
});
