/**
 * Port (implemented by src/adapters/dynamodb): an account's customers and their exemption certificates. Every method
 * names the account, so another account's id is simply not found. Writes that must not half-happen (a certificate
 * and its customer's count, a customer and its certificates) are one conditional write or transaction each.
 */
import type { Customer } from '../domain/customers/customer';
import type { ExemptionDocument, StoredExemption } from '../domain/exemptions/certificate';
import type { Page, PageRequest, Patch, StoredRecord } from '../domain/records/record';
import type { Creation } from './records';

export type CustomerDeletion = 'deleted' | 'missing' | 'has_transactions';

export interface CustomerStore {
  /**
   * Stores a new customer with the fingerprint of the request that creates it; `exists` when the account has one with
   * that id from another request, `replayed` (the stored one) when from this same create.
   */
  create(accountId: string, customer: Customer, fingerprint: string): Promise<Creation<Customer>>;
  get(accountId: string, id: string): Promise<Customer | undefined>;
  /** Oldest first for Levy's ids; the caller's own ids sort by their text. */
  list(accountId: string, page: PageRequest): Promise<Page<Customer>>;
  update(accountId: string, id: string, patch: Patch<Omit<Customer, keyof StoredRecord>>): Promise<Customer | undefined>;
  /** Deletes the customer and its certificates together, only while no transaction names it (a race cannot slip one in). */
  delete(accountId: string, id: string): Promise<CustomerDeletion>;
}

export type ExemptionCreation = 'created' | 'missing_customer' | 'too_many';
/** `stale`: the certificate changed since the `seenUpdatedAt` the caller read (nothing written; read again). */
export type ExemptionChange = { outcome: 'changed'; exemption: StoredExemption } | { outcome: 'missing' } | { outcome: 'revoked' } | { outcome: 'stale' };

export interface ExemptionStore {
  /** Stores a certificate if its customer exists and has fewer than the most allowed, in one transaction. */
  create(accountId: string, exemption: StoredExemption): Promise<ExemptionCreation>;
  get(accountId: string, customerId: string, id: string): Promise<StoredExemption | undefined>;
  /** Every certificate of the customer, oldest first (bounded: at most MAX_EXEMPTIONS_PER_CUSTOMER). */
  listOf(accountId: string, customerId: string): Promise<StoredExemption[]>;
  /** Replaces the changeable fields of a certificate that is not revoked. */
  /** Only while the certificate is as read (`seenUpdatedAt`): the dates a PATCH checks are checked against it. */
  update(
    accountId: string,
    customerId: string,
    id: string,
    fields: Partial<Omit<StoredExemption, 'id' | 'customer_id' | 'created_at' | 'updated_at'>>,
    seenUpdatedAt: string,
  ): Promise<ExemptionChange>;
  /** Revokes (kept for audit); revoking a revoked one again answers it unchanged. */
  revoke(accountId: string, customerId: string, id: string, at: Date): Promise<StoredExemption | undefined>;
  /** Records the document of a certificate that is not revoked (its bytes are already in the blob store). */
  attachDocument(accountId: string, customerId: string, id: string, document: ExemptionDocument): Promise<ExemptionChange>;
}
