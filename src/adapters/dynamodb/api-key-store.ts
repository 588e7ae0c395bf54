/**
 * Secondary adapter (DynamoDB, ApiKeys table): key hash -> key id, prefix, account, plan, usage key and status. The
 * authorizer only ever reads one item by hash; the CLI lists an account's keys through the `by-account` index and
 * finds a key by id or prefix with a scan (a handful of keys per account, an operator's command).
 */
import { API_KEYS_BY_ACCOUNT_INDEX } from '../../config/tables';
import type { ApiKeyRecord } from '../../domain/accounts/api-key';
import type { ApiKeyRegistry } from '../../ports/accounts';
import { documentClient } from './client';
import { unlessConditionFails } from './conditional-write';
import { queryAll, scanAll } from './query';
import type { TransactItem } from './transact';

/** A prefix this short would name too many keys to be a useful handle. */
const MIN_PREFIX_LENGTH = 8;

export class DynamoDbApiKeyStore implements ApiKeyRegistry {
  constructor(private readonly tableName: string) {}

  /** Strongly consistent: a key revoked a moment ago must not be read as active (and cached by API Gateway for 300 s). */
  async get(keyHash: string): Promise<ApiKeyRecord | undefined> {
    const { Item } = await documentClient().get({ TableName: this.tableName, Key: { key_hash: keyHash }, ConsistentRead: true });
    return Item as ApiKeyRecord | undefined;
  }

  putItem(record: ApiKeyRecord): TransactItem {
    return { Put: { TableName: this.tableName, Item: record, ConditionExpression: 'attribute_not_exists(key_hash)' } };
  }

  /** The plan change of one key, for the account store's all-or-nothing plan change. */
  planItem(keyHash: string, plan: string): TransactItem {
    return {
      Update: {
        TableName: this.tableName,
        Key: { key_hash: keyHash },
        UpdateExpression: 'SET #plan = :plan',
        ConditionExpression: 'attribute_exists(key_hash)',
        ExpressionAttributeNames: { '#plan': 'plan' },
        ExpressionAttributeValues: { ':plan': plan },
      },
    };
  }

  /** A key made before usage plans, completed: its id (kept if it has one), plan and usage key. */
  usageKeyItem(keyHash: string, keyId: string, plan: string, usageKey: string): TransactItem {
    return {
      Update: {
        TableName: this.tableName,
        Key: { key_hash: keyHash },
        UpdateExpression: 'SET key_id = if_not_exists(key_id, :keyId), #plan = :plan, usage_key = :usageKey',
        ConditionExpression: 'attribute_exists(key_hash)',
        ExpressionAttributeNames: { '#plan': 'plan' },
        ExpressionAttributeValues: { ':keyId': keyId, ':plan': plan, ':usageKey': usageKey },
      },
    };
  }

  async add(record: ApiKeyRecord): Promise<void> {
    await documentClient().put(this.putItem(record).Put!);
  }

  async listFor(accountId: string): Promise<ApiKeyRecord[]> {
    const items = await queryAll({
      TableName: this.tableName,
      IndexName: API_KEYS_BY_ACCOUNT_INDEX,
      KeyConditionExpression: 'account_id = :account',
      ExpressionAttributeValues: { ':account': accountId },
    });
    return items as unknown as ApiKeyRecord[];
  }

  async find(idOrPrefix: string): Promise<ApiKeyRecord[]> {
    const byPrefix = idOrPrefix.length >= MIN_PREFIX_LENGTH;
    return this.scan(byPrefix ? 'key_id = :value OR begins_with(prefix, :value)' : 'key_id = :value', { ':value': idOrPrefix });
  }

  async listWithoutId(): Promise<ApiKeyRecord[]> {
    return this.scan('attribute_not_exists(key_id)');
  }

  private async scan(filter: string, values?: Record<string, unknown>): Promise<ApiKeyRecord[]> {
    return (await scanAll({ TableName: this.tableName, FilterExpression: filter, ExpressionAttributeValues: values })) as unknown as ApiKeyRecord[];
  }

  async revoke(keyHash: string, at: Date): Promise<boolean> {
    const written = await unlessConditionFails(() =>
      documentClient().update({
        TableName: this.tableName,
        Key: { key_hash: keyHash },
        UpdateExpression: 'SET #status = :revoked, revoked_at = :at',
        ConditionExpression: 'attribute_exists(key_hash)',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':revoked': 'revoked', ':at': at.toISOString() },
      }),
    );
    return written !== undefined;
  }
}
