/**
 * Local runtime: webhook delivery in process (`npm start`, tests), running the same use cases as the deployed
 * functions against the same tables. DynamoDB Streams' stand-in is a poll, for each account that has an endpoint, of
 * its events newer than the last poll (deployed, the stream feeds the fan-out; an account without an endpoint gets
 * nothing either way, and the tests' database holds thousands of such accounts' events), fanned out as the stream's
 * batches are (fanOutBatch: an account's endpoints read once per poll); the queue is the
 * in-process timer queue, whose retries wait LEVY_WEBHOOK_RETRY_SECONDS (default 60), doubling. With `daily` it also
 * runs the time-driven events job (the deployed daily schedule's stand-in).
 */
import { DynamoDbEventStore } from '../../src/adapters/dynamodb/event-store';
import { DynamoDbWebhookEndpointStore } from '../../src/adapters/dynamodb/webhook-endpoint-store';
import { eventOutbox } from '../../src/composition/event-outbox';
import { deliveries, events, localDeliveryQueue, webhookEndpoints, webhookTransport } from '../../src/composition/ports';
import { tableName } from '../../src/config/environment';
import { webhookRetrySeconds, webhooksAllowLoopback } from '../../src/config/webhooks';
import { deliverMessage, fanOutBatch, type DeliverySettings } from '../../src/usecases/webhook-delivery';
import { runTimeDrivenEvents } from '../../src/usecases/time-driven-events';
import { calendar, filedReturns } from '../../src/composition/ports';
import type { TimerDeliveryQueue } from '../../src/adapters/webhooks/timer-queue';

export interface WebhookDispatcher {
  queue: TimerDeliveryQueue;
  /** One poll now: fans out the events written since the last one; answers how many events it saw. */
  poll(): Promise<number>;
  stop(): void;
}

/** Events written this long before a poll's start are looked at again (a write that finished late). */
const OVERLAP_MS = 5_000;

const DAY_MS = 86_400_000;

/**
 * `daily`: also run the time-driven events job now and every 24 h (`npm start`; the deployed schedule's stand-in).
 */
export async function startWebhookDispatcher(options: { pollMs?: number; settings?: Partial<DeliverySettings>; since?: Date; daily?: boolean } = {}): Promise<WebhookDispatcher> {
  const queue = await localDeliveryQueue();
  const settings: DeliverySettings = { firstRetrySeconds: webhookRetrySeconds(), allowLoopback: webhooksAllowLoopback(), ...options.settings };
  const deps = { events, webhookEndpoints, deliveries, deliveryQueue: queue, webhookTransport };
  queue.onMessage(async (message) => void (await deliverMessage(deps, settings, message)));
  // Only their local-dispatcher reads are used here (not on the ports); the outbox, the container's one, never writes.
  const eventStore = new DynamoDbEventStore(tableName('Events'), eventOutbox());
  const endpointStore = new DynamoDbWebhookEndpointStore(tableName('WebhookEndpoints'), eventOutbox());
  // Events fanned out, by id, with their created_at: forgotten once older than the next poll's window.
  const seen = new Map<string, string>();
  let since = (options.since ?? new Date()).toISOString();
  let polling: Promise<number> | undefined;

  const pollOnce = async (): Promise<number> => {
    const startedAt = Date.now();
    const accounts = await endpointStore.accountsWithEndpoints();
    const found = (await Promise.all(accounts.map((accountId) => eventStore.createdSince(accountId, since)))).flat();
    const fresh = found.filter((event) => !seen.has(event.id)).sort((a, b) => a.id.localeCompare(b.id));
    // Marked seen once fanned out: a batch that fails is fanned out again by the next poll, as a stream retries it.
    await fanOutBatch({ webhookEndpoints, deliveryQueue: queue }, fresh);
    for (const event of fresh) seen.set(event.id, event.created_at);
    since = new Date(startedAt - OVERLAP_MS).toISOString();
    for (const [id, createdAt] of seen) if (createdAt < since) seen.delete(id);
    return fresh.length;
  };
  const poll = () => (polling ??= pollOnce().finally(() => (polling = undefined)));

  const timer = options.pollMs ? setInterval(() => void poll().catch((e: unknown) => console.error('[levy] webhook dispatcher:', e)), options.pollMs) : undefined;
  timer?.unref?.();
  const daily = async () => {
    const run = await runTimeDrivenEvents({ calendar, events, filedReturns });
    if (run.written) console.log(`[levy] time-driven events for ${run.day}: ${run.written} written`);
  };
  let dailyTimer: NodeJS.Timeout | undefined;
  if (options.daily) {
    void daily().catch((e: unknown) => console.error('[levy] time-driven events:', e));
    dailyTimer = setInterval(() => void daily().catch((e: unknown) => console.error('[levy] time-driven events:', e)), DAY_MS);
    dailyTimer.unref?.();
  }
  return {
    queue,
    poll,
    stop() {
      if (timer) clearInterval(timer);
      if (dailyTimer) clearInterval(dailyTimer);
      queue.stop();
    },
  };
}
