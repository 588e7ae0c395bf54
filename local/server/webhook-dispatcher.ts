/**
 * Local runtime: webhook delivery in process (`npm start`, tests), running the same use cases as the deployed
 * functions against the same tables. DynamoDB Streams' stand-in is a poll, for each account that has an endpoint, of
 * its events not yet fanned out (deployed, the stream feeds the fan-out; an account without an endpoint gets nothing
 * either way, and the tests' database holds thousands of such accounts' events), fanned out as the stream's
 * batches are (fanOutBatch: an account's endpoints read once per poll), then marked fanned out on their items; the
 * queue is the in-process timer queue, whose retries wait LEVY_WEBHOOK_RETRY_SECONDS (default 60), doubling. Its
 * messages are delivered by the delivery use case in this process, or in bundle mode by `consume`: the bundled
 * webhook-delivery function, invoked as SQS's event source mapping invokes it, whose own sends (a retry, a dead letter)
 * and those of the routes (a redelivery) reach this queue again through the local SQS (local/bundles/sqs-endpoint.ts).
 * With `daily` it also runs the time-driven events job (the deployed daily schedule's stand-in).
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
import type { DeliveryMessage } from '../../src/ports/events';

export interface WebhookDispatcher {
  queue: TimerDeliveryQueue;
  /** One poll now: fans out the events not fanned out yet (written since the last one); answers how many. */
  poll(): Promise<number>;
  stop(): void;
}

const DAY_MS = 86_400_000;

/**
 * How far back (by created_at) a poll looks for events not marked fanned out: only so that a database's history (a
 * restart on an older `.levy/`, an account's first endpoint) is not replayed, never to decide what is new. An hour is
 * far past any request's life (Lambda's longest timeout is 15 min), so no write of a request commits later than that.
 */
const LOOKBACK_MS = 3_600_000;

/**
 * Why a mark on the item, not a window of time: an event's created_at (and its time-ordered id) is taken
 * when its request starts, and its write may commit any time later (a stalled database, a retry), so a window that
 * follows the polls (it was "since the last poll, less 5 s") misses a late one; DynamoDB has no commit-time attribute,
 * and DynamoDB Local's stream has no client in this project. The mark finds every event committed while the dispatcher
 * runs, whatever its commit time (within LOOKBACK_MS of its created_at), keeps nothing in memory however long
 * `npm start` runs, and costs what the window's read did (the same Query of the account's partition, filtered
 * server-side) plus one UpdateItem per event.
 *
 * `daily`: also run the time-driven events job now and every 24 h (`npm start`; the deployed schedule's stand-in).
 */
export async function startWebhookDispatcher(
  options: { pollMs?: number; settings?: Partial<DeliverySettings>; daily?: boolean; consume?: (message: DeliveryMessage) => Promise<void> } = {},
): Promise<WebhookDispatcher> {
  const queue = await localDeliveryQueue();
  const settings: DeliverySettings = { firstRetrySeconds: webhookRetrySeconds(), allowLoopback: webhooksAllowLoopback(), ...options.settings };
  const deps = { events, webhookEndpoints, deliveries, deliveryQueue: queue, webhookTransport };
  queue.onMessage(options.consume ?? (async (message) => void (await deliverMessage(deps, settings, message))));
  // Only their local-dispatcher methods are used here (not on the ports); the outbox, the container's one, never writes.
  const eventStore = new DynamoDbEventStore(tableName('Events'), eventOutbox());
  const endpointStore = new DynamoDbWebhookEndpointStore(tableName('WebhookEndpoints'), eventOutbox());
  // One poll at a time: a poll's marks are written before the next one reads.
  let polling: Promise<number> | undefined;
  const unmarked = async () => {
    const since = new Date(Date.now() - LOOKBACK_MS).toISOString();
    const accounts = await endpointStore.accountsWithEndpoints();
    return { since, found: (await Promise.all(accounts.map((accountId) => eventStore.notFannedOutSince(accountId, since)))).flat() };
  };
  // What was committed before the dispatcher started is history, as for a stream read from its latest record: those
  // events are left alone (another run's, or a stopped server's, not this one's to send). Forgotten once older than
  // the look-back, so the set only shrinks.
  const history = new Map((await unmarked()).found.map((event) => [event.id, event.created_at] as const));

  const pollOnce = async (): Promise<number> => {
    const { since, found } = await unmarked();
    for (const [id, createdAt] of history) if (createdAt < since) history.delete(id);
    const fresh = found.filter((event) => !history.has(event.id));
    fresh.sort((a, b) => a.id.localeCompare(b.id));
    // Marked once fanned out: a batch that fails is fanned out again by the next poll, as a stream retries it.
    await fanOutBatch({ webhookEndpoints, deliveryQueue: queue }, fresh);
    await eventStore.markFannedOut(fresh);
    return fresh.length;
  };
  const poll = () => (polling ??= pollOnce().finally(() => (polling = undefined)));

  const timer = options.pollMs
    ? setInterval(() => void poll().catch((e: unknown) => console.error('[levy] webhook dispatcher:', e)), options.pollMs)
    : undefined;
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
