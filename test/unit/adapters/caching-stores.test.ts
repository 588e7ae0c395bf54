/**
 * Unit: the per-container read caches of a quote (src/adapters/cache/caching-stores.ts) over the in-memory stores,
 * with an injected clock: hits within the TTL, a fresh read after it, the size bound (least recently used out),
 * invalidation by a write in the same container, and no caching of a missing entity.
 */
import { BoundedTtlCache, CachingEntityStore, CachingZipRateTable, MAX_TTL_MS } from '../../../src/adapters/cache/caching-stores';
import { READ_CACHE_TTL_SECONDS } from '../../../src/config/api-settings';
import { newEntity, type Entity } from '../../../src/domain/records/entity';
import type { UsLocalRate } from '../../../src/domain/tax/rate-types';
import { zipRateOnMonth } from '../../../src/domain/tax/zip-rate-months';
import type { ZipRateTable } from '../../../src/ports/rates';
import { MemoryEntityStore } from '../../support/memory-ports';

const TTL = 60_000;

function clock() {
  let now = 1_000_000;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

/** The in-memory entity store, counting the reads that reach it. */
class CountedEntityStore extends MemoryEntityStore {
  reads = 0;
  override async get(accountId: string, id: string) {
    this.reads++;
    return super.get(accountId, id);
  }
  override async primary(accountId: string) {
    this.reads++;
    return super.primary(accountId);
  }
}

async function setUp(options: { maxEntries?: number } = {}) {
  const time = clock();
  const store = new CountedEntityStore();
  const primary = await store.create('acct_1', newEntity({ name: 'Levy Inc', country: 'US' }, true, new Date('2026-01-01')));
  const sub = await store.create('acct_1', newEntity({ name: 'Sub Ltd', country: 'GB' }, false, new Date('2026-01-02')));
  const cached = new CachingEntityStore(store, { maxEntries: options.maxEntries ?? 100, ttlMs: TTL, now: time.now });
  return { time, store, cached, primary, sub };
}

describe('BoundedTtlCache', () => {
  it('refuses a TTL above 60 s or no room', () => {
    expect(() => new BoundedTtlCache({ maxEntries: 10, ttlMs: MAX_TTL_MS + 1 })).toThrow(/TTL/);
    expect(() => new BoundedTtlCache({ maxEntries: 0, ttlMs: 1000 })).toThrow(/room/);
    expect(READ_CACHE_TTL_SECONDS * 1000).toBeLessThanOrEqual(MAX_TTL_MS);
  });

  it('answers until the TTL has passed, then forgets', () => {
    const time = clock();
    const cache = new BoundedTtlCache<number>({ maxEntries: 10, ttlMs: TTL, now: time.now });
    cache.set('a', 1);
    time.advance(TTL - 1);
    expect(cache.get('a')).toBe(1);
    time.advance(1);
    expect(cache.get('a')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('keeps at most maxEntries, dropping the least recently used', () => {
    const cache = new BoundedTtlCache<number>({ maxEntries: 2, ttlMs: TTL, now: clock().now });
    cache.set('a', 1);
    cache.set('b', 2);
    expect(cache.get('a')).toBe(1); // a is now the most recent
    cache.set('c', 3);
    expect(cache.size).toBe(2);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBe(1);
    expect(cache.get('c')).toBe(3);
  });
});

describe('CachingEntityStore', () => {
  it('reads the primary and a subsidiary once within the TTL, again after it', async () => {
    const { time, store, cached, primary, sub } = await setUp();
    expect(await cached.primary('acct_1')).toEqual(primary);
    expect(await cached.primary('acct_1')).toEqual(primary);
    expect(await cached.get('acct_1', sub.id)).toEqual(sub);
    expect(await cached.get('acct_1', sub.id)).toEqual(sub);
    expect(store.reads).toBe(2);
    time.advance(TTL);
    await cached.primary('acct_1');
    await cached.get('acct_1', sub.id);
    expect(store.reads).toBe(4);
  });

  it('sees an update made through it at once, and one made elsewhere after the TTL', async () => {
    const { time, store, cached, sub } = await setUp();
    await cached.get('acct_1', sub.id);
    await cached.updateSubsidiary('acct_1', sub.id, { country: 'IE' });
    expect((await cached.get('acct_1', sub.id))?.country).toBe('IE');

    // Another container writes to the table: this one answers its copy until the TTL passes.
    await store.updateSubsidiary('acct_1', sub.id, { country: 'FR' });
    expect((await cached.get('acct_1', sub.id))?.country).toBe('IE');
    time.advance(TTL);
    expect((await cached.get('acct_1', sub.id))?.country).toBe('FR');
  });

  it('drops its copies when the entity routes write through the uncached view, whose reads always go to the store', async () => {
    const { store, cached, sub } = await setUp();
    const crud = cached.uncachedReads();
    await cached.get('acct_1', sub.id);
    await crud.updateSubsidiary('acct_1', sub.id, { name: 'Renamed Ltd' });
    expect((await cached.get('acct_1', sub.id))?.name).toBe('Renamed Ltd');
    const reads = store.reads;
    await crud.get('acct_1', sub.id);
    await crud.primary('acct_1');
    expect(store.reads).toBe(reads + 2);
  });

  it('does not cache a missing entity: one created elsewhere is found on the next call', async () => {
    const { store, cached } = await setUp();
    const later: Entity = newEntity({ name: 'Later', country: 'DE' }, false, new Date('2026-02-01'));
    expect(await cached.get('acct_1', later.id)).toBeUndefined();
    await store.create('acct_1', later);
    expect(await cached.get('acct_1', later.id)).toEqual(later);
    expect(await cached.primary('acct_2')).toBeUndefined();
    expect(await cached.primary('acct_2')).toBeUndefined();
    expect(store.reads).toBe(4);
  });

  it('is bounded: past maxEntries the least recently used entity is read again', async () => {
    const { store, cached, sub } = await setUp({ maxEntries: 1 });
    await cached.primary('acct_1');
    await cached.get('acct_1', sub.id); // pushes the primary out
    await cached.get('acct_1', sub.id);
    await cached.primary('acct_1');
    expect(store.reads).toBe(3);
  });

  it('hands out frozen copies, so no reader can change what the next one gets', async () => {
    const { cached } = await setUp();
    const seller = await cached.primary('acct_1');
    expect(Object.isFrozen(seller)).toBe(true);
  });
});

describe('CachingZipRateTable', () => {
  const row = (zip: string, month: string, combined: number): UsLocalRate => ({
    zip,
    state: 'CA',
    region_name: 'X',
    state_rate: 0.06,
    county_rate: 0,
    city_rate: 0,
    special_rate: combined - 0.06,
    combined_rate: combined,
    effective_month: month,
  });

  it('reads each ZIP, state and month once within the TTL (rows and misses alike), again after it', async () => {
    const time = clock();
    const rows = new Map<string, UsLocalRate[]>([['90001', [row('90001', '2026-03', 0.095)]]]);
    let reads = 0;
    const table: ZipRateTable = { onMonth: async (zip, state, month) => (reads++, zipRateOnMonth(rows.get(zip) ?? [], state, month)) };
    const cached = new CachingZipRateTable(table, { maxEntries: 10, ttlMs: TTL, now: time.now });
    expect((await cached.onMonth('90001', 'CA', '2026-03')).row?.combined_rate).toBe(0.095);
    expect((await cached.onMonth('90001', 'CA', '2026-03')).row?.combined_rate).toBe(0.095);
    expect(await cached.onMonth('90002', 'CA', '2026-03')).toEqual({ row: null });
    expect(await cached.onMonth('90002', 'CA', '2026-03')).toEqual({ row: null });
    expect((await cached.onMonth('90001', 'CA', '2026-04')).row?.combined_rate).toBe(0.095);
    expect(reads).toBe(3);

    // A new table imported from outside: seen once the TTL has passed.
    rows.set('90001', [row('90001', '2026-03', 0.095), row('90001', '2026-04', 0.1)]);
    expect((await cached.onMonth('90001', 'CA', '2026-04')).row?.combined_rate).toBe(0.095);
    time.advance(TTL);
    expect((await cached.onMonth('90001', 'CA', '2026-04')).row?.combined_rate).toBe(0.1);
    expect(reads).toBe(4);
  });
});
