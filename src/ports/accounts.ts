/** Ports (implemented by src/adapters/dynamodb): accounts, their API keys and when each key was last used. */
import type { Account } from '../domain/accounts/account';
import type { ApiKeyRecord } from '../domain/accounts/api-key';
import type { Entity } from '../domain/records/entity';

export interface AccountDirectory {
  get(accountId: string): Promise<Account | undefined>;
  /** The account, its primary entity and its first key, all or nothing. */
  create(account: Account, primaryEntity: Entity, firstKey: ApiKeyRecord): Promise<void>;
  /** Moves the account, and every key of it, to another plan; false when there is no such account. */
  changePlan(accountId: string, plan: string): Promise<boolean>;
  /** Every account (an operator's command: `levy migrate`). */
  list(): Promise<Account[]>;
  /**
   * Completes an account made before usage plans, all or nothing: its plan and usage key, and on each of its keys the
   * plan, the usage key and the key id given in `keyIds` (by key hash).
   */
  attachUsageKey(accountId: string, plan: string, usage: UsageKey, keyIds: Readonly<Record<string, string>>): Promise<void>;
}

/** The value API Gateway applies an account's plan to, and (in AWS) the id of that API Gateway key. */
export interface UsageKey {
  usage_key: string;
  usage_key_id?: string;
}

export interface ApiKeyRegistry {
  get(keyHash: string): Promise<ApiKeyRecord | undefined>;
  add(record: ApiKeyRecord): Promise<void>;
  /** The keys of an account, oldest first. */
  listFor(accountId: string): Promise<ApiKeyRecord[]>;
  /** The keys whose id is `idOrPrefix`, or whose prefix starts with it (at least 8 characters). */
  find(idOrPrefix: string): Promise<ApiKeyRecord[]>;
  /** Keys made before key ids existed (`levy migrate`): the by-account index, keyed by key id, does not hold them. */
  listWithoutId(): Promise<ApiKeyRecord[]>;
  /** False when no such key exists. */
  revoke(keyHash: string, at: Date): Promise<boolean>;
}

export interface KeyActivity {
  /** Notes that a key was used on a UTC day (YYYY-MM-DD): written at most once a day per key. */
  noteUsed(keyId: string, day: string): Promise<void>;
  /** The last day each key was used, for the keys that ever were. */
  lastUsed(keyIds: readonly string[]): Promise<Record<string, string>>;
}
