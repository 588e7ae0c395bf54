/**
 * Primary adapter: GET /v1/usage?from&to -> the account's billable calls per UTC day and endpoint,
 * as metered (executed calls only; replays are free). Default: the current UTC month.
 */
import { httpRoute } from '../http/pipeline';
import { usageQuerySchema, usagePeriod } from '../records/usage';
import { usageStore } from '../store/usage-store';

export const handler = httpRoute({
  route: 'usage-get',
  query: usageQuerySchema,
  run: async ({ accountId, query }) => {
    const { from, to } = usagePeriod(query, new Date());
    return { status: 200, body: { data: await usageStore.list(accountId, from, to) } };
  },
});
