/**
 * Secondary adapter (DynamoDB, ApiKeys table): key hash -> account id and status.
 */
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { tableName } from '../constants';
import { documentClient } from './dynamodb-client';
import type { TransactItem } from './transact';

export interface ApiKeyRecord {
  key_hash: string;
  account_id: string;
  status: 'active' | 'revoked';
  created_at: string;
  revoked_at?: string;
}

const TABLE = tableName('ApiKeys');

export const apiKeyStore = {
  async get(keyHash: string): Promise<ApiKeyRecord | undefined> {
    const { Item } = await documentClient.send(new GetCommand({ TableName: TABLE, Key: { key_hash: keyHash } }));
    return Item as ApiKeyRecord | undefined;
  },

  putItem(record: ApiKeyRecord): TransactItem {
    return { Put: { TableName: TABLE, Item: record, ConditionExpression: 'attribute_not_exists(key_hash)' } };
  },

  /** False when no such key exists. */
  async revoke(keyHash: string, at: Date): Promise<boolean> {
    try {
      await documentClient.send(
        new UpdateCommand({
          TableName: TABLE,
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
  },
};
