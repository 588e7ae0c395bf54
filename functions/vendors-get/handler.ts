/** Primary adapter: GET /vendors/{id}. Another account's id is a 404 like a missing one. */
import { httpRoute } from '../../src/adapters/http/pipeline';
import { vendors } from '../../src/composition/ports';
import { getVendor } from '../../src/usecases/vendors';

export const handler = httpRoute({
  route: 'vendors-get',
  run: async ({ accountId, pathParameters: { id } }) => ({ status: 200, body: await getVendor({ vendors }, accountId, id) }),
});
