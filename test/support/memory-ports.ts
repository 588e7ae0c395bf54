/**
 * Test support: in-memory fakes of the ports (src/ports), with the same outcomes as the DynamoDB adapters
 * (`created | replayed | exists | stale`, undefined for a missing record), so the use cases can be unit-tested without a database.
 * Each fake keeps its state in plain maps the tests can read; `hooks` lets a test run code at the moment a write lands
 * (a concurrent writer), which a real database cannot be asked to do on demand.
 */
import { exposureKeyString, type ExposureDelta } from '../../src/domain/exposure/deltas';
import type { ExposureTotal } from '../../src/domain/exposure/report';
import type { Entity } from '../../src/domain/records/entity';
import type { Page, PageRequest, Patch, StoredRecord } from '../../src/domain/records/record';
import type { Vendor } from '../../src/domain/records/vendor';
import type { UsLocalRate } from '../../src/domain/tax/rate-types';
import { zipRateOnMonth } from '../../src/domain/tax/zip-rate-months';
import type { Refund } from '../../src/domain/transactions/refund';
import type { Account } from '../../src/domain/accounts/account';
import type { ApiKeyRecord } from '../../src/domain/accounts/api-key';
import type { AccountDirectory, ApiKeyRegistry, KeyActivity, UsageKey } from '../../src/ports/accounts';
import type { RefundLedger, RefundRecording, SaleLedger, SaleListRequest, SaleRecording, StoredRefund, StoredSale } from '../../src/ports/ledger';
import type { Ports } from '../../src/ports/ports';
import type { Creation, EntityStore, RecordStore, SubsidiaryUpdate } from '../../src/ports/records';
import type { UsageMeter, UsageRow } from '../../src/ports/reports';
import type { Product } from '../../src/domain/products/product';
import type { ProductStore } from '../../src/ports/products';

const key = (accountId: string, id: string) => `${accountId}|${id}`;

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

  async updatePrimaryAddress(accountId: string, id: string, address: Entity['address'] | null): Promise<Entity | undefined> {
    const found = await this.get(accountId, id);
    return found?.is_primary ? this.update(accountId, id, { address }) : undefined;
  }

  async primary(accountId: string): Promise<Entity | undefined> {
    return (await this.list(accountId, { limit: 1000 })).data.find((e) => e.is_primary);
  }
}

/** Exposure counters as the Exposure table keeps them: ADDed deltas by key. */
export class MemoryExposure {
  readonly counters = new Map<string, ExposureTotal & { accountId: string }>();

  add(accountId: string, deltas: readonly ExposureDelta[]): void {
    for (const d of deltas) {
      const k = `${accountId}|${exposureKeyString(d)}`;
      const current = this.counters.get(k) ?? { ...d, accountId, tax: 0, sales: 0, taxable_sales: 0, exempt_sales: {} };
      current.tax += d.tax;
      current.sales += d.sales;
      // The sales amounts, kept as the DynamoDB store keeps them (zero amounts left out when read).
      current.taxable_sales = (current.taxable_sales ?? 0) + (d.taxable_sales ?? 0);
      const exempt: Record<string, number> = { ...current.exempt_sales };
      for (const [reason, amount] of Object.entries(d.exempt_sales ?? {})) exempt[reason] = (exempt[reason] ?? 0) + amount;
      current.exempt_sales = exempt;
      this.counters.set(k, current);
    }
  }

  /** True when a delta would take a counter past 2^53 - 1, as the DynamoDB store's condition refuses. */
  wouldOverflow(accountId: string, deltas: readonly ExposureDelta[]): boolean {
    return deltas.some((d) => d.tax > 0 && (this.counters.get(`${accountId}|${exposureKeyString(d)}`)?.tax ?? 0) > Number.MAX_SAFE_INTEGER - d.tax);
  }

  async totals(accountId: string): Promise<ExposureTotal[]> {
    return [...this.counters.values()]
      .filter((c) => c.accountId === accountId)
      .map(({ accountId: _a, taxable_sales, exempt_sales, ...t }) => {
        const exempt = Object.entries(exempt_sales ?? {}).filter(([, amount]) => amount !== 0);
        return { ...t, ...(taxable_sales ? { taxable_sales } : {}), ...(exempt.length > 0 ? { exempt_sales: Object.fromEntries(exempt) } : {}) };
      });
  }
}

