/** Primary adapter: DELETE /vendors/{id} -> 204. */
import { httpRoute } from '../../src/adapters/http/pipeline';
import { vendors } from '../../src/composition/ports';
import { deleteVendor } from '../../src/usecases/vendors';

export const handler = httpRoute({
  route: 'vendors-delete',
  responses: { 204: { description: 'Deleted; no body' } },
  run: async ({ accountId, pathParameters: { id } }) => {
    await deleteVendor({ vendors }, accountId, id);
    return { status: 204 };
  },
});
