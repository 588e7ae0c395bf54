/** Use case: reading an account's events and sending one again (docs/webhooks.md). */
import { found } from '../domain/errors';
import type { LevyEvent } from '../domain/events/event';
import type { Page, PageRequest } from '../domain/records/record';
import type { DeliveryQueue, EventLog, WebhookEndpointStore } from '../ports/events';
import { fanOut } from './webhook-delivery';

export const listEvents = (deps: { events: EventLog }, accountId: string, page: PageRequest & { type?: string }): Promise<Page<LevyEvent>> =>
  deps.events.list(accountId, page);

export const getEvent = async (deps: { events: EventLog }, accountId: string, id: string): Promise<LevyEvent> =>
  found(await deps.events.get(accountId, id), 'event', id);

/** Queues the event again for every enabled endpoint subscribed to it (a fresh series of attempts). */
export async function redeliverEvent(
  deps: { events: EventLog; webhookEndpoints: WebhookEndpointStore; deliveryQueue: DeliveryQueue },
  accountId: string,
  id: string,
) {
  const event = await getEvent(deps, accountId, id);
  return { event_id: event.id, endpoints: await fanOut(deps, event) };
}
