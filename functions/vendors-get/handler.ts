/** Primary adapter: GET /vendors/{id}. Another account's id is a 404 like a missing one. */
import { NotFoundError } from '../errors';
import { httpRoute } from '../http/pipeline';
import { vendorStore } from '../store/vendor-store';

export const handler = httpRoute({
  route: 'vendors-get',
  run: async ({ accountId, pathParameters: { id } }) => {
    const vendor = await vendorStore.get(accountId, id);
    if (!vendor) throw new NotFoundError('vendor', id);
    return { status: 200, body: vendor };
  },
});
