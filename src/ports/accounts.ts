/** Ports (implemented by src/adapters/dynamodb): accounts and their API keys, used by the authorizer and the CLI. */
import type { Account } from '../domain/accounts/account';
import type { ApiKeyRecord } from '../domain/accounts/api-key';
import type { Entity } from '../domain/records/entity';

export interface AccountDirectory {
  get(accountId: string): Promise<Account | undefined>;
  /** The account, its primary entity and its first key, all or nothing. */
  create(account: Account, primaryEntity: Entity, firstKey: ApiKeyRecord): Promise<void>;
}

export interface ApiKeyRegistry {
  get(keyHash: string): Promise<ApiKeyRecord | undefined>;
  add(record: ApiKeyRecord): Promise<void>;
  /** False when no such key exists. */
  revoke(keyHash: string, at: Date): Promise<boolean>;
}
