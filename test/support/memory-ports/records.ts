/**
 * Test support: in-memory record stores (vendors, entities, products), with the DynamoDB stores' outcomes.
 */
import type { Entity, SellerDetails } from '../../../src/domain/records/entity';
import type { Page, PageRequest, Patch, StoredRecord } from '../../../src/domain/records/record';
import type { Creation, EntityStore, RecordStore, SubsidiaryUpdate } from '../../../src/ports/records';
import type { Product } from '../../../src/domain/products/product';
import type { ProductStore } from '../../../src/ports/products';

/** The map key of a record of an account. */
export const key = (accountId: string, id: string) => `${accountId}|${id}`;

export class MemoryRecordStore<T extends StoredRecord> implements RecordStore<T> {
  readonly records = new Map<string, T>();

  async create(accountId: string, record: T): Promise<T> {
    if (this.records.has(key(accountId, record.id))) throw new Error(`duplicate id ${record.id}`);
    this.records.set(key(accountId, record.id), structuredClone(record));
    return record;
  }

  async get(accountId: string, id: string): Promise<T | undefined> {
    const found = this.records.get(key(accountId, id));
    return found && structuredClone(found);
  }

  async list(accountId: string, page: PageRequest): Promise<Page<T>> {
    const mine = [...this.records.entries()]
      .filter(([k]) => k.startsWith(`${accountId}|`))
      .map(([, r]) => r)
      .sort((a, b) => (a.id < b.id ? -1 : 1))
      .filter((r) => page.startingAfter === undefined || r.id > page.startingAfter);
    return { data: mine.slice(0, page.limit).map((r) => structuredClone(r)), has_more: mine.length > page.limit };
  }

  async update(accountId: string, id: string, patch: Patch<Omit<T, keyof StoredRecord>>): Promise<T | undefined> {
    const found = this.records.get(key(accountId, id));
    if (!found) return undefined;
    const updated = { ...found, updated_at: new Date().toISOString() } as unknown as Record<string, unknown>;
    for (const [field, value] of Object.entries(patch)) {
      // As the DynamoDB store: null is kept as null (a cleared field is still answered).
      if (value !== undefined) updated[field] = value;
    }
    this.records.set(key(accountId, id), updated as unknown as T);
    return structuredClone(updated as unknown as T);
  }

  async delete(accountId: string, id: string): Promise<boolean> {
    return this.records.delete(key(accountId, id));
  }
}

export class MemoryEntityStore extends MemoryRecordStore<Entity> implements EntityStore {
  async updateSubsidiary(accountId: string, id: string, patch: Patch<Pick<Entity, 'name' | 'country' | 'tax_id'>>): Promise<SubsidiaryUpdate> {
    const found = await this.get(accountId, id);
    if (!found) return { outcome: 'missing' };
    if (found.is_primary) return { outcome: 'primary' };
    return { outcome: 'updated', entity: (await this.update(accountId, id, patch))! };
  }

  async updatePrimarySellerDetails(accountId: string, id: string, patch: Patch<SellerDetails>): Promise<Entity | undefined> {
    const found = await this.get(accountId, id);
    return found?.is_primary ? this.update(accountId, id, patch) : undefined;
  }

  async primary(accountId: string): Promise<Entity | undefined> {
    return (await this.list(accountId, { limit: 1000 })).data.find((e) => e.is_primary);
  }
}

/** Products in memory, with the DynamoDB store's outcomes: a taken id is `exists` (`replayed` for the same create), a stale update is false. */
export class MemoryProductStore implements ProductStore {
  readonly records = new MemoryRecordStore<Product>();

  readonly fingerprints = new Map<string, string>();

  async create(accountId: string, product: Product, fingerprint: string): Promise<Creation<Product>> {
    const stored = this.records.records.get(key(accountId, product.id));
    if (stored)
      return this.fingerprints.get(key(accountId, product.id)) === fingerprint
        ? { outcome: 'replayed', record: structuredClone(stored) }
        : { outcome: 'exists' };
    await this.records.create(accountId, product);
    this.fingerprints.set(key(accountId, product.id), fingerprint);
    return { outcome: 'created', record: product };
  }

  get(accountId: string, id: string): Promise<Product | undefined> {
    return this.records.get(accountId, id);
  }

  list(accountId: string, page: PageRequest): Promise<Page<Product>> {
    return this.records.list(accountId, page);
  }

  async replaceIfUnchanged(accountId: string, product: Product, seenUpdatedAt: string): Promise<boolean> {
    const stored = this.records.records.get(key(accountId, product.id));
    if (!stored || stored.updated_at !== seenUpdatedAt) return false;
    this.records.records.set(key(accountId, product.id), structuredClone(product));
    return true;
  }
}
