/** Primary adapter: DELETE /vendors/{id} -> 204. */
import { NotFoundError } from '../errors';
import { httpRoute } from '../http/pipeline';
import { vendorStore } from '../store/vendor-store';

export const handler = httpRoute({
  route: 'vendors-delete',
  run: async ({ accountId, pathParameters: { id } }) => {
    if (!(await vendorStore.delete(accountId, id))) throw new NotFoundError('vendor', id);
    return { status: 204 };
  },
});
