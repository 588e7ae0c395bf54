/** Primary adapter: GET /v1/nexus?entity_id&as_of&country -> {as_of, entity_id, data}: nexus status per jurisdiction. */
import { httpRoute } from '../../src/adapters/http/pipeline';
import { entities, fxRates, nexusCounters, registrations, sales, settings } from '../../src/composition/ports';
import { nexusQuerySchema, nexusReportSchema } from '../../src/domain/nexus/report';
import { nexusReport } from '../../src/usecases/nexus-report';

export const handler = httpRoute({
  route: 'nexus-report',
  query: nexusQuerySchema,
  responses: {
    200: { description: 'Every jurisdiction with a nexus rule in force on as_of: its window, figures, threshold and status', schema: nexusReportSchema },
  },
  run: async ({ accountId, query }) => ({
    status: 200,
    body: await nexusReport({ entities, registrations, settings, sales, nexusCounters, fxRates }, accountId, query),
  }),
});