export interface LedgerHooks {
  /** Runs just before a sale write lands, e.g. to let a concurrent writer land first. */
  beforeSale?: (sale: StoredSale['transaction']) => Promise<void> | void;
  /** Runs just before a refund write lands. */
  beforeRefund?: (refund: Refund) => Promise<void> | void;
}

/** What both ledgers share, as the Transactions table does: sales, refunds, and the exposure counters they move. */
export class MemoryLedgerState {
  readonly sales = new Map<string, StoredSale>();
  readonly refunds = new Map<string, StoredRefund>();
  readonly hooks: LedgerHooks = {};
  constructor(readonly exposure: MemoryExposure) {}
}

export class MemorySaleLedger implements SaleLedger {
  constructor(readonly state: MemoryLedgerState) {}

  async get(accountId: string, id: string): Promise<StoredSale | undefined> {
    const found = this.state.sales.get(key(accountId, id));
    return found && structuredClone(found);
  }

  /** In id order, or by date then id within `from`/`to`, as the DynamoDB store answers. */
  async list(accountId: string, request: SaleListRequest): Promise<Page<StoredSale['transaction']>> {
    const byDate = request.from !== undefined || request.to !== undefined;
    const sortKey = (t: StoredSale['transaction']) => (byDate ? `${t.date}#${t.id}` : t.id);
    const mine = [...this.state.sales.entries()]
      .filter(([k]) => k.startsWith(`${accountId}|`))
      .map(([, s]) => s.transaction)
      .filter((t) => (request.from === undefined || t.date >= request.from) && (request.to === undefined || t.date <= request.to))
      .sort((a, b) => (sortKey(a) < sortKey(b) ? -1 : 1));
    const start = request.startingAfter === undefined ? 0 : mine.findIndex((t) => t.id === request.startingAfter) + 1;
    const rest = mine.slice(start);
    return { data: rest.slice(0, request.limit).map((t) => structuredClone(t)), has_more: rest.length > request.limit };
  }

  async record(accountId: string, sale: StoredSale['transaction'], fingerprint: string, exposure: readonly ExposureDelta[]): Promise<SaleRecording> {
    await this.state.hooks.beforeSale?.(sale);
    const stored = this.state.sales.get(key(accountId, sale.id));
    if (stored) return stored.fingerprint === fingerprint ? { outcome: 'replayed', record: structuredClone(stored.transaction) } : { outcome: 'exists' };
    if (this.state.exposure.wouldOverflow(accountId, exposure)) return { outcome: 'counter_limit' };
    this.state.sales.set(key(accountId, sale.id), { transaction: structuredClone(sale), fingerprint, refunded: {}, version: 0 });
    this.state.exposure.add(accountId, exposure);
    return { outcome: 'created', record: sale };
  }
}

export class MemoryRefundLedger implements RefundLedger {
  constructor(readonly state: MemoryLedgerState) {}

  async get(accountId: string, transactionId: string, refundId: string): Promise<StoredRefund | undefined> {
    const found = this.state.refunds.get(key(accountId, `${transactionId}#${refundId}`));
    return found && structuredClone(found);
  }

  async listFor(accountId: string, transactionId: string): Promise<Refund[]> {
    return [...this.state.refunds.entries()].filter(([k]) => k.startsWith(`${accountId}|${transactionId}#`)).map(([, r]) => r.refund);
  }

  async record(
    accountId: string,
    refund: Refund,
    fingerprint: string,
    refundedAfter: StoredSale['refunded'],
    expectedVersion: number,
    exposure: readonly ExposureDelta[],
  ): Promise<RefundRecording> {
    await this.state.hooks.beforeRefund?.(refund);
    const refundKey = key(accountId, `${refund.transaction_id}#${refund.id}`);
    const stored = this.state.refunds.get(refundKey);
    if (stored) return stored.fingerprint === fingerprint ? { outcome: 'replayed', record: structuredClone(stored.refund) } : { outcome: 'exists' };
    const sale = this.state.sales.get(key(accountId, refund.transaction_id));
    if (!sale || sale.version !== expectedVersion) return { outcome: 'stale' };
    this.state.refunds.set(refundKey, { refund: structuredClone(refund), fingerprint });
    sale.refunded = structuredClone(refundedAfter);
    sale.version += 1;
    this.state.exposure.add(accountId, exposure);
    return { outcome: 'created', record: refund };
  }
}

