/**
 * Use case: delivering events to webhook endpoints (docs/webhooks.md). `fanOut` turns one new event into
 * one queued message per subscribed, enabled endpoint (deployed: the Events table's stream consumer; locally the
 * dispatcher of `npm start`). `deliverMessage` makes one attempt: a signed POST, 2xx within 10 s = delivered, else
 * the message is queued again after an exponential, jittered delay while the 3-day window lasts, then dead-lettered.
 * Every attempt is recorded. An endpoint whose every attempt failed for 3 days is disabled, with a
 * webhook_endpoint.disabled event written in the same transaction.
 */
import { newEvent, subscribes, type LevyEvent } from '../domain/events/event';
import { newId } from '../domain/ids';
import {
  DELIVERY_TIMEOUT_MS,
  DISABLE_AFTER_FAILING_SECONDS,
  publicEndpoint,
  retryDelaySeconds,
  RETRY_WINDOW_SECONDS,
  signingSecrets,
} from '../domain/webhooks/endpoint';
import { SIGNATURE_HEADER, signatureHeader } from '../domain/webhooks/signature';
import type { DeliveryLog, DeliveryMessage, DeliveryQueue, EventLog, WebhookEndpointStore, WebhookTransport } from '../ports/events';
import { webhookUrlShapeRefusal } from './webhook-urls';

export interface DeliveryDeps {
  events: EventLog;
  webhookEndpoints: WebhookEndpointStore;
  deliveries: DeliveryLog;
  deliveryQueue: DeliveryQueue;
  /** Refuses, when it connects, a host that resolves to a non-public address (the SSRF check at connect time). */
  webhookTransport: WebhookTransport;
}

export interface DeliverySettings {
  /** The first retry's delay in seconds (LEVY_WEBHOOK_RETRY_SECONDS); each later one doubles. */
  firstRetrySeconds: number;
  allowLoopback: boolean;
  random?: () => number;
}

type FanOutDeps = Pick<DeliveryDeps, 'webhookEndpoints' | 'deliveryQueue'>;
type EndpointsOf = WebhookEndpointStore['listAll'];

/** Queues the event for every enabled endpoint of its account that subscribes to its type; answers how many. */
export async function fanOut(
  deps: FanOutDeps,
  event: LevyEvent,
  endpointsOf: EndpointsOf = (accountId) => deps.webhookEndpoints.listAll(accountId),
): Promise<number> {
  const endpoints = (await endpointsOf(event.account_id)).filter((e) => e.status === 'enabled' && subscribes(e.enabled_events, event.type));
  for (const endpoint of endpoints) {
    await deps.deliveryQueue.send({ account_id: event.account_id, event_id: event.id, endpoint_id: endpoint.id, attempt: 1, first_attempt_at: null }, 0);
  }
  return endpoints.length;
}

/** fanOut of each event of a batch (a stream batch), in order; an account's endpoints are read once per batch. */
export async function fanOutBatch(deps: FanOutDeps, events: readonly LevyEvent[]): Promise<number> {
  const read = new Map<string, ReturnType<EndpointsOf>>();
  const endpointsOf: EndpointsOf = (accountId) => {
    let endpoints = read.get(accountId);
    if (!endpoints) read.set(accountId, (endpoints = deps.webhookEndpoints.listAll(accountId)));
    return endpoints;
  };
  let queued = 0;
  for (const event of events) queued += await fanOut(deps, event, endpointsOf);
  return queued;
}

export type DeliveryOutcome = 'delivered' | 'retrying' | 'dead_lettered' | 'dropped';

