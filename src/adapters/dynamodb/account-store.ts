/**
 * Secondary adapter (DynamoDB, Accounts table): one item per account. A new account is written together with its
 * primary entity and first key (items of the Entities and ApiKeys stores) in one transaction.
 */
import type { Account } from '../../domain/accounts/account';
import type { ApiKeyRecord } from '../../domain/accounts/api-key';
import type { Entity } from '../../domain/records/entity';
import type { AccountDirectory, UsageKey } from '../../ports/accounts';
import type { DynamoDbApiKeyStore } from './api-key-store';
import { documentClient } from './client';
import type { DynamoDbEntityStore } from './entity-store';
import { scanAll } from './query';
import { transactWrite } from './transact';

export class DynamoDbAccountStore implements AccountDirectory {
  constructor(
    private readonly tableName: string,
    private readonly entities: () => DynamoDbEntityStore,
    private readonly apiKeys: () => DynamoDbApiKeyStore,
  ) {}

  async get(accountId: string): Promise<Account | undefined> {
    const { Item } = await documentClient().get({ TableName: this.tableName, Key: { account_id: accountId } });
    return Item as Account | undefined;
  }

  async changePlan(accountId: string, plan: string): Promise<boolean> {
    if (!(await this.get(accountId))) return false;
    const keys = await this.apiKeys().listFor(accountId);
    // The account and its keys move together: the authorizer reads the plan from the key.
    await transactWrite([
      {
        Update: {
          TableName: this.tableName,
          Key: { account_id: accountId },
          UpdateExpression: 'SET #plan = :plan',
          ConditionExpression: 'attribute_exists(account_id)',
          ExpressionAttributeNames: { '#plan': 'plan' },
          ExpressionAttributeValues: { ':plan': plan },
        },
      },
      ...keys.map((key) => this.apiKeys().planItem(key.key_hash, plan)),
    ]);
    return true;
  }

  async list(): Promise<Account[]> {
    return (await scanAll({ TableName: this.tableName })) as unknown as Account[];
  }

  async attachUsageKey(accountId: string, plan: string, usage: UsageKey, keyIds: Readonly<Record<string, string>>): Promise<void> {
    await transactWrite([
      {
        Update: {
          TableName: this.tableName,
          Key: { account_id: accountId },
          UpdateExpression: `SET #plan = :plan, usage_key = :usageKey${usage.usage_key_id ? ', usage_key_id = :usageKeyId' : ''}`,
          ConditionExpression: 'attribute_exists(account_id)',
          ExpressionAttributeNames: { '#plan': 'plan' },
          ExpressionAttributeValues: { ':plan': plan, ':usageKey': usage.usage_key, ...(usage.usage_key_id ? { ':usageKeyId': usage.usage_key_id } : {}) },
        },
      },
      ...Object.entries(keyIds).map(([keyHash, keyId]) => this.apiKeys().usageKeyItem(keyHash, keyId, plan, usage.usage_key)),
    ]);
  }

  async create(account: Account, primaryEntity: Entity, firstKey: ApiKeyRecord): Promise<void> {
    await transactWrite([
      { Put: { TableName: this.tableName, Item: account, ConditionExpression: 'attribute_not_exists(account_id)' } },
      this.entities().putItem(account.account_id, primaryEntity),
      this.apiKeys().putItem(firstKey),
    ]);
  }
}
