/**
 * Secondary adapter (DynamoDB, Events and Notifications tables): the outbox. A store that changes a record adds the
 * outbox's Put of its event to the TransactWriteItems of that change, so the event exists exactly when the change was
 * written. An event whose type raises a notification (src/domain/notifications/notification.ts) comes
 * with the Put of its notification, in the same transaction. The function that writes an event needs PutItem on
 * Events, and on Notifications for a notifying one (src/config/routes.ts). The Events table's stream feeds delivery.
 *
 * Adding an event to another write is one line in its transaction: `outbox.item(accountId, 'transaction.created',
 * sale, now)`; an event that raises a notification is `...outbox.items(...)` / `...outbox.puts(event)` (two items),
 * which the type of `item` enforces (docs/webhooks.md). The composition hands every store the one outbox.
 */
import { eventExpiry, newEvent, type EventType, type LevyEvent } from '../../domain/events/event';
import { notificationOf, type Notification, type QuietEventType } from '../../domain/notifications/notification';
import type { TransactItem } from './transact';

/** The Put of one event: conditional on a new id (a time-driven event's deterministic id lands once), with its TTL. */
export function eventPutItem(eventsTableName: string, event: LevyEvent): TransactItem {
  return {
    Put: {
      TableName: eventsTableName,
      Item: { ...event, expires_at_epoch: eventExpiry(event.created_at) },
      ConditionExpression: 'attribute_not_exists(id)',
    },
  };
}

/** The Put of an event's notification: open, without expiry (the TTL is set when it is dismissed). */
export function notificationPutItem(notificationsTableName: string, accountId: string, notification: Notification): TransactItem {
  return {
    Put: {
      TableName: notificationsTableName,
      Item: { account_id: accountId, ...notification },
      ConditionExpression: 'attribute_not_exists(id)',
    },
  };
}

/** A store's handle on the outbox: the Put(s) of a new event of `type` reporting `object`. */
export class EventOutbox {
  /**
   * Each table's name is asked only when an event is written to it: a function whose store only reads (GET
   * /v1/transactions lists through the sale ledger) is not given the Events table, and one that writes only quiet
   * events not the Notifications table (nor their names).
   */
  constructor(
    private readonly eventsTableName: () => string,
    private readonly notificationsTableName: () => string,
  ) {}

  /** The Put of an event that raises no notification (the type says so at compile time). */
  item(accountId: string, type: QuietEventType, object: object, now = new Date()): TransactItem {
    return eventPutItem(this.eventsTableName(), newEvent(accountId, type, object, now));
  }

  /** The Puts of a new event of any type: the event, and its notification when its type raises one. */
  items(accountId: string, type: EventType, object: object, now = new Date()): TransactItem[] {
    return this.puts(newEvent(accountId, type, object, now));
  }

  /** The Puts of an event already built (a port hands it over): the event, and its notification if any. */
  puts(event: LevyEvent): TransactItem[] {
    const notification = notificationOf(event);
    return [
      eventPutItem(this.eventsTableName(), event),
      ...(notification ? [notificationPutItem(this.notificationsTableName(), event.account_id, notification)] : []),
    ];
  }
}