export async function deliverMessage(deps: DeliveryDeps, settings: DeliverySettings, message: DeliveryMessage, now = new Date()): Promise<DeliveryOutcome> {
  const endpoint = await deps.webhookEndpoints.get(message.account_id, message.endpoint_id);
  // A deleted or disabled endpoint gets nothing more; an event past its 30 days is gone.
  if (!endpoint || endpoint.status !== 'enabled') return 'dropped';
  const event = await deps.events.get(message.account_id, message.event_id);
  if (!event) return 'dropped';

  const body = JSON.stringify(event);
  const timestamp = Math.floor(now.getTime() / 1000);
  // The URL's form here; its addresses when the transport connects (no look-up here that a rebinding could outlive).
  const refusal = webhookUrlShapeRefusal(endpoint.url, settings.allowLoopback);
  const response = refusal
    ? { status_code: null, duration_ms: 0, error: refusal }
    : await deps.webhookTransport.post(
        endpoint.url,
        {
          'Content-Type': 'application/json',
          'User-Agent': 'Levy-Webhooks/1.0',
          [SIGNATURE_HEADER]: signatureHeader(signingSecrets(endpoint, now), timestamp, body),
          'Levy-Event-Id': event.id,
        },
        body,
        DELIVERY_TIMEOUT_MS,
      );
  const delivered = response.status_code !== null && response.status_code >= 200 && response.status_code < 300;

  const firstAttemptAt = message.first_attempt_at ?? now.toISOString();
  const windowEnds = Date.parse(firstAttemptAt) + RETRY_WINDOW_SECONDS * 1000;
  const delay = retryDelaySeconds(message.attempt, settings.firstRetrySeconds, settings.random);
  const retryAt = !delivered && now.getTime() + delay * 1000 <= windowEnds ? new Date(now.getTime() + delay * 1000) : null;

  await deps.deliveries.record(message.account_id, {
    id: newId('wda', now.getTime()),
    event_id: event.id,
    event_type: event.type,
    endpoint_id: endpoint.id,
    attempt: message.attempt,
    attempted_at: now.toISOString(),
    status_code: response.status_code,
    duration_ms: response.duration_ms,
    delivered,
    error: delivered ? null : (response.error ?? `answered ${response.status_code}`),
    next_retry_at: retryAt?.toISOString() ?? null,
  });

  if (delivered) {
    if (endpoint.failing_since !== null) await deps.webhookEndpoints.update(message.account_id, endpoint.id, { failing_since: null });
    return 'delivered';
  }
  const failingSince = endpoint.failing_since ?? now.toISOString();
  if (endpoint.failing_since === null) await deps.webhookEndpoints.update(message.account_id, endpoint.id, { failing_since: failingSince });
  if (now.getTime() - Date.parse(failingSince) >= DISABLE_AFTER_FAILING_SECONDS * 1000) {
    const disabled = { ...publicEndpoint(endpoint), status: 'disabled' as const, updated_at: now.toISOString() };
    await deps.webhookEndpoints.disable(message.account_id, endpoint.id, newEvent(message.account_id, 'webhook_endpoint.disabled', disabled, now));
  }
  const next = { ...message, first_attempt_at: firstAttemptAt };
  if (retryAt) {
    await deps.deliveryQueue.send({ ...next, attempt: message.attempt + 1 }, delay);
    return 'retrying';
  }
  await deps.deliveryQueue.deadLetter(next);
  return 'dead_lettered';
}

/**
 * A message as the queue hands it over: one whose `not_before` is still ahead (a wait longer than SQS delays) is
 * sent on for the rest of the wait; any other is attempted.
 */
export async function receiveDelivery(
  deps: DeliveryDeps,
  settings: DeliverySettings,
  message: DeliveryMessage,
  now = new Date(),
): Promise<DeliveryOutcome | 'waiting'> {
  if (message.not_before && Date.parse(message.not_before) > now.getTime()) {
    const { not_before: notBefore, ...rest } = message;
    await deps.deliveryQueue.send(rest, Math.ceil((Date.parse(notBefore) - now.getTime()) / 1000));
    return 'waiting';
  }
  const { not_before: _done, ...attempt } = message;
  return deliverMessage(deps, settings, attempt, now);
}
