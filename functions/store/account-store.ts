/**
 * Secondary adapter (DynamoDB, Accounts table): one item per account.
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { tableName } from '../constants';
import { documentClient } from './dynamodb-client';
import type { TransactItem } from './transact';

export interface Account {
  account_id: string;
  name: string;
  country: string;
  primary_entity_id: string;
  created_at: string;
}

const TABLE = tableName('Accounts');

export const accountStore = {
  async get(accountId: string): Promise<Account | undefined> {
    const { Item } = await documentClient.send(new GetCommand({ TableName: TABLE, Key: { account_id: accountId } }));
    return Item as Account | undefined;
  },

  putItem(account: Account): TransactItem {
    return { Put: { TableName: TABLE, Item: account, ConditionExpression: 'attribute_not_exists(account_id)' } };
  },
};
