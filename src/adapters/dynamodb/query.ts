/**
 * Secondary adapter (DynamoDB): reading items back. Queries and scans that follow LastEvaluatedKey across
 * DynamoDB's 1 MB pages, and the stripping of storage keys before an item leaves its store.
 */
import { documentClient } from './client';
import type { QueryCommandInput as QueryInput, ScanCommandInput as ScanInput } from '@aws-sdk/lib-dynamodb';

type Item = Record<string, unknown>;

/**
 * Every item a Query matches. For reads bounded by design (a report's counters, a sale's refunds,
 * a usage period), not for lists a client pages through.
 */
export async function queryAll(input: Omit<QueryInput, 'ExclusiveStartKey'>): Promise<Item[]> {
  const items: Item[] = [];
  let start: Item | undefined;
  do {
    const page = await documentClient().query({ ...input, ExclusiveStartKey: start });
    items.push(...(page.Items ?? []));
    start = page.LastEvaluatedKey;
  } while (start);
  return items;
}

/**
 * A Scan's items one DynamoDB page at a time (memory stays flat whatever the table's size): only for operator
 * commands (`levy migrate`), never on a request's path.
 */
export async function* scanPages(input: Omit<ScanInput, 'ExclusiveStartKey'>): AsyncGenerator<Item[]> {
  let start: Item | undefined;
  do {
    const page = await documentClient().scan({ ...input, ExclusiveStartKey: start });
    yield page.Items ?? [];
    start = page.LastEvaluatedKey;
  } while (start);
}

/** Every item a Scan matches: only for operator commands (`levy migrate`), never on a request's path. */
export async function scanAll(input: Omit<ScanInput, 'ExclusiveStartKey'>): Promise<Item[]> {
  const items: Item[] = [];
  for await (const page of scanPages(input)) items.push(...page);
  return items;
}

/**
 * One page of a client's list: up to `limit` items after `input.ExclusiveStartKey`. One more is
 * asked for, so `has_more` is exact without a second round trip, and reading goes on when
 * DynamoDB's 1 MB cut stops a page short.
 */
export async function queryPage(input: Omit<QueryInput, 'Limit'>, limit: number): Promise<{ items: Item[]; has_more: boolean }> {
  const found: Item[] = [];
  let start = input.ExclusiveStartKey;
  do {
    const page = await documentClient().query({ ...input, ExclusiveStartKey: start, Limit: limit + 1 - found.length });
    found.push(...(page.Items ?? []));
    start = page.LastEvaluatedKey;
  } while (start && found.length <= limit);
  return { items: found.slice(0, limit), has_more: found.length > limit };
}

/**
 * How accountPage reads: only ids starting with `prefix` (a key condition), only the items whose attributes equal the
 * `where` values (filters, all of them; an undefined value filters nothing), newest id first, consistently.
 */
export interface AccountPageOptions {
  prefix?: string;
  where?: Readonly<Record<string, string | undefined>>;
  newestFirst?: boolean;
  consistent?: boolean;
}

/**
 * A page of an account's items in a table keyed (account_id, id), in id order (or newest first), after `startingAfter`.
 * A `where` filter reads past the items it drops; queryPage goes on until the page is full or the partition ends.
 */
export function accountPage(
  tableName: string,
  accountId: string,
  page: { limit: number; startingAfter?: string | undefined },
  options: AccountPageOptions = {},
): Promise<{ items: Item[]; has_more: boolean }> {
  const filters = Object.entries(options.where ?? {}).filter((entry): entry is [string, string] => entry[1] !== undefined);
  const names = Object.fromEntries(filters.map(([attribute], i) => [`#f${i}`, attribute]));
  const values = Object.fromEntries(filters.map(([, value], i) => [`:f${i}`, value]));
  return queryPage(
    {
      TableName: tableName,
      KeyConditionExpression: options.prefix === undefined ? 'account_id = :account' : 'account_id = :account AND begins_with(id, :prefix)',
      ...(filters.length > 0 ? { FilterExpression: filters.map((_, i) => `#f${i} = :f${i}`).join(' AND '), ExpressionAttributeNames: names } : {}),
      ExpressionAttributeValues: { ':account': accountId, ...(options.prefix === undefined ? {} : { ':prefix': options.prefix }), ...values },
      ExclusiveStartKey: page.startingAfter ? { account_id: accountId, id: page.startingAfter } : undefined,
      ...(options.newestFirst ? { ScanIndexForward: false } : {}),
      ...(options.consistent ? { ConsistentRead: true } : {}),
    },
    page.limit,
  );
}

/** The item without its storage keys and internal attributes: they never leave the store. */
export function withoutKeys<T>(item: Item, keys: readonly string[]): T {
  const record = { ...item };
  for (const key of keys) delete record[key];
  return record as T;
}
