/**
 * Primary adapter: POST /v1/tax/rate (billable, idempotent) -> the spec 2.3 rate breakdown. The seller entity and the
 * ZIP rows come from the container's read caches (src/composition/ports.ts), so a warm call's only DynamoDB call is
 * the usage counter.
 */
import { billableRoute } from '../../src/adapters/http/billable-route';
import { keyedRouteDeps } from '../../src/composition/keyed-routes';
import { taxRateDeps } from '../../src/composition/sales';
import { taxRateRequestSchema } from '../../src/domain/tax/rate-request';
import { quoteTaxRate } from '../../src/usecases/sales/quote-tax-rate';
import { taxRateAnswerSchema } from '../../src/domain/tax/rate-response';

export const handler = billableRoute(keyedRouteDeps, {
  route: 'tax-rate',
  body: taxRateRequestSchema,
  responses: { 200: { description: 'The rate breakdown (spec 2.3)', schema: taxRateAnswerSchema } },
  errors: ['not_found', 'rate_history_unavailable', 'location_incomplete', 'us_local_rates_missing'],
  run: async ({ accountId, body }) => ({
    status: 200,
    body: await quoteTaxRate(taxRateDeps, accountId, body),
  }),
});