/** Billable-call counters by account, UTC day and endpoint, as the Usage table keeps them. */
export class MemoryUsage implements UsageMeter {
  readonly counts = new Map<string, UsageRow & { accountId: string }>();

  async recordBillableCall(accountId: string, endpoint: string, at: Date): Promise<void> {
    const date = at.toISOString().slice(0, 10);
    const k = `${accountId}|${date}#${endpoint}`;
    const row = this.counts.get(k) ?? { accountId, date, endpoint, count: 0 };
    row.count += 1;
    this.counts.set(k, row);
  }

  readonly billedKeys = new Set<string>();

  async billOnce(accountId: string, endpoint: string, callKey: string, at: Date): Promise<boolean> {
    const marker = `${accountId}|${endpoint}|${callKey}`;
    if (this.billedKeys.has(marker)) return false;
    this.billedKeys.add(marker);
    await this.recordBillableCall(accountId, endpoint, at);
    return true;
  }

  async list(accountId: string, from: string, to: string): Promise<UsageRow[]> {
    return [...this.counts.entries()]
      .filter(([, r]) => r.accountId === accountId && r.date >= from && r.date <= to)
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([, { accountId: _a, ...row }]) => row);
  }
}

export class MemoryApiKeys implements ApiKeyRegistry {
  readonly keys = new Map<string, ApiKeyRecord>();

  async get(keyHash: string): Promise<ApiKeyRecord | undefined> {
    return this.keys.get(keyHash);
  }

  async add(record: ApiKeyRecord): Promise<void> {
    if (this.keys.has(record.key_hash)) throw new Error('duplicate key hash');
    this.keys.set(record.key_hash, { ...record });
  }

  /** As the by-account index (keyed by key id) answers: keys without an id are not in it. */
  async listFor(accountId: string): Promise<ApiKeyRecord[]> {
    return [...this.keys.values()].filter((k) => k.account_id === accountId && k.key_id).sort((a, b) => (a.key_id < b.key_id ? -1 : 1));
  }

  async find(idOrPrefix: string): Promise<ApiKeyRecord[]> {
    return [...this.keys.values()].filter((k) => k.key_id === idOrPrefix || (idOrPrefix.length >= 8 && !!k.prefix?.startsWith(idOrPrefix)));
  }

  async listWithoutId(): Promise<ApiKeyRecord[]> {
    return [...this.keys.values()].filter((k) => !k.key_id);
  }

  async revoke(keyHash: string, at: Date): Promise<boolean> {
    const found = this.keys.get(keyHash);
    if (!found) return false;
    this.keys.set(keyHash, { ...found, status: 'revoked', revoked_at: at.toISOString() });
    return true;
  }
}

/** Accounts, written with their primary entity and first key at once, as the DynamoDB store does. */
export class MemoryAccounts implements AccountDirectory {
  readonly accounts = new Map<string, Account>();

  constructor(
    private readonly entities: MemoryEntityStore,
    private readonly apiKeys: MemoryApiKeys,
  ) {}

  async get(accountId: string): Promise<Account | undefined> {
    return this.accounts.get(accountId);
  }

  async changePlan(accountId: string, plan: string): Promise<boolean> {
    const account = this.accounts.get(accountId);
    if (!account) return false;
    this.accounts.set(accountId, { ...account, plan });
    for (const key of await this.apiKeys.listFor(accountId)) this.apiKeys.keys.set(key.key_hash, { ...key, plan });
    return true;
  }

  async list(): Promise<Account[]> {
    return [...this.accounts.values()];
  }

  async attachUsageKey(accountId: string, plan: string, usage: UsageKey, keyIds: Readonly<Record<string, string>>): Promise<void> {
    const account = this.accounts.get(accountId);
    if (!account) throw new Error('no such account');
    this.accounts.set(accountId, { ...account, plan, ...usage });
    for (const [keyHash, keyId] of Object.entries(keyIds)) {
      const key = this.apiKeys.keys.get(keyHash);
      if (!key) throw new Error('no such key');
      this.apiKeys.keys.set(keyHash, { ...key, key_id: key.key_id ?? keyId, plan, usage_key: usage.usage_key });
    }
  }

