/** Use case: the customers of an account (decisions in docs/customers.md). */
import { checkTaxIds, newCustomer, type CreateCustomerRequest, type Customer, type UpdateCustomerRequest } from '../domain/customers/customer';
import { ConflictError, found, NotFoundError } from '../domain/errors';
import { creationFingerprint } from '../domain/fingerprint';
import type { Page, PageRequest } from '../domain/records/record';
import type { Ports } from '../ports/ports';
import { documentKey } from './exemptions';

type Deps = Pick<Ports, 'customers'>;

/**
 * The caller's own id, if already used by the account, is a 409 (never a silent overwrite); the same create again
 * (the same body, say a retry whose first answer was lost) answers the stored customer (docs/customers.md).
 */
export async function createCustomer(deps: Deps, accountId: string, request: CreateCustomerRequest, now = new Date()): Promise<Customer> {
  const customer = newCustomer(request, now);
  const created = await deps.customers.create(accountId, customer, creationFingerprint('customer', request));
  if (created.outcome === 'exists') throw new ConflictError('customer_exists', `A customer with id '${customer.id}' already exists.`);
  return created.record;
}

export const listCustomers = (deps: Deps, accountId: string, page: PageRequest): Promise<Page<Customer>> => deps.customers.list(accountId, page);

export const getCustomer = async (deps: Deps, accountId: string, id: string): Promise<Customer> =>
  found(await deps.customers.get(accountId, id), 'customer', id);

/**
 * Tax IDs sent are checked again against the (new or stored) address country. A new address alone does not re-check
 * the stored tax IDs: their `checked_at` says when and against what they were checked.
 */
export async function updateCustomer(deps: Deps, accountId: string, id: string, patch: UpdateCustomerRequest, now = new Date()): Promise<Customer> {
  const { tax_ids: taxIds, ...fields } = patch;
  let checked;
  if (taxIds !== undefined) {
    const country = patch.address?.country ?? (await getCustomer(deps, accountId, id)).address.country;
    checked = checkTaxIds(taxIds, country, now);
  }
  return found(await deps.customers.update(accountId, id, { ...fields, ...(checked ? { tax_ids: checked } : {}) }), 'customer', id);
}

/**
 * 204 only for a customer no transaction names; its certificates go with it, and then their documents (a certificate
 * no sale used is no audit record). The documents are removed after the records, so a failure leaves bytes nothing
 * points to, never a certificate without its document; such a failure does not undo the delete the client asked for.
 */
export async function deleteCustomer(deps: Pick<Ports, 'customers' | 'exemptions' | 'documents'>, accountId: string, id: string): Promise<void> {
  const documentKeys = (await deps.exemptions.listOf(accountId, id)).flatMap((c) => (c.document ? [documentKey(accountId, id, c.id, c.document.sha256)] : []));
  const outcome = await deps.customers.delete(accountId, id);
  if (outcome === 'missing') throw new NotFoundError('customer', id);
  if (outcome === 'has_transactions') {
    throw new ConflictError('customer_has_transactions', `Customer '${id}' has recorded transactions and cannot be deleted; its records must stay complete.`);
  }
  await Promise.allSettled(documentKeys.map((key) => deps.documents.delete(key)));
}
