/**
 * Port (implemented by src/adapters/dynamodb): the per-account records a use case reads and writes. Every method
 * names the account, so another account's id is simply not found.
 */
import type { Entity, SellerDetails } from '../domain/records/entity';
import type { Page, PageRequest, Patch, StoredRecord } from '../domain/records/record';
import type { Vendor } from '../domain/records/vendor';

/**
 * What a create under a key that must be new did: `created`; `replayed`: the key holds this same create already (a
 * resend of it whose first answer was lost, or the caller's retry with the same content), `record` as stored, nothing
 * written again; `exists`: another create holds the key, nothing written (docs/dynamodb-client.md, "Safe retries").
 */
export type Creation<T> = { outcome: 'created'; record: T } | { outcome: 'replayed'; record: T } | { outcome: 'exists' };

export interface RecordStore<T extends StoredRecord> {
  /** Stores a new record (its id must be new). */
  create(accountId: string, record: T): Promise<T>;
  get(accountId: string, id: string): Promise<T | undefined>;
  /** Oldest first. */
  list(accountId: string, page: PageRequest): Promise<Page<T>>;
  /** The updated record; undefined when there is none (nothing is written). */
  update(accountId: string, id: string, patch: Patch<Omit<T, keyof StoredRecord>>): Promise<T | undefined>;
  /** True when a record was deleted, false when there was none. */
  delete(accountId: string, id: string): Promise<boolean>;
}

export type VendorStore = RecordStore<Vendor>;

export type SubsidiaryUpdate = { outcome: 'updated'; entity: Entity } | { outcome: 'missing' } | { outcome: 'primary' };

export interface EntityStore extends Omit<RecordStore<Entity>, 'update' | 'delete'> {
  /** Updates a subsidiary atomically; the primary entity is never written. */
  updateSubsidiary(
    accountId: string,
    id: string,
    patch: Patch<Pick<Entity, 'name' | 'country' | 'tax_id' | 'state'> & SellerDetails>,
  ): Promise<SubsidiaryUpdate>;
  /**
   * Operator only (`levy accounts update`; the API refuses changes to the primary entity): the primary entity's seller
   * details (address, e-invoice contact, electronic address, legal registration id). Undefined when the account has no
   * such primary entity.
   */
  updatePrimarySellerDetails(accountId: string, id: string, patch: Patch<SellerDetails>): Promise<Entity | undefined>;
  /** The account's primary entity: the seller of record for tax calculations. */
  primary(accountId: string): Promise<Entity | undefined>;
}
