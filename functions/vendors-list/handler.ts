/** Primary adapter: GET /vendors?limit&starting_after -> {data, has_more}, oldest first. */
import { httpRoute } from '../http/pipeline';
import { listQuerySchema } from '../records/fields';
import { vendorStore } from '../store/vendor-store';

export const handler = httpRoute({
  route: 'vendors-list',
  query: listQuerySchema,
  run: async ({ accountId, query }) => ({
    status: 200,
    body: await vendorStore.list(accountId, { limit: query.limit, startingAfter: query.starting_after }),
  }),
});
