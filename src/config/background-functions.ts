/**
 * Config (single source of truth): the functions no HTTP route invokes (docs/webhooks.md). The stack
 * (lib/webhooks.ts) deploys each with exactly these DynamoDB actions, as it does the routes' functions:
 *   - webhook-fanout: the Events table's stream -> one SQS message per (event, subscribed endpoint);
 *   - webhook-delivery: the SQS queue -> one signed POST, recorded; retried through the queue, then dead-lettered;
 *   - scheduled-events: daily (EventBridge) -> the day's time-driven events, each once.
 */
import type { TableAccess } from './routes';
import type { TableId } from './tables';

export interface BackgroundFunction {
  readonly name: string;
  readonly entry: string;
  readonly description: string;
  readonly tables: Readonly<Partial<Record<TableId, TableAccess>>>;
  /** Sends to the delivery queue and its dead-letter queue (sqs:SendMessage). */
  readonly sendsDeliveries: boolean;
  /** The function's timeout: a delivery is one POST (10 s) and its records; the daily job scans whole tables. */
  readonly timeoutSeconds: number;
}

const fn = (name: string, description: string, tables: BackgroundFunction['tables'], sendsDeliveries: boolean, timeoutSeconds = 30): BackgroundFunction => ({
  name,
  entry: `functions/${name}/handler.ts`,
  description,
  tables,
  sendsDeliveries,
  timeoutSeconds,
});

export const backgroundFunctions = {
  webhookFanout: fn(
    'webhook-fanout',
    'Levy webhooks: new events (Events stream) -> one delivery message per subscribed endpoint',
    { WebhookEndpoints: ['Query'] },
    true,
  ),
  // The disabling of an endpoint writes its webhook_endpoint.disabled event and notification in the same transaction.
  webhookDelivery: fn(
    'webhook-delivery',
    'Levy webhooks: one signed POST per message, recorded; retried with backoff for 3 days, then dead-lettered',
    { Events: ['GetItem', 'PutItem'], WebhookEndpoints: ['GetItem', 'UpdateItem'], WebhookDeliveries: ['PutItem'], Notifications: ['PutItem'] },
    true,
  ),
  scheduledEvents: fn(
    'scheduled-events',
    'Levy daily job: certificates expiring and expired, registrations activated and expired, returns due soon, as events (each once)',
    // exemption.expiring / .expired and return.due_soon raise notifications, written with their events (Notifications
    // PutItem); a filed period's return.due_soon is skipped (Returns Query).
    { Exemptions: ['Scan'], Registrations: ['Scan'], Events: ['PutItem'], Notifications: ['PutItem'], Returns: ['Query'] },
    false,
    300,
  ),
} as const satisfies Record<string, BackgroundFunction>;

/** The daily job's schedule (UTC): after midnight, so "today" is the new day everywhere the job reads dates. */
export const SCHEDULED_EVENTS_CRON = { minute: '15', hour: '0' } as const;
/** Visibility timeout of the delivery queue: above the function's timeout (10 s POST + the records). */
export const DELIVERY_QUEUE_VISIBILITY_SECONDS = 60;
/** Receives of one message before SQS moves it to the dead-letter queue (a function error, not an endpoint's answer). */
export const DELIVERY_MAX_RECEIVES = 5;
