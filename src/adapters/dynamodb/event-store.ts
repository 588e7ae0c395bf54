/**
 * Secondary adapter (DynamoDB, Events table keyed (account_id, id)): reading an account's events (newest first, by
 * type), the conditional put of a time-driven event (once per deterministic id; with its notification, through the
 * outbox, in one transaction), and the local dispatcher's read of what is new.
 */
import type { LevyEvent } from '../../domain/events/event';
import type { Page, PageRequest } from '../../domain/records/record';
import type { EventLog } from '../../ports/events';
import { documentClient } from './client';
import { unlessConditionFails } from './conditional-write';
import type { EventOutbox } from './event-outbox';
import { accountPage, queryAll, withoutKeys } from './query';
import { cancellationCodes, transactWrite } from './transact';

const INTERNAL = ['expires_at_epoch'] as const;
/** An Events item as the event it stores (the TTL attribute is the table's, not the event's). */
export const toEvent = (item: Record<string, unknown>): LevyEvent => withoutKeys<LevyEvent>(item, INTERNAL);

export class DynamoDbEventStore implements EventLog {
  constructor(
    private readonly tableName: string,
    private readonly outbox: EventOutbox,
  ) {}

  async list(accountId: string, page: PageRequest & { type?: string }): Promise<Page<LevyEvent>> {
    const { items, has_more } = await accountPage(this.tableName, accountId, page, { where: { type: page.type }, newestFirst: true });
    return { data: items.map(toEvent), has_more };
  }

  async get(accountId: string, id: string): Promise<LevyEvent | undefined> {
    const { Item } = await documentClient().get({ TableName: this.tableName, Key: { account_id: accountId, id }, ConsistentRead: true });
    return Item && toEvent(Item);
  }

  async putOnce(event: LevyEvent): Promise<boolean> {
    const [eventPut, ...notificationPut] = this.outbox.puts(event);
    if (notificationPut.length === 0) return (await unlessConditionFails(() => documentClient().put(eventPut!.Put!))) !== undefined;
    try {
      await transactWrite([eventPut!, ...notificationPut]);
      return true;
    } catch (error) {
      // The event's id exists (its notification came with it): written once, earlier.
      if (cancellationCodes(error)?.includes('ConditionalCheckFailed')) return false;
      throw error;
    }
  }

  /**
   * An account's events created at or after `since` (ISO): the local dispatcher's stand-in for the stream. Filtered on
   * created_at, not a range of ids, because a time-driven event's id is deterministic, not ordered by time.
   */
  async createdSince(accountId: string, since: string): Promise<LevyEvent[]> {
    const items = await queryAll({
      TableName: this.tableName,
      KeyConditionExpression: 'account_id = :account',
      FilterExpression: 'created_at >= :since',
      ExpressionAttributeValues: { ':account': accountId, ':since': since },
    });
    return items.map(toEvent);
  }
}
