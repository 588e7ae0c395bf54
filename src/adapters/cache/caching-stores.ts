/**
 * Secondary adapter (cache decorators over the store ports): per-container read caches of what a rate quote reads
 * on every call, the seller entity and the ZIP row in force, so a warm POST /v1/tax/rate reaches DynamoDB once (the
 * usage counter) instead of three times.
 *
 * - Bounded: at most `maxEntries` per cache; the least recently used entry goes first.
 * - Short-lived: an entry answers for at most `ttlMs` (never above 60 s), then the store is read again.
 * - Invalidated in the same container: a create or update of an entity through the decorator drops the copies it
 *   could have changed. Another container (entities-update is its own Lambda) cannot reach this cache, so what it
 *   writes is seen here when the entry expires: cross-container staleness is bounded by the TTL. The same holds for
 *   the ZIP tables, which `levy rates import` writes from outside any function.
 * - Only what exists is cached for entities: a missing entity is read again on the next call, so one just created in
 *   another container is found at once. A ZIP answer is cached whether or not it has a row (a table import is rare).
 *
 * Cached values are shared by every caller of the container: they are frozen, so no caller can change another's.
 */
import type { Entity, SellerDetails } from '../../domain/records/entity';
import type { Page, PageRequest, Patch } from '../../domain/records/record';
import type { ZipRateOnMonth } from '../../domain/tax/zip-rate-months';
import type { ZipRateTable } from '../../ports/rates';
import type { EntityStore, SubsidiaryUpdate } from '../../ports/records';

/** The longest an entry may answer for: the bound on cross-container staleness the API documents. */
export const MAX_TTL_MS = 60_000;

export interface CacheOptions {
  maxEntries: number;
  ttlMs: number;
  /** Milliseconds since some epoch; tests inject a clock. */
  now?: () => number;
}

/** A map with a size bound (least recently used out first) and a time to live per entry. */
export class BoundedTtlCache<V> {
  private readonly entries = new Map<string, { value: V; expires: number }>();
  private readonly maxEntries: number;
  private readonly ttlMs: number;
  private readonly now: () => number;

  constructor(options: CacheOptions) {
    if (!(options.maxEntries >= 1)) throw new Error(`A cache needs room for at least one entry, not ${options.maxEntries}`);
    if (!(options.ttlMs > 0 && options.ttlMs <= MAX_TTL_MS)) throw new Error(`A cache TTL must be within (0, ${MAX_TTL_MS}] ms, not ${options.ttlMs}`);
    this.maxEntries = options.maxEntries;
    this.ttlMs = options.ttlMs;
    this.now = options.now ?? Date.now;
  }

  get size(): number {
    return this.entries.size;
  }

  /** The live value of `key`, or undefined (an expired entry is dropped). */
  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (this.now() >= entry.expires) {
      this.entries.delete(key);
      return undefined;
    }
    // Most recently used last: Map keeps insertion order.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  set(key: string, value: V): void {
    this.entries.delete(key);
    this.entries.set(key, { value, expires: this.now() + this.ttlMs });
    while (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
  }

  delete(key: string): void {
    this.entries.delete(key);
  }

  /** The live value of `key`, else what `load` reads, frozen and kept when `keep` says so (every decorator reads so). */
  async getOrLoad<L extends V | undefined>(key: string, load: () => Promise<L>, keep: (value: L) => value is L & V): Promise<L | V> {
    const cached = this.get(key);
    if (cached !== undefined) return cached;
    const value = frozen(await load());
    if (keep(value)) this.set(key, value);
    return value;
  }
}

/** Deep-freezes a plain record read from a store, so a shared cached copy cannot be changed by one of its readers. */
function frozen<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    for (const inner of Object.values(value)) frozen(inner);
    Object.freeze(value);
  }
  return value;
}

/**
 * The entity store with `get` and `primary` cached (found entities only); `create` and `updateSubsidiary` go to the
 * store and drop the account's cached copies. `list` is not cached.
 */
export class CachingEntityStore implements EntityStore {
  private readonly cache: BoundedTtlCache<Entity>;

  constructor(
    private readonly store: EntityStore,
    options: CacheOptions,
  ) {
    this.cache = new BoundedTtlCache(options);
  }

  private static byId = (accountId: string, id: string) => `${accountId}/${id}`;
  private static primaryOf = (accountId: string) => `${accountId}#primary`;

  /** Only found entities are kept: a missing one is read again next time. */
  private static found = (entity: Entity | undefined): entity is Entity => entity !== undefined;

  get(accountId: string, id: string): Promise<Entity | undefined> {
    return this.cache.getOrLoad(CachingEntityStore.byId(accountId, id), () => this.store.get(accountId, id), CachingEntityStore.found);
  }

  primary(accountId: string): Promise<Entity | undefined> {
    return this.cache.getOrLoad(CachingEntityStore.primaryOf(accountId), () => this.store.primary(accountId), CachingEntityStore.found);
  }

  list(accountId: string, page: PageRequest): Promise<Page<Entity>> {
    return this.store.list(accountId, page);
  }

  async create(accountId: string, record: Entity): Promise<Entity> {
    try {
      return await this.store.create(accountId, record);
    } finally {
      this.invalidate(accountId, record.id);
    }
  }

  async updateSubsidiary(
    accountId: string,
    id: string,
    patch: Patch<Pick<Entity, 'name' | 'country' | 'tax_id' | 'state' | 'address'>>,
  ): Promise<SubsidiaryUpdate> {
    try {
      return await this.store.updateSubsidiary(accountId, id, patch);
    } finally {
      // Also after a failure: the write may have landed before the error reached us.
      this.invalidate(accountId, id);
    }
  }

  async updatePrimarySellerDetails(accountId: string, id: string, patch: Patch<SellerDetails>): Promise<Entity | undefined> {
    try {
      return await this.store.updatePrimarySellerDetails(accountId, id, patch);
    } finally {
      this.invalidate(accountId, id);
    }
  }

  /** Drops what a write to entity `id` of the account could have made stale. */
  invalidate(accountId: string, id: string): void {
    this.cache.delete(CachingEntityStore.byId(accountId, id));
    this.cache.delete(CachingEntityStore.primaryOf(accountId));
  }

  /**
   * The same store with reads that bypass the cache (for the entity routes: a client that reads back what it wrote
   * must see it), and writes that still drop this cache's copies.
   */
  uncachedReads(): EntityStore {
    const store = this.store;
    return {
      get: (accountId, id) => store.get(accountId, id),
      primary: (accountId) => store.primary(accountId),
      list: (accountId, page) => store.list(accountId, page),
      create: (accountId, record) => this.create(accountId, record),
      updateSubsidiary: (accountId, id, patch) => this.updateSubsidiary(accountId, id, patch),
      updatePrimarySellerDetails: (accountId, id, patch) => this.updatePrimarySellerDetails(accountId, id, patch),
    };
  }
}

/** The ZIP rate table with `onMonth` cached per ZIP, state and month (with or without a row). */
export class CachingZipRateTable implements ZipRateTable {
  private readonly cache: BoundedTtlCache<ZipRateOnMonth>;

  constructor(
    private readonly table: ZipRateTable,
    options: CacheOptions,
  ) {
    this.cache = new BoundedTtlCache(options);
  }

  /** Kept with or without a row: a table import is rare. */
  onMonth(zip: string, state: string, month: string): Promise<ZipRateOnMonth> {
    return this.cache.getOrLoad(
      `${zip}/${state}/${month}`,
      () => this.table.onMonth(zip, state, month),
      (_answer): _answer is ZipRateOnMonth => true,
    );
  }
}
