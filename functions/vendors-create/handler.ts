/** Primary adapter: POST /vendors -> 201 with the new vendor. */
import { httpRoute } from '../../src/adapters/http/pipeline';
import { vendors } from '../../src/composition/ports';
import { createVendorSchema } from '../../src/domain/records/vendor-requests';
import { createVendor } from '../../src/usecases/vendors';
import { vendorSchema } from '../../src/domain/records/vendor';

export const handler = httpRoute({
  route: 'vendors-create',
  body: createVendorSchema,
  responses: { 201: { description: 'The new vendor', schema: vendorSchema } },
  run: async ({ accountId, body }) => ({ status: 201, body: await createVendor({ vendors }, accountId, body) }),
});
