/**
 * Secondary adapter (DynamoDB, Transactions table): recorded sales and their refunds, partitioned by account.
 *
 *   sale    sk `txn#<id>`                 the Transaction, plus `fingerprint` (safe-retry content),
 *                                         `refunded` (per line: amount and tax refunded so far),
 *                                         `refund_version` (optimistic lock: each refund moves it by one) and
 *                                         `date_id` = `<YYYY-MM-DD>#<id>`, the sort key of the LSI `by-date`
 *   refund  sk `rfd#<txn id>#<refund id>` the Refund, plus `fingerprint` and `date_id` = `rfd#<YYYY-MM-DD>#<txn id>#<refund id>`
 *                                         (a return reads the refunds dated in its period; the `rfd#` prefix
 *                                         sorts after every date, so the sales' date ranges never meet a refund)
 *
 * A sale's lines are stored as they are, or, when they are many (LINES_PACKED_FROM bytes of JSON), gzip-compressed in
 * `line_items_gz` (Binary): DynamoDB counts an item and its copy in the `by-date` index (projection ALL) against one
 * 400 KB limit, and a 1,000-line sale with each line's tax code and reason would not fit uncompressed.
 * Reads unpack it, so the stored Transaction is the same either way.
 *
 * Ids never contain `#` (referenceField), so prefixes cannot collide. Writes are returned as TransactWriteItems
 * entries: the ledger (ledger.ts) writes them together with the exposure counters.
 */
import { gunzipSync, gzipSync } from 'node:zlib';
import { TRANSACTIONS_BY_DATE_INDEX } from '../../config/tables';
import { parameterError } from '../../domain/validation';
import type { Page } from '../../domain/records/record';
import type { Refund, RefundedSoFar, RefundProgress } from '../../domain/transactions/refund';
import type { Transaction } from '../../domain/transactions/sale';
import type { SaleListRequest, StoredRefund, StoredSale } from '../../ports/ledger';
import { documentClient } from './client';
import { createPut, FINGERPRINT, type NewPut } from './conditional-create';
import { isConditionalCheckFailed } from './errors';
import { queryAll, queryPage, scanAll, withoutKeys } from './query';
import type { TransactItem } from './transact';

const saleKey = (id: string) => `txn#${id}`;
const refundPrefix = (transactionId: string) => `rfd#${transactionId}#`;
/** Sort key of the `by-date` index: dates have a fixed length, so it orders by date, then id. */
const dateId = (date: string, id: string) => `${date}#${id}`;
/** `<to>~` sorts after every `<to>#<id>` (`~` is above `#`), so `date_id <= :to~` includes the whole day `to`. */
const DATE_UPPER_SUFFIX = '~';

const STORAGE_KEYS = ['account_id', 'sk'] as const;

/** Sort key of a refund in the `by-date` index (returns): after every sale's, by date, sale and refund. */
const refundDateId = (date: string, transactionId: string, refundId: string) => `rfd#${date}#${transactionId}#${refundId}`;
/** The highest sale `date_id`: a range open at its end stops here, before the refunds' `rfd#` keys. */
const LAST_SALE_DATE_ID = `9999-12-31${DATE_UPPER_SUFFIX}`;
const REFUND_INTERNALS = [FINGERPRINT, 'date_id'] as const;

/** How many date ranges a period's sales are read in at once. */
const DATED_SLICES = 8;

/** [from, to] cut into at most `count` consecutive day ranges of about equal length. */
function daySlices(from: string, to: string, count: number): [string, string][] {
  const day = 86_400_000;
  const start = Date.parse(`${from}T00:00:00Z`);
  const days = Math.round((Date.parse(`${to}T00:00:00Z`) - start) / day) + 1;
  const size = Math.ceil(days / Math.max(1, Math.min(count, days)));
  const slices: [string, string][] = [];
  for (let first = 0; first < days; first += size) {
    const last = Math.min(days - 1, first + size - 1);
    slices.push([new Date(start + first * day).toISOString().slice(0, 10), new Date(start + last * day).toISOString().slice(0, 10)]);
  }
  return slices;
}

const SALE_INTERNALS = [FINGERPRINT, 'refunded', 'refund_lines', 'refund_version', 'date_id', 'line_items_gz'] as const;

/** Lines whose JSON is at least this long are stored compressed (a 1,000-line sale is about 250 KB of JSON). */
export const LINES_PACKED_FROM = 64 * 1024;

