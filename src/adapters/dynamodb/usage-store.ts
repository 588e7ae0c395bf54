/**
 * Secondary adapter (DynamoDB, Usage table): billable-call counters per account, UTC day and endpoint, incremented
 * atomically with ADD. Each (day, endpoint) is spread over USAGE_SHARDS items (sk = `YYYY-MM-DD#POST /v1/tax/rate#3`)
 * because every keyed call bills inside a transaction: one counter item per account and endpoint would make an
 * account's concurrent calls cancel each other's transactions (TransactionConflict). Reading sums the shards; items
 * written before sharding (sk without the `#n`) are summed with them.
 */
import type { UsageMeter, UsageRow } from '../../ports/reports';
import { queryAll } from './query';
import { documentClient } from './client';
import { cancellationCodes, retryingConflicts, transactWrite, type TransactItem } from './transact';

/** How long a keyed call's "billed" marker is kept: past the 24 h its Idempotency-Key can be replayed. */
const BILLED_MARKER_SECONDS = 48 * 60 * 60;

/** Enough that a busy account's concurrent calls rarely meet on one item; a usage read is one query either way. */
export const USAGE_SHARDS = 10;

export class DynamoDbUsageStore implements UsageMeter {
  constructor(
    private readonly tableName: string,
    private readonly pickShard: () => number = () => Math.floor(Math.random() * USAGE_SHARDS),
  ) {}

  /** One billable call's counter update. */
  billItem(accountId: string, endpoint: string, at: Date): TransactItem {
    const date = at.toISOString().slice(0, 10);
    return {
      Update: {
        TableName: this.tableName,
        Key: { account_id: accountId, sk: `${date}#${endpoint}#${this.pickShard()}` },
        UpdateExpression: 'ADD #count :one SET #date = :date, #endpoint = :endpoint',
        ExpressionAttributeNames: { '#count': 'count', '#date': 'date', '#endpoint': 'endpoint' },
        ExpressionAttributeValues: { ':one': 1, ':date': date, ':endpoint': endpoint },
      },
    };
  }

  /**
   * A keyless call: the same counter update on its own (one write unit, where a one-item transaction costs two, and
   * faster), sent again when it meets a keyed call's transaction on its item.
   */
  async recordBillableCall(accountId: string, endpoint: string, at: Date): Promise<void> {
    const { Update } = this.billItem(accountId, endpoint, at);
    await retryingConflicts(() => documentClient().update(Update!));
  }

  /**
   * A keyed call (one Idempotency-Key of one endpoint): billed at most once however often it is run or replayed. The
   * counter and a marker of the key (`billed#<endpoint>#<key hash>`, kept 48 h by the table's TTL) are written in one
   * transaction on condition that the marker is new; answers whether this call billed it.
   */
  async billOnce(accountId: string, endpoint: string, callKey: string, at: Date): Promise<boolean> {
    const marker: TransactItem = {
      Put: {
        TableName: this.tableName,
        Item: { account_id: accountId, sk: `billed#${endpoint}#${callKey}`, expiration: Math.floor(at.getTime() / 1000) + BILLED_MARKER_SECONDS },
        ConditionExpression: 'attribute_not_exists(sk)',
      },
    };
    try {
      await transactWrite([marker, this.billItem(accountId, endpoint, at)]);
      return true;
    } catch (error) {
      if (cancellationCodes(error)?.[0] === 'ConditionalCheckFailed') return false;
      throw error;
    }
  }

  async list(accountId: string, from: string, to: string): Promise<UsageRow[]> {
    const items = await queryAll({
      TableName: this.tableName,
      KeyConditionExpression: 'account_id = :account AND sk BETWEEN :from AND :to',
      // '~' sorts after '#', so every endpoint of the last day is included.
      ExpressionAttributeValues: { ':account': accountId, ':from': `${from}#`, ':to': `${to}#~` },
    });
    // The query answers in sk order, so the shards of one (day, endpoint) arrive together and rows stay in order.
    const rows = new Map<string, UsageRow>();
    for (const item of items) {
      const date = item.date as string;
      const endpoint = item.endpoint as string;
      const row = rows.get(`${date}#${endpoint}`);
      if (row) row.count += item.count as number;
      else rows.set(`${date}#${endpoint}`, { date, endpoint, count: item.count as number });
    }
    return [...rows.values()];
  }
}
