/** Secondary adapter (DynamoDB, ApiKeys table): key hash -> account id and status. */
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { ApiKeyRecord } from '../../domain/accounts/api-key';
import type { ApiKeyRegistry } from '../../ports/accounts';
import { documentClient } from './client';
import type { TransactItem } from './transact';

export class DynamoDbApiKeyStore implements ApiKeyRegistry {
  constructor(private readonly tableName: string) {}

  async get(keyHash: string): Promise<ApiKeyRecord | undefined> {
    const { Item } = await documentClient().send(new GetCommand({ TableName: this.tableName, Key: { key_hash: keyHash } }));
    return Item as ApiKeyRecord | undefined;
  }

  putItem(record: ApiKeyRecord): TransactItem {
    return { Put: { TableName: this.tableName, Item: record, ConditionExpression: 'attribute_not_exists(key_hash)' } };
  }

  async add(record: ApiKeyRecord): Promise<void> {
    await documentClient().send(new PutCommand(this.putItem(record).Put!));
  }

  async revoke(keyHash: string, at: Date): Promise<boolean> {
    try {
      await documentClient().send(
        new UpdateCommand({
          TableName: this.tableName,
          Key: { key_hash: keyHash },
          UpdateExpression: 'SET #status = :revoked, revoked_at = :at',
          ConditionExpression: 'attribute_exists(key_hash)',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: { ':revoked': 'revoked', ':at': at.toISOString() },
        }),
      );
      return true;
    } catch (error) {
      if (error instanceof ConditionalCheckFailedException) return false;
      throw error;
    }
  }
}
