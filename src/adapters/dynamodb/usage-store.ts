/**
 * Secondary adapter (DynamoDB, Usage table): billable-call counters, one item per account, UTC day and endpoint
 * (sk = `YYYY-MM-DD#POST /v1/tax/rate`), incremented atomically with ADD.
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { UsageMeter, UsageRow } from '../../ports/reports';
import { documentClient } from './client';
import { queryAll } from './query';
import type { TransactItem } from './transact';

export class DynamoDbUsageStore implements UsageMeter {
  constructor(private readonly tableName: string) {}

  /** One billable call as a TransactWriteItems entry, to land with the answer it bills (idempotency-store.ts). */
  billItem(accountId: string, endpoint: string, at: Date): TransactItem {
    const date = at.toISOString().slice(0, 10);
    return {
      Update: {
        TableName: this.tableName,
        Key: { account_id: accountId, sk: `${date}#${endpoint}` },
        UpdateExpression: 'ADD #count :one SET #date = :date, #endpoint = :endpoint',
        ExpressionAttributeNames: { '#count': 'count', '#date': 'date', '#endpoint': 'endpoint' },
        ExpressionAttributeValues: { ':one': 1, ':date': date, ':endpoint': endpoint },
      },
    };
  }

  async recordBillableCall(accountId: string, endpoint: string, at: Date): Promise<void> {
    await documentClient().send(new UpdateCommand(this.billItem(accountId, endpoint, at).Update!));
  }

  async list(accountId: string, from: string, to: string): Promise<UsageRow[]> {
    const items = await queryAll({
      TableName: this.tableName,
      KeyConditionExpression: 'account_id = :account AND sk BETWEEN :from AND :to',
      // '~' sorts after '#', so every endpoint of the last day is included.
      ExpressionAttributeValues: { ':account': accountId, ':from': `${from}#`, ':to': `${to}#~` },
    });
    return items.map((item) => ({ date: item.date as string, endpoint: item.endpoint as string, count: item.count as number }));
  }
}
