/**
 * Secondary adapter (DynamoDB, Events table keyed (account_id, id)): reading an account's events (newest first, by
 * type), the conditional put of a time-driven event (once per deterministic id), and the local dispatcher's scan.
 */
import type { LevyEvent } from '../../domain/events/event';
import type { Page, PageRequest } from '../../domain/records/record';
import type { EventLog } from '../../ports/events';
import { documentClient } from './client';
import { unlessConditionFails } from './conditional-write';
import { eventPutItem } from './event-outbox';
import { queryPage, scanAll, withoutKeys } from './query';

const INTERNAL = ['expires_at_epoch'] as const;
/** An Events item as the event it stores (the TTL attribute is the table's, not the event's). */
export const toEvent = (item: Record<string, unknown>): LevyEvent => withoutKeys<LevyEvent>(item, INTERNAL);

export class DynamoDbEventStore implements EventLog {
  constructor(private readonly tableName: string) {}

  async list(accountId: string, page: PageRequest & { type?: string }): Promise<Page<LevyEvent>> {
    const { items, has_more } = await queryPage(
      {
        TableName: this.tableName,
        KeyConditionExpression: 'account_id = :account',
        ...(page.type ? { FilterExpression: '#type = :type', ExpressionAttributeNames: { '#type': 'type' } } : {}),
        ExpressionAttributeValues: { ':account': accountId, ...(page.type ? { ':type': page.type } : {}) },
        ExclusiveStartKey: page.startingAfter ? { account_id: accountId, id: page.startingAfter } : undefined,
        ScanIndexForward: false,
      },
      page.limit,
    );
    return { data: items.map(toEvent), has_more };
  }

  async get(accountId: string, id: string): Promise<LevyEvent | undefined> {
    const { Item } = await documentClient().get({ TableName: this.tableName, Key: { account_id: accountId, id }, ConsistentRead: true });
    return Item && toEvent(Item);
  }

  async putOnce(event: LevyEvent): Promise<boolean> {
    const written = await unlessConditionFails(() => documentClient().put(eventPutItem(this.tableName, event).Put!));
    return written !== undefined;
  }

  /** Events created at or after `since` (ISO), of every account: the local dispatcher's stand-in for the stream. */
  async scanSince(since: string): Promise<LevyEvent[]> {
    const items = await scanAll({ TableName: this.tableName, FilterExpression: 'created_at >= :since', ExpressionAttributeValues: { ':since': since } });
    return items.map(toEvent);
  }
}
