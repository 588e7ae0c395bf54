/** Primary adapter: GET /vendors?limit&starting_after -> {data, has_more}, oldest first. */
import { httpRoute } from '../../src/adapters/http/pipeline';
import { vendors } from '../../src/composition/ports';
import { listQuerySchema } from '../../src/domain/fields/periods';
import { listVendors } from '../../src/usecases/vendors';
import { vendorSchema } from '../../src/domain/records/vendor';
import { pageSchema } from '../../src/domain/records/record';

export const handler = httpRoute({
  route: 'vendors-list',
  query: listQuerySchema,
  responses: { 200: { description: 'A page of vendors, oldest first', schema: pageSchema(vendorSchema) } },
  run: async ({ accountId, query }) => ({
    status: 200,
    body: await listVendors({ vendors }, accountId, { limit: query.limit, startingAfter: query.starting_after }),
  }),
});
