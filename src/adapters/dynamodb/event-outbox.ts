/**
 * Secondary adapter (DynamoDB, Events table): the outbox. A store that changes a record adds `eventPutItem(...)` to
 * the TransactWriteItems of that change, so the event exists exactly when the change was written (issue 14). The
 * function that needs the item needs PutItem on Events (src/config/routes.ts). The table's stream feeds delivery.
 *
 * Adding an event to another write is one line in its transaction: `outbox.item(accountId, 'transaction.created',
 * sale, now)` (docs/webhooks.md); the composition hands every store the one outbox.
 */
import { eventExpiry, newEvent, type EventType, type LevyEvent } from '../../domain/events/event';
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

/** A store's handle on the outbox: the Put of a new event of `type` reporting `object`. */
export class EventOutbox {
  constructor(readonly tableName: string) {}

  item(accountId: string, type: EventType, object: object, now = new Date()): TransactItem {
    return this.put(newEvent(accountId, type, object, now));
  }

  /** The Put of an event already built (a port hands it over). */
  put(event: LevyEvent): TransactItem {
    return eventPutItem(this.tableName, event);
  }
}
