/**
 * Secondary adapter (DynamoDB, Exposure + Events + Notifications tables): writes a nexus.approaching / .crossed event
 * once per entity and key. One transaction: the Exposure store's put-if-absent marker of the key, the event and its
 * notification (the outbox). A retried or concurrent writer of the same key meets the marker and writes nothing; a
 * writer that loses a race on the marker is told apart from a failure by its cancellation reason. The markers written
 * are read first, in one Query, so a sale of an entity long past its thresholds sends no transaction to be cancelled.
 */
import type { LevyEvent } from '../../domain/events/event';
import type { NexusEventLog } from '../../ports/events';
import type { EventOutbox } from './event-outbox';
import type { DynamoDbExposureStore } from './exposure-store';
import { cancellationCodes, transactWrite } from './transact';

export class DynamoDbNexusEventLog implements NexusEventLog {
  constructor(
    private readonly exposure: () => DynamoDbExposureStore,
    private readonly outbox: () => EventOutbox,
  ) {}

  async writtenKeys(accountId: string, entityId: string): Promise<Set<string>> {
    return this.exposure().nexusEventKeys(accountId, entityId);
  }

  async writeOnce(accountId: string, entityId: string, key: string, event: LevyEvent): Promise<boolean> {
    try {
      await transactWrite([this.exposure().nexusEventMarkerItem(accountId, entityId, key, event.id, event.created_at), ...this.outbox().puts(event)]);
      return true;
    } catch (error) {
      // The marker existed: this entity's event of that key was written before (or by a concurrent sale).
      if (cancellationCodes(error)?.[0] === 'ConditionalCheckFailed') return false;
      throw error;
    }
  }
}
