/** Primary adapter: POST /vendors -> 201 with the new vendor. */
import { httpRoute } from '../http/pipeline';
import { createVendorSchema, type Vendor } from '../records/vendor';
import { newId } from '../store/ids';
import { vendorStore } from '../store/vendor-store';

export const handler = httpRoute({
  route: 'vendors-create',
  body: createVendorSchema,
  run: async ({ accountId, body }) => {
    const now = new Date().toISOString();
    const vendor: Vendor = { id: newId('vnd'), ...body, tax_id: body.tax_id ?? null, email: body.email ?? null, created_at: now, updated_at: now };
    return { status: 201, body: await vendorStore.put(accountId, vendor) };
  },
});