function packedLines(transaction: Transaction): Record<string, unknown> {
  const json = JSON.stringify(transaction.line_items);
  if (json.length < LINES_PACKED_FROM) return { ...transaction };
  const { line_items: _lines, ...rest } = transaction;
  return { ...rest, line_items_gz: gzipSync(json) };
}

function unpackedLines(item: Record<string, unknown>): Record<string, unknown> {
  const packed = item.line_items_gz as Uint8Array | undefined;
  return packed === undefined ? item : { ...item, line_items: JSON.parse(gunzipSync(packed).toString('utf8')) };
}

const toRefund = (item: Record<string, unknown>): Refund => withoutKeys<Refund>(item, [...STORAGE_KEYS, ...REFUND_INTERNALS]);

function toStoredSale(item: Record<string, unknown>): StoredSale {
  return {
    transaction: withoutKeys<Transaction>(unpackedLines(item), [...STORAGE_KEYS, ...SALE_INTERNALS]),
    fingerprint: item[FINGERPRINT] as string,
    refunded: (item.refunded ?? {}) as RefundedSoFar,
    ...(item.refund_lines !== undefined ? { refundLines: Number(item.refund_lines) } : {}),
    version: (item.refund_version ?? 0) as number,
  };
}

export class DynamoDbTransactionStore {
  constructor(private readonly tableName: string) {}

  /**
   * The sale's put: a new id only, with the sale request's fingerprint (conditional-create.ts), so a retried or
   * concurrent write of the same id cannot land twice and the same sale sent again is told from another.
   */
  putItem(accountId: string, transaction: Transaction, fingerprint: string): NewPut {
    const item = {
      account_id: accountId,
      sk: saleKey(transaction.id),
      ...packedLines(transaction),
      refunded: {},
      refund_lines: 0,
      refund_version: 0,
      date_id: dateId(transaction.date, transaction.id),
    };
    return createPut(this.tableName, item, 'sk', fingerprint);
  }

  /** A stored sale item (a refused put's ALL_OLD) as the sale. */
  saleOf(item: Record<string, unknown>): Transaction {
    return toStoredSale(item).transaction;
  }

  /** A stored refund item as the refund. */
  refundOf(item: Record<string, unknown>): Refund {
    return toRefund(item);
  }

  /**
   * A refund's two writes: its own conditional put, and the sale's refunds so far (per line, and their lines counted),
   * conditional on the version the allocation was computed from (a concurrent refund of the same sale makes one of
   * them retry).
   */
  refundItems(accountId: string, refund: Refund, fingerprint: string, after: RefundProgress, expectedVersion: number): [NewPut, TransactItem] {
    const sk = `${refundPrefix(refund.transaction_id)}${refund.id}`;
    return [
      createPut(
        this.tableName,
        { account_id: accountId, sk, ...refund, date_id: refundDateId(refund.date, refund.transaction_id, refund.id) },
        'sk',
        fingerprint,
      ),
      {
        Update: {
          TableName: this.tableName,
          Key: { account_id: accountId, sk: saleKey(refund.transaction_id) },
          UpdateExpression: 'SET refunded = :refunded, refund_lines = :lines, refund_version = :next',
          ConditionExpression: 'refund_version = :expected',
          ExpressionAttributeValues: { ':refunded': after.refunded, ':lines': after.refundLines, ':next': expectedVersion + 1, ':expected': expectedVersion },
        },
      },
    ];
  }

  async get(accountId: string, id: string): Promise<StoredSale | undefined> {
    const { Item } = await documentClient().get({ TableName: this.tableName, Key: { account_id: accountId, sk: saleKey(id) }, ConsistentRead: true });
    return Item ? toStoredSale(Item) : undefined;
  }

  async getRefund(accountId: string, transactionId: string, refundId: string): Promise<StoredRefund | undefined> {
    const { Item } = await documentClient().get({
      TableName: this.tableName,
      Key: { account_id: accountId, sk: `${refundPrefix(transactionId)}${refundId}` },
      ConsistentRead: true,
    });
    return Item ? { refund: toRefund(Item), fingerprint: Item[FINGERPRINT] as string } : undefined;
  }

  async refunds(accountId: string, transactionId: string): Promise<Refund[]> {
    const items = await queryAll({
      TableName: this.tableName,
      KeyConditionExpression: 'account_id = :account AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':account': accountId, ':prefix': refundPrefix(transactionId) },
      ConsistentRead: true,
    });
    return items.map((item) => toRefund(item));
  }

