/** Primary adapter: PATCH /vendors/{id} -> 200 with the updated vendor; null clears tax_id or email. */
import { httpRoute } from '../../src/adapters/http/pipeline';
import { vendors } from '../../src/composition/ports';
import { updateVendorSchema } from '../../src/domain/records/vendor-requests';
import { updateVendor } from '../../src/usecases/vendors';
import { vendorSchema } from '../../src/domain/records/vendor';

export const handler = httpRoute({
  route: 'vendors-update',
  body: updateVendorSchema,
  responses: { 200: { description: 'The whole updated vendor', schema: vendorSchema } },
  run: async ({ accountId, body, pathParameters: { id } }) => ({ status: 200, body: await updateVendor({ vendors }, accountId, id, body) }),
});
