/**
 * Secondary adapter (DynamoDB): one TransactWriteItems call for items built by several stores,
 * so a write that spans tables (account + primary entity + key, sale + exposure totals) is all or
 * nothing.
 */
import { TransactWriteCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { documentClient } from './dynamodb-client';

export type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

export async function transactWrite(items: TransactItem[]): Promise<void> {
  await documentClient.send(new TransactWriteCommand({ TransactItems: items }));
}
