/**
 * Primary adapter: GET /v1/usage?from&to -> the account's billable calls per UTC day and endpoint, as metered
 * (executed calls only; replays are free). Default: the current UTC month.
 */
import { httpRoute } from '../../src/adapters/http/pipeline';
import { usage } from '../../src/composition/ports';
import { usageQuerySchema } from '../../src/domain/usage/usage-period';
import { usageReport } from '../../src/usecases/usage-report';
import { usageReportSchema } from '../../src/domain/usage/usage-period';

export const handler = httpRoute({
  route: 'usage-get',
  query: usageQuerySchema,
  responses: { 200: { description: 'Billable calls per UTC day and endpoint, as metered', schema: usageReportSchema } },
  run: async ({ accountId, query }) => ({ status: 200, body: await usageReport({ usage }, accountId, query) }),
});
