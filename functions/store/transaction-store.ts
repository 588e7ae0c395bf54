/**
 * Secondary adapter (DynamoDB, Transactions table): recorded sales and their refunds, partitioned by account.
 *
 *   sale    sk `txn#<id>`                 the Transaction, plus `fingerprint` (safe-retry content),
 *                                         `refunded` (per line: amount and tax refunded so far) and
 *                                         `refund_version` (optimistic lock: each refund moves it by one)
 *   refund  sk `rfd#<txn id>#<refund id>` the Refund, plus `fingerprint`
 *
 * Ids never contain `#` (records/transaction.ts), so prefixes cannot collide. Writes are returned as
 * TransactWriteItems entries: the use cases write them together with the exposure counters.
 */
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { GetCommand, QueryCommand, type QueryCommandOutput } from '@aws-sdk/lib-dynamodb';
import { tableName } from '../constants';
import type { Refund, RefundedSoFar, Transaction } from '../records/transaction';
import type { Page } from './account-record-store';
import { documentClient } from './dynamodb-client';
import type { TransactItem } from './transact';

const TABLE = tableName('Transactions');
const saleKey = (id: string) => `txn#${id}`;
const refundPrefix = (transactionId: string) => `rfd#${transactionId}#`;

export interface StoredTransaction {
  transaction: Transaction;
  fingerprint: string;
  refunded: RefundedSoFar;
  version: number;
}

export interface StoredRefund {
  refund: Refund;
  fingerprint: string;
}

export interface TransactionListRequest {
  limit: number;
  startingAfter?: string;
  /** YYYY-MM-DD, inclusive. */
  from?: string;
  to?: string;
}

function withoutKeys<T>(item: Record<string, unknown>, drop: readonly string[]): T {
  const record = { ...item };
  for (const key of ['account_id', 'sk', ...drop]) delete record[key];
  return record as T;
}

const SALE_INTERNALS = ['fingerprint', 'refunded', 'refund_version'] as const;

function toStoredTransaction(item: Record<string, unknown>): StoredTransaction {
  return {
    transaction: withoutKeys<Transaction>(item, SALE_INTERNALS),
    fingerprint: item.fingerprint as string,
    refunded: (item.refunded ?? {}) as RefundedSoFar,
    version: (item.refund_version ?? 0) as number,
  };
}

/** The codes of a cancelled TransactWriteItems, one per item in order ('None', 'ConditionalCheckFailed', ...). */
export function cancellationCodes(error: unknown): string[] | undefined {
  if (!(error instanceof TransactionCanceledException)) return undefined;
  return (error.CancellationReasons ?? []).map((r) => r.Code ?? 'None');
}

/**
 * True when DynamoDB cancelled the write because another transaction held one of its items (a hot exposure counter
 * under concurrent sales). Nothing was written, so the same items can be sent again.
 */
export function isTransactionConflict(error: unknown): boolean {
  return cancellationCodes(error)?.includes('TransactionConflict') === true || (error as Error | undefined)?.name === 'TransactionConflictException';
}

/** Sends the items, again after a short jittered pause while DynamoDB reports a transaction conflict (at most `attempts`). */
export async function transactWriteRetryingConflicts(write: () => Promise<void>, attempts = 8): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await write();
    } catch (error) {
      if (!isTransactionConflict(error) || attempt >= attempts) throw error;
      await new Promise((r) => setTimeout(r, Math.random() * 10 * 2 ** attempt));
    }
  }
}

