/**
 * Domain (pure): Levy's events (docs/webhooks.md). An event reports one change of a record, as
 * `{id: evt_..., type, created_at, account_id, data: {object}}`; it is written in the same DynamoDB transaction as the
 * change (the outbox, src/adapters/dynamodb/event-outbox.ts), so it exists exactly when the change does, and it is
 * kept for EVENT_RETENTION_DAYS (TTL). Time-driven events (a certificate expiring) carry a deterministic id, so the
 * daily run that writes them can run twice and write each once.
 */
import { createHash } from 'node:crypto';
import * as z from 'zod';
import { listQuerySchema } from '../fields/periods';
import { newId } from '../ids';
import { timestampField } from '../records/record';

/** Every event type Levy writes (webhook endpoints subscribe to these or to `*`). */
export const EVENT_TYPES = [
  'customer.created',
  'customer.updated',
  'customer.deleted',
  'exemption.created',
  // Stripe-like past tense of DELETE /v1/customers/{id}/exemptions/{eid}, which revokes (keeps) the certificate.
  'exemption.revoked',
  'exemption.expiring',
  'exemption.expired',
  'registration.created',
  'registration.activated',
  'registration.expired',
  'product.created',
  'transaction.created',
  'refund.created',
  'webhook_endpoint.disabled',
  // A recorded sale took an entity past the approaching share / the threshold of a jurisdiction (docs/webhooks.md).
  'nexus.approaching',
  'nexus.crossed',
  'checkout.completed',
  'invoice.finalized',
  'credit_note.created',
  // A filing obligation is due in 7 days (docs/tax-calendar.md): written once by the daily job.
  'return.due_soon',
  'return.created',
  'return.finalized',
  'return.filed',
  'notice.created',
  'notice.updated',
] as const;

export type EventType = (typeof EVENT_TYPES)[number];

/** Events are kept this long (DynamoDB TTL on the Events table), like Stripe's 30-day event list. */
export const EVENT_RETENTION_DAYS = 30;

export const eventTypeSchema = z.enum(EVENT_TYPES);

export const eventSchema = z
  .object({
    id: z.string().meta({ description: 'The event id (`evt_...`)', example: 'evt_0mfkq3z8a1b2c3d4e5f6a7b8c9' }),
    type: eventTypeSchema.meta({ description: 'What happened, as `<record>.<change>` (e.g. `transaction.created`)' }),
    created_at: timestampField,
    account_id: z.string().meta({ description: 'The account the event belongs to' }),
    data: z
      .object({ object: z.record(z.string(), z.unknown()).meta({ description: 'The record as it was after the change (before it, for a deletion)' }) })
      .meta({ description: 'What the event is about' }),
  })
  .meta({ id: 'Event' });
export type LevyEvent = z.output<typeof eventSchema>;

/** A new event; `id` is given only for a time-driven one (deterministicEventId). */
export function newEvent(accountId: string, type: EventType, object: object, now = new Date(), id = newId('evt', now.getTime())): LevyEvent {
  return { id, type, created_at: now.toISOString(), account_id: accountId, data: { object: { ...object } } };
}

/**
 * The id of a time-driven event: the same type, record and day always give the same id (the time part is the day's
 * midnight, so such ids still sort by time), and a conditional put of it lands once however often the job runs.
 */
export function deterministicEventId(type: EventType, objectId: string, day: string): string {
  const time = Date.parse(`${day}T00:00:00.000Z`).toString(36).padStart(9, '0');
  return `evt_${time}${createHash('sha256').update(`${type}|${objectId}|${day}`).digest('hex').slice(0, 16)}`;
}

/** Whether an endpoint subscribed to `enabled` receives events of `type`. */
export const subscribes = (enabled: readonly string[], type: string): boolean => enabled.includes('*') || enabled.includes(type);

/** The epoch second at which DynamoDB's TTL may delete the event. */
export const eventExpiry = (createdAt: string): number => Math.floor(Date.parse(createdAt) / 1000) + EVENT_RETENTION_DAYS * 86_400;

/** GET /v1/events: the list parameters and `type`. */
export const listEventsQuerySchema = listQuerySchema.extend({
  type: z.enum(EVENT_TYPES, { error: `must be an event type (${EVENT_TYPES.join(', ')})` }).optional(),
});

export const redeliverySchema = z
  .object({ event_id: z.string().meta({ description: 'The event queued again' }), endpoints: z.number().int().meta({ description: 'How many endpoints the event was queued for' }) })
  .meta({ id: 'Redelivery' });