  async create(account: Account, primaryEntity: Entity, firstKey: ApiKeyRecord): Promise<void> {
    if (this.accounts.has(account.account_id)) throw new Error('duplicate account');
    this.accounts.set(account.account_id, { ...account });
    await this.entities.create(account.account_id, primaryEntity);
    await this.apiKeys.add(firstKey);
  }
}

export class MemoryKeyActivity implements KeyActivity {
  readonly days = new Map<string, string>();

  async noteUsed(keyId: string, day: string): Promise<void> {
    if ((this.days.get(keyId) ?? '') < day) this.days.set(keyId, day);
  }

  async lastUsed(keyIds: readonly string[]): Promise<Record<string, string>> {
    return Object.fromEntries(keyIds.filter((id) => this.days.has(id)).map((id) => [id, this.days.get(id)!]));
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

/**
 * The customer, certificate and document ports have no fakes: their use cases are tested against DynamoDB Local. A
 * quote reads none of them here (no stored customers or certificates, default settings, no registrations: collected
 * everywhere), and recording raises no nexus events.
 */
/** The ports faked in memory: the ones the unit-tested use cases read (Ports lists every port of the root). */
type FakedPorts = Pick<
  Ports,
  | 'accounts'
  | 'apiKeys'
  | 'keyActivity'
  | 'vendors'
  | 'entities'
  | 'sales'
  | 'refunds'
  | 'exposure'
  | 'usage'
  | 'zipRates'
  | 'locations'
  | 'products'
  | 'subjects'
  | 'collection'
  | 'establishments'
  | 'taxIds'
  | 'nexusWatch'
>;

export interface MemoryPorts extends FakedPorts {
  customers: Pick<Ports['customers'], 'get'>;
  exemptions: Pick<Ports['exemptions'], 'listOf'>;
  settings: Pick<Ports['settings'], 'get'>;
  registrations: Pick<Ports['registrations'], 'listAll'>;
  accounts: MemoryAccounts;
  apiKeys: MemoryApiKeys;
  keyActivity: MemoryKeyActivity;
  vendors: MemoryRecordStore<Vendor>;
  entities: MemoryEntityStore;
  exposure: MemoryExposure;
  sales: MemorySaleLedger;
  refunds: MemoryRefundLedger;
  ledger: MemoryLedgerState;
  /** US local rate rows by ZIP, every state and month (each row's month in effective_month). */
  zipRows: Map<string, UsLocalRate[]>;
  usage: MemoryUsage;
  products: MemoryProductStore;
}

/** Every port in memory; `locations` answers like a world with only the ZIPs and IPs a test gives it. */
export function memoryPorts(options: { zipStates?: Record<string, string>; zipCounties?: Record<string, string> } = {}): MemoryPorts {
  const exposure = new MemoryExposure();
  const ledger = new MemoryLedgerState(exposure);
  const entities = new MemoryEntityStore();
  const apiKeys = new MemoryApiKeys();
  const zipRows = new Map<string, UsLocalRate[]>();
  const zipStates = options.zipStates ?? {};
  return {
    accounts: new MemoryAccounts(entities, apiKeys),
    apiKeys,
    keyActivity: new MemoryKeyActivity(),
    vendors: new MemoryRecordStore<Vendor>(),
    entities,
    sales: new MemorySaleLedger(ledger),
    refunds: new MemoryRefundLedger(ledger),
    ledger,
    exposure,
    usage: new MemoryUsage(),
    zipRates: { onMonth: async (zip, state, month) => zipRateOnMonth(zipRows.get(zip) ?? [], state, month) },
    zipRows,
    products: new MemoryProductStore(),
    customers: { get: async () => undefined },
    exemptions: { listOf: async () => [] },
    settings: { get: async () => undefined },
    registrations: { listAll: async () => [] },
    subjects: { load: () => import('../../src/usecases/sales/sale-subjects') },
    collection: { load: () => import('../../src/usecases/sales/sale-collection') },
    establishments: { load: () => import('../../src/usecases/sales/sale-establishment') },
    taxIds: { load: () => import('../../src/domain/tax-ids/validator') },
    nexusWatch: { load: async () => ({ saleRecorded: async () => 0 }) },
    locations: {
      countryForIp: () => undefined,
      stateForZip: (zip) => zipStates[zip],
      isStatePlausibleForZip: (state, zip) => zipStates[zip] === state,
      countyForZip: (zip) => options.zipCounties?.[zip],
    },
  };
}
