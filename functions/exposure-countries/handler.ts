/** Primary adapter: GET /v1/exposure/countries?from&to (YYYY-MM) -> spec 2.4, read from the precomputed totals. */
import { buildExposureReport, exposureQuerySchema, periodsFor } from '../exposure/report';
import { httpRoute } from '../http/pipeline';
import { exposureStore } from '../store/exposure-store';

export const handler = httpRoute({
  route: 'exposure-countries',
  query: exposureQuerySchema,
  run: async ({ accountId, query }) => {
    const selection = periodsFor(query);
    return { status: 200, body: buildExposureReport(await exposureStore.totals(accountId, selection), selection) };
  },
});
