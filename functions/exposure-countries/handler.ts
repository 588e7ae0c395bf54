/** Primary adapter: GET /v1/exposure/countries?from&to (YYYY-MM)&country&currency&include=sales,nexus -> spec 2.4, read from the precomputed totals. */
import { httpRoute } from '../../src/adapters/http/pipeline';
import { entities, exposure, fxRates, nexusCounters, registrations, sales, settings } from '../../src/composition/ports';
import { exposureQuerySchema } from '../../src/domain/exposure/report';
import { exposureReport } from '../../src/usecases/exposure-report';
import { exposureReportSchema } from '../../src/domain/exposure/report';

export const handler = httpRoute({
  route: 'exposure-countries',
  query: exposureQuerySchema,
  responses: { 200: { description: 'Tax exposure by country > state or region > county', schema: exposureReportSchema } },
  errors: ['response_too_large'],
  askForLess: 'ask for one country and currency (`country`, `currency`): one of them answers each state and county at most once',
  run: async ({ accountId, query }) => ({
    status: 200,
    body: await exposureReport({ exposure, nexus: async () => ({ entities, registrations, settings, sales, nexusCounters, fxRates }) }, accountId, query),
  }),
});
