/** Primary adapter: PATCH /vendors/{id} -> 200 with the updated vendor; null clears tax_id or email. */
import { NotFoundError } from '../errors';
import { httpRoute } from '../http/pipeline';
import { updateVendorSchema } from '../records/vendor';
import { vendorStore } from '../store/vendor-store';

export const handler = httpRoute({
  route: 'vendors-update',
  body: updateVendorSchema,
  run: async ({ accountId, body, pathParameters: { id } }) => {
    const vendor = await vendorStore.update(accountId, id, body);
    if (!vendor) throw new NotFoundError('vendor', id);
    return { status: 200, body: vendor };
  },
});
