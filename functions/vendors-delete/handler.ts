/** Primary adapter: DELETE /vendors/{id} -> 204. */
import { httpRoute } from '../../src/adapters/http/pipeline';
import { ports } from '../../src/composition/ports';
import { deleteVendor } from '../../src/usecases/vendors';

export const handler = httpRoute({
  route: 'vendors-delete',
  run: async ({ accountId, pathParameters: { id } }) => {
    await deleteVendor(ports, accountId, id);
    return { status: 204 };
  },
});
