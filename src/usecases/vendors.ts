/** Use case: the vendor records of an account (spec 2.1, 4.2; list, get, update and delete decided in docs/api.md). */
import { found, NotFoundError } from '../domain/errors';
import type { Page, PageRequest } from '../domain/records/record';
import { newVendor, type Vendor } from '../domain/records/vendor';
import type { CreateVendorRequest, UpdateVendorRequest } from '../domain/records/vendor-requests';
import type { Ports } from '../ports/ports';

type Deps = Pick<Ports, 'vendors'>;

export const createVendor = (deps: Deps, accountId: string, request: CreateVendorRequest, now = new Date()): Promise<Vendor> =>
  deps.vendors.create(accountId, newVendor(request, now));

export const listVendors = (deps: Deps, accountId: string, page: PageRequest): Promise<Page<Vendor>> => deps.vendors.list(accountId, page);

/** Another account's id is a 404 like a missing one. */
export const getVendor = async (deps: Deps, accountId: string, id: string): Promise<Vendor> => found(await deps.vendors.get(accountId, id), 'vendor', id);

/** null clears tax_id or email. */
export const updateVendor = async (deps: Deps, accountId: string, id: string, patch: UpdateVendorRequest): Promise<Vendor> =>
  found(await deps.vendors.update(accountId, id, patch), 'vendor', id);

export async function deleteVendor(deps: Deps, accountId: string, id: string): Promise<void> {
  if (!(await deps.vendors.delete(accountId, id))) throw new NotFoundError('vendor', id);
}