  /**
   * Every sale dated from `from` to `to` (inclusive), by date then id: the `by-date` index, read consistently (an LSI
   * can be). The days are cut into up to DATED_SLICES ranges read concurrently (a quarter's sales are many 1 MB pages;
   * one Query reads them one after the other), handed to `each` in date order (a return reads its period).
   */
  async eachSaleDated(accountId: string, from: string, to: string, each: (sale: Transaction) => void): Promise<void> {
    const slices = daySlices(from, to, DATED_SLICES);
    const read = await Promise.all(slices.map(([low, high]) => this.allDated(accountId, low, high + DATE_UPPER_SUFFIX)));
    for (const items of read) for (const item of items) each(toStoredSale(item).transaction);
  }

  /** Every refund dated from `from` to `to` (inclusive), by date (refunds recorded before returns existed carry no `date_id`: docs/returns.md). */
  async eachRefundDated(accountId: string, from: string, to: string, each: (refund: Refund) => void): Promise<void> {
    for (const item of await this.allDated(accountId, `rfd#${from}`, `rfd#${to}${DATE_UPPER_SUFFIX}`)) each(toRefund(item));
  }

  /**
   * A page of the sales (or refunds) dated in [from, to] after the sale (refund) `after` names, in date order, kept by
   * `keep` until `limit` are kept: what a return's record pages read (only as far as the page needs).
   */
  async pageDated<T>(
    accountId: string,
    kind: 'sale' | 'refund',
    range: { from: string; to: string },
    after: { date: string; transactionId: string; refundId?: string } | undefined,
    limit: number,
    keep: (record: Transaction | Refund) => Promise<T | undefined>,
  ): Promise<{ kept: T[]; has_more: boolean }> {
    const low = kind === 'sale' ? range.from : `rfd#${range.from}`;
    const high = kind === 'sale' ? range.to + DATE_UPPER_SUFFIX : `rfd#${range.to}${DATE_UPPER_SUFFIX}`;
    const sk = after === undefined ? undefined : kind === 'sale' ? saleKey(after.transactionId) : `${refundPrefix(after.transactionId)}${after.refundId}`;
    let start: Record<string, unknown> | undefined =
      after === undefined
        ? undefined
        : {
            account_id: accountId,
            sk,
            date_id: kind === 'sale' ? dateId(after.date, after.transactionId) : refundDateId(after.date, after.transactionId, after.refundId!),
          };
    const kept: T[] = [];
    do {
      const page = await documentClient().query({
        TableName: this.tableName,
        IndexName: TRANSACTIONS_BY_DATE_INDEX,
        KeyConditionExpression: 'account_id = :account AND date_id BETWEEN :low AND :high',
        ExpressionAttributeValues: { ':account': accountId, ':low': low, ':high': high },
        ConsistentRead: true,
        ExclusiveStartKey: start,
        // The page and the one that tells has_more, not DynamoDB's whole 1 MB (records `keep` skips are read on).
        Limit: Math.max(10, limit + 1 - kept.length),
      });
      for (const item of page.Items ?? []) {
        const record = kind === 'sale' ? toStoredSale(item).transaction : toRefund(item);
        const value = await keep(record);
        if (value === undefined) continue;
        if (kept.length === limit) return { kept, has_more: true };
        kept.push(value);
      }
      start = page.LastEvaluatedKey;
    } while (start);
    return { kept, has_more: false };
  }

  /**
   * `levy migrate`: gives the refunds recorded before returns existed their `date_id`, so a return reads
   * them by date. A Scan (an operator command, never a request's path); each update is conditional on the refund still
   * having none, so running it again, or while refunds are recorded, changes nothing twice.
   */
  async migrateRefundDateIds(): Promise<{ refunds_dated: number }> {
    const undated = await scanAll({
      TableName: this.tableName,
      FilterExpression: 'begins_with(sk, :prefix) AND attribute_not_exists(date_id)',
      ExpressionAttributeValues: { ':prefix': 'rfd#' },
      ProjectionExpression: 'account_id, sk, transaction_id, id, #date',
      ExpressionAttributeNames: { '#date': 'date' },
    });
    let refunds_dated = 0;
    for (const item of undated) {
      try {
        await documentClient().update({
          TableName: this.tableName,
          Key: { account_id: item.account_id, sk: item.sk },
          UpdateExpression: 'SET date_id = :dateId',
          ConditionExpression: 'attribute_exists(sk) AND attribute_not_exists(date_id)',
          ExpressionAttributeValues: { ':dateId': refundDateId(item.date as string, item.transaction_id as string, item.id as string) },
        });
        refunds_dated++;
      } catch (error) {
        if (!isConditionalCheckFailed(error)) throw error;
      }
    }
    return { refunds_dated };
  }

