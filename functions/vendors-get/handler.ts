/** Primary adapter: GET /vendors/{id}. Another account's id is a 404 like a missing one. */
import { httpRoute } from '../../src/adapters/http/pipeline';
import { vendors } from '../../src/composition/ports';
import { getVendor } from '../../src/usecases/vendors';
import { vendorSchema } from '../../src/domain/records/vendor';

export const handler = httpRoute({
  route: 'vendors-get',
  responses: { 200: { description: 'The vendor', schema: vendorSchema } },
  run: async ({ accountId, pathParameters: { id } }) => ({ status: 200, body: await getVendor({ vendors }, accountId, id) }),
});
