/**
 * Domain (pure): webhook endpoints (docs/webhooks.md) and the retry schedule of their deliveries.
 * `{id: we_..., url, enabled_events: [type | "*"], description, status: enabled|disabled, created_at, updated_at}`.
 * The signing secret (`whsec_...`) is answered only by the create and rotate_secret calls; after a rotation the
 * previous secret keeps signing until `previous_secret_expires_at` (24 h), so receivers can switch without a gap.
 */
import * as z from 'zod';
import { EVENT_TYPES } from '../events/event';
import { timestampField } from '../records/record';

export const ROTATION_OVERLAP_SECONDS = 24 * 3600;
/** Deliveries of an event are retried for this long after its first attempt; then it goes to the dead-letter queue. */
export const RETRY_WINDOW_SECONDS = 3 * 86_400;
/** An endpoint whose every attempt failed for this long is disabled (a webhook_endpoint.disabled event is written). */
export const DISABLE_AFTER_FAILING_SECONDS = 3 * 86_400;
/** The longest wait between attempts: SQS holds a message back at most 12 h per receive (ChangeMessageVisibility). */
export const MAX_RETRY_DELAY_SECONDS = 43_200;
export const DELIVERY_TIMEOUT_MS = 10_000;

export const webhookEndpointIdPattern = /^we_[0-9a-z]{25}$/;

/** What the store holds beside the answered fields: never answered after the create / rotate call. */
export interface WebhookEndpointSecrets {
  secret: string;
  previous_secret: string | null;
  previous_secret_expires_at: string | null;
  /** The first attempt of the current run of failures (null after a success). */
  failing_since: string | null;
}

export type StoredWebhookEndpoint = WebhookEndpoint & WebhookEndpointSecrets;

const enabledEventsField = z
  .array(z.enum(['*', ...EVENT_TYPES] as [string, ...string[]]), { error: `must be a list of event types or ["*"]` })
  .min(1, { error: 'must name at least one event type, or "*"' })
  .max(EVENT_TYPES.length + 1)
  .meta({ description: 'The event types sent to this endpoint, or ["*"] for every type' });
const urlField = z.string().max(2048).meta({ description: 'The HTTPS address events are POSTed to', example: 'https://example.com/levy/webhooks' });
const descriptionField = z
  .string()
  .trim()
  .max(500)
  .nullable()
  .meta({ description: 'A note of your own on what the endpoint is for (up to 500 characters); null clears it' });
const statusField = z.enum(['enabled', 'disabled']).meta({ description: '`enabled`: events are sent; `disabled`: none are sent until it is enabled again' });

export const createWebhookEndpointSchema = z.strictObject({
  url: urlField,
  enabled_events: enabledEventsField,
  description: descriptionField.optional(),
});
export type CreateWebhookEndpointRequest = z.infer<typeof createWebhookEndpointSchema>;

export const updateWebhookEndpointSchema = z.strictObject({
  url: urlField.optional(),
  enabled_events: enabledEventsField.optional(),
  description: descriptionField.optional(),
  status: statusField.optional(),
});
export type UpdateWebhookEndpointRequest = z.infer<typeof updateWebhookEndpointSchema>;

export const webhookEndpointSchema = z
  .object({
    id: z.string().meta({ description: 'The webhook endpoint id (`we_...`)', example: 'we_0mfkq3z8a1b2c3d4e5f6a7b8c9' }),
    url: urlField,
    enabled_events: z.array(z.string()).meta({ description: 'The event types sent to this endpoint, or ["*"] for every type' }),
    description: z.string().nullable().meta({ description: 'A note of your own on what the endpoint is for; null when none' }),
    status: statusField,
    created_at: timestampField,
    updated_at: timestampField,
  })
  .meta({ id: 'WebhookEndpoint' });
export type WebhookEndpoint = z.output<typeof webhookEndpointSchema>;

export const webhookEndpointWithSecretSchema = webhookEndpointSchema
  .extend({ secret: z.string().meta({ description: 'The signing secret: answered only here, store it now', example: 'whsec_...' }) })
  .meta({ id: 'WebhookEndpointWithSecret' });

export const webhookDeliverySchema = z
  .object({
    /** `wda_...`: one attempt (ids sort by time). */
    id: z.string().meta({ description: 'The delivery attempt id (`wda_...`; ids sort by time)', example: 'wda_0mfkq3z8a1b2c3d4e5f6a7b8c9' }),
    event_id: z.string().meta({ description: 'The event sent (`evt_...`, GET /v1/events/{id})' }),
    event_type: z.string().meta({ description: 'The type of the event sent, e.g. `transaction.created`' }),
    endpoint_id: z.string().meta({ description: 'The webhook endpoint it was sent to (`we_...`)' }),
    attempt: z.number().int().meta({ description: 'Which attempt at this event for this endpoint: 1 for the first, counting retries' }),
    attempted_at: timestampField,
    /** null when no answer came (refused connection, timeout, a refused address). */
    status_code: z
      .number()
      .int()
      .nullable()
      .meta({ description: 'The HTTP status the endpoint answered; null when no answer came (refused connection, timeout)' }),
    duration_ms: z.number().int().meta({ description: 'How long the attempt took, in milliseconds' }),
    delivered: z.boolean().meta({ description: 'true when the endpoint answered 2xx' }),
    error: z.string().nullable().meta({ description: 'Why the attempt failed (status, timeout, refused address); null when delivered' }),
    /** When the next attempt is due; null when delivered or given up. */
    next_retry_at: timestampField.nullable().meta({ description: 'When the next attempt is due (ISO 8601, UTC); null when delivered or given up' }),
  })
  .meta({ id: 'WebhookDelivery' });
export type WebhookDelivery = z.output<typeof webhookDeliverySchema>;

export function publicEndpoint(stored: StoredWebhookEndpoint): WebhookEndpoint {
  const { id, url, enabled_events, description, status, created_at, updated_at } = stored;
  return { id, url, enabled_events, description, status, created_at, updated_at };
}

/** The secrets that sign now: the current one, and the previous one until its overlap ends. */
export function signingSecrets(endpoint: WebhookEndpointSecrets, now: Date): string[] {
  const previous =
    endpoint.previous_secret && endpoint.previous_secret_expires_at && Date.parse(endpoint.previous_secret_expires_at) > now.getTime()
      ? [endpoint.previous_secret]
      : [];
  return [endpoint.secret, ...previous];
}

/**
 * The wait before attempt `attempt + 1`: `first` seconds doubled per attempt, capped at 12 h, with jitter (a random
 * 50-100% of it, "equal jitter"), so endpoints that failed together are not all retried at the same moment.
 */
export function retryDelaySeconds(attempt: number, first: number, random: () => number = Math.random): number {
  const full = Math.min(first * 2 ** (attempt - 1), MAX_RETRY_DELAY_SECONDS);
  return Math.max(1, Math.round(full * (0.5 + random() * 0.5)));
}