  /** The sales of these ids that exist (a return reads the sales its refunds refund). */
  async salesByIds(accountId: string, ids: readonly string[]): Promise<Transaction[]> {
    // GetItem, a few at a time (the routes are granted GetItem, not BatchGetItem; refunds of older sales are few).
    const unique = [...new Set(ids)];
    const found: Transaction[] = [];
    for (let i = 0; i < unique.length; i += 16) {
      const sales = await Promise.all(unique.slice(i, i + 16).map((id) => this.get(accountId, id)));
      for (const sale of sales) if (sale) found.push(sale.transaction);
    }
    return found;
  }

  private async allDated(accountId: string, low: string, high: string): Promise<Record<string, unknown>[]> {
    return queryAll({
      TableName: this.tableName,
      IndexName: TRANSACTIONS_BY_DATE_INDEX,
      KeyConditionExpression: 'account_id = :account AND date_id BETWEEN :low AND :high',
      ExpressionAttributeValues: { ':account': accountId, ':low': low, ':high': high },
      ConsistentRead: true,
    });
  }

  /**
   * A page of sales, `limit` at most, after the sale `startingAfter` (an unknown id is a 400 naming it).
   *
   * - Without `from`/`to`: the table's `txn#` range, in id order.
   * - With `from` and/or `to`: the `by-date` index, in date order then id order. Its key condition selects exactly
   *   the sales in range (`date_id BETWEEN :from AND :to~`), so the read costs the page, not the account's sales.
   *
   * Either way the query asks for one more item than `limit` (that tells has_more) and reads on only when
   * DynamoDB's 1 MB page ended first; no FilterExpression.
   */
  async list(accountId: string, request: SaleListRequest): Promise<Page<Transaction>> {
    const byDate = request.from !== undefined || request.to !== undefined;
    let start: Record<string, unknown> | undefined;
    if (request.startingAfter !== undefined) {
      const { Item } = await documentClient().get({
        TableName: this.tableName,
        Key: { account_id: accountId, sk: saleKey(request.startingAfter) },
        ProjectionExpression: '#date',
        ExpressionAttributeNames: { '#date': 'date' },
        ConsistentRead: true,
      });
      if (!Item) {
        throw parameterError('starting_after', `is '${request.startingAfter}', but no transaction with that id exists`);
      }
      start = { account_id: accountId, sk: saleKey(request.startingAfter) };
      if (byDate) {
        const cursor = dateId(Item.date as string, request.startingAfter);
        // DynamoDB refuses a start key outside the key condition: a cursor before the range starts at its
        // beginning, one after it leaves nothing.
        if (request.to !== undefined && cursor > request.to + DATE_UPPER_SUFFIX) return { data: [], has_more: false };
        start = request.from !== undefined && cursor < request.from ? undefined : { ...start, date_id: cursor };
      }
    }

    const values: Record<string, unknown> = { ':account': accountId };
    let keyCondition = 'account_id = :account AND begins_with(sk, :prefix)';
    if (byDate) {
      if (request.from !== undefined) values[':from'] = request.from;
      if (request.to !== undefined) values[':to'] = request.to + DATE_UPPER_SUFFIX;
      const range =
        request.from === undefined ? 'date_id <= :to' : request.to === undefined ? 'date_id BETWEEN :from AND :last' : 'date_id BETWEEN :from AND :to';
      // An open end stops before the refunds' `rfd#` keys, which sort after every date.
      if (request.from !== undefined && request.to === undefined) values[':last'] = LAST_SALE_DATE_ID;
      keyCondition = `account_id = :account AND ${range}`;
    } else {
      values[':prefix'] = 'txn#';
    }

    const { items, has_more } = await queryPage(
      {
        TableName: this.tableName,
        IndexName: byDate ? TRANSACTIONS_BY_DATE_INDEX : undefined,
        KeyConditionExpression: keyCondition,
        ExpressionAttributeValues: values,
        ExclusiveStartKey: start,
      },
      request.limit,
    );
    return { data: items.map((item) => toStoredSale(item).transaction), has_more };
  }
}
