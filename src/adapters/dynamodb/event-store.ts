/**
 * Secondary adapter (DynamoDB, Events table keyed (account_id, id)): reading an account's events (newest first, by
 * type), the conditional put of a time-driven event (once per deterministic id; with its notification, through the
 * outbox, in one transaction), and the local dispatcher's read of the events it has not fanned out yet, with the mark
 * it sets on them once it has (`fanned_out_at`, DynamoDB Local only: deployed, the stream is the record of that).
 */
import type { LevyEvent } from '../../domain/events/event';
import type { Page, PageRequest } from '../../domain/records/record';
import type { EventLog } from '../../ports/events';
import { documentClient } from './client';
import { unlessConditionFails } from './conditional-write';
import type { EventOutbox } from './event-outbox';
import { accountPage, queryAll, withoutKeys } from './query';
import { cancellationCodes, transactWrite } from './transact';

/** The table's TTL attribute, and the local dispatcher's mark (never part of an event). */
const INTERNAL = ['expires_at_epoch', 'fanned_out_at'] as const;
/** An Events item as the event it stores (the TTL attribute and the local dispatcher's mark are the table's). */
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
   * An account's events created at or after `since` (ISO) that the local dispatcher has not marked fanned out: its
   * stand-in for the stream. What was fanned out is marked on the item, not inferred from a window of created_at, so an
   * event whose write commits long after its created_at (taken when its request started) is still found.
   * `since` only keeps the database's history from being replayed. Filtered, not a range of ids, because a
   * time-driven event's id is deterministic, not ordered by time.
   */
  async notFannedOutSince(accountId: string, since: string): Promise<LevyEvent[]> {
    const items = await queryAll({
      TableName: this.tableName,
      KeyConditionExpression: 'account_id = :account',
      FilterExpression: 'attribute_not_exists(fanned_out_at) AND created_at >= :since',
      ExpressionAttributeValues: { ':account': accountId, ':since': since },
    });
    return items.map(toEvent);
  }

  /** The local dispatcher's mark on events it has fanned out; one gone meanwhile (its TTL) is not written back. */
  async markFannedOut(events: readonly LevyEvent[], at = new Date()): Promise<void> {
    await Promise.all(
      events.map((event) =>
        unlessConditionFails(() =>
          documentClient().update({
            TableName: this.tableName,
            Key: { account_id: event.account_id, id: event.id },
            UpdateExpression: 'SET fanned_out_at = :at',
            ConditionExpression: 'attribute_exists(id)',
            ExpressionAttributeValues: { ':at': at.toISOString() },
          }),
        ),
      ),
    );
  }
}