export const transactionStore = {
  /** The sale's put; conditional, so a retried or concurrent write of the same id cannot land twice. */
  putItem(accountId: string, transaction: Transaction, fingerprint: string): TransactItem {
    return {
      Put: {
        TableName: TABLE,
        Item: { account_id: accountId, sk: saleKey(transaction.id), ...transaction, fingerprint, refunded: {}, refund_version: 0 },
        ConditionExpression: 'attribute_not_exists(sk)',
      },
    };
  },

  /**
   * A refund's two writes: its own conditional put, and the sale's refunded-so-far, conditional on the version the
   * allocation was computed from (a concurrent refund of the same sale makes one of them retry).
   */
  refundItems(accountId: string, refund: Refund, fingerprint: string, refunded: RefundedSoFar, expectedVersion: number): TransactItem[] {
    return [
      {
        Put: {
          TableName: TABLE,
          Item: { account_id: accountId, sk: `${refundPrefix(refund.transaction_id)}${refund.id}`, ...refund, fingerprint },
          ConditionExpression: 'attribute_not_exists(sk)',
        },
      },
      {
        Update: {
          TableName: TABLE,
          Key: { account_id: accountId, sk: saleKey(refund.transaction_id) },
          UpdateExpression: 'SET refunded = :refunded, refund_version = :next',
          ConditionExpression: 'refund_version = :expected',
          ExpressionAttributeValues: { ':refunded': refunded, ':next': expectedVersion + 1, ':expected': expectedVersion },
        },
      },
    ];
  },

  async get(accountId: string, id: string): Promise<StoredTransaction | undefined> {
    const { Item } = await documentClient.send(
      new GetCommand({ TableName: TABLE, Key: { account_id: accountId, sk: saleKey(id) }, ConsistentRead: true }),
    );
    return Item ? toStoredTransaction(Item) : undefined;
  },

  async getRefund(accountId: string, transactionId: string, refundId: string): Promise<StoredRefund | undefined> {
    const { Item } = await documentClient.send(
      new GetCommand({ TableName: TABLE, Key: { account_id: accountId, sk: `${refundPrefix(transactionId)}${refundId}` }, ConsistentRead: true }),
    );
    return Item ? { refund: withoutKeys<Refund>(Item, ['fingerprint']), fingerprint: Item.fingerprint as string } : undefined;
  },

  async refunds(accountId: string, transactionId: string): Promise<Refund[]> {
    const refunds: Refund[] = [];
    let start: Record<string, unknown> | undefined;
    do {
      const page: QueryCommandOutput = await documentClient.send(
        new QueryCommand({
          TableName: TABLE,
          KeyConditionExpression: 'account_id = :account AND begins_with(sk, :prefix)',
          ExpressionAttributeValues: { ':account': accountId, ':prefix': refundPrefix(transactionId) },
          ExclusiveStartKey: start,
          ConsistentRead: true,
        }),
      );
      for (const item of page.Items ?? []) refunds.push(withoutKeys<Refund>(item, ['fingerprint']));
      start = page.LastEvaluatedKey;
    } while (start);
    return refunds;
  },

  /**
   * Sales in id order, `limit` per page after `startingAfter`; the date range is a filter, so the store reads on
   * until it has one more match than asked (that tells has_more) or the partition ends.
   */
  async list(accountId: string, request: TransactionListRequest): Promise<Page<Transaction>> {
    const filters: string[] = [];
    const values: Record<string, unknown> = { ':account': accountId, ':prefix': 'txn#' };
    if (request.from) {
      filters.push('#date >= :from');
      values[':from'] = request.from;
    }
    if (request.to) {
      filters.push('#date <= :to');
      values[':to'] = request.to;
    }
    const found: Transaction[] = [];
    let start: Record<string, unknown> | undefined = request.startingAfter
      ? { account_id: accountId, sk: saleKey(request.startingAfter) }
      : undefined;
    do {
      const page: QueryCommandOutput = await documentClient.send(
        new QueryCommand({
          TableName: TABLE,
          KeyConditionExpression: 'account_id = :account AND begins_with(sk, :prefix)',
          FilterExpression: filters.length ? filters.join(' AND ') : undefined,
          ExpressionAttributeNames: filters.length ? { '#date': 'date' } : undefined,
          ExpressionAttributeValues: values,
          ExclusiveStartKey: start,
          Limit: filters.length ? Math.max(100, request.limit + 1) : request.limit + 1 - found.length,
        }),
      );
      for (const item of page.Items ?? []) found.push(toStoredTransaction(item).transaction);
      start = page.LastEvaluatedKey;
    } while (start && found.length <= request.limit);
    return { data: found.slice(0, request.limit), has_more: found.length > request.limit };
  },
};
