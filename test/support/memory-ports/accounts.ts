/**
 * Test support: in-memory accounts, API keys, key activity and usage counters.
 */
import type { Entity } from '../../../src/domain/records/entity';
import type { Account } from '../../../src/domain/accounts/account';
import type { ApiKeyRecord } from '../../../src/domain/accounts/api-key';
import type { AccountDirectory, ApiKeyRegistry, KeyActivity, UsageKey } from '../../../src/ports/accounts';
import type { UsageMeter, UsageRow } from '../../../src/ports/reports';
import type { MemoryEntityStore } from './records';

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
