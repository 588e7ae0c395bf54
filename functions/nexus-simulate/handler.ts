/** Primary adapter: POST /v1/nexus/simulate {as_of?, entity_id?, country?, transactions} -> the nexus report with them added. */
import { httpRoute } from '../../src/adapters/http/pipeline';
import { cachedZipRates, fxRates, nexusCounters } from '../../src/composition/ports';
import { saleQuoteDeps } from '../../src/composition/sales';
import { nexusReportSchema } from '../../src/domain/nexus/report';
import { nexusSimulationSchema, type NexusSimulationRequest } from '../../src/domain/nexus/simulation';
import { simulateNexus } from '../../src/usecases/nexus-simulate';

export const handler = httpRoute({
  route: 'nexus-simulate',
  body: nexusSimulationSchema,
  responses: { 200: { description: 'The nexus report with the hypothetical sales added; nothing was written', schema: nexusReportSchema } },
  errors: ['not_found', 'rate_history_unavailable', 'location_incomplete', 'us_local_rates_missing'],
  run: async ({ accountId, body }) => ({
    status: 200,
    body: await simulateNexus({ ...saleQuoteDeps, nexusCounters, fxRates, zipRates: cachedZipRates }, accountId, body as NexusSimulationRequest),
  }),
});
