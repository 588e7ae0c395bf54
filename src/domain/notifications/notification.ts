/**
 * Domain (pure): notifications (docs/notifications.md), the human-facing list fed by the same events as
 * webhooks. NOTIFYING_EVENTS says which event types raise one and how it reads; the outbox
 * (src/adapters/dynamodb/event-outbox.ts) writes the notification in the SAME transaction as its event, so a
 * notification exists exactly when its event does. A notification's id is its event's id with the `ntf` prefix (one per
 * event, and a retried or concurrent write of a deterministic event lands one of each). To make another event type
 * raise a notification, append one rule to NOTIFYING_EVENTS.
 */
import * as z from 'zod';
import type { EventType, LevyEvent } from '../events/event';
import { listQuerySchema } from '../fields/periods';
import { timestampField } from '../records/record';

/** Dismissed notifications are deleted (DynamoDB TTL) this long after their dismissal; open ones are kept. */
export const DISMISSED_RETENTION_DAYS = 90;

export const NOTIFICATION_SEVERITIES = ['info', 'warning', 'critical'] as const;
export type NotificationSeverity = (typeof NOTIFICATION_SEVERITIES)[number];
export const NOTIFICATION_STATUSES = ['open', 'dismissed'] as const;
export type NotificationStatus = (typeof NOTIFICATION_STATUSES)[number];

/** The record a notification is about: its kind (as the event's object names it) and id. */
export interface NotificationSubject {
  type: string;
  id: string;
}

/** How one event type reads as a notification. */
export interface NotificationRule {
  severity: NotificationSeverity;
  /** The title and message from the event's object (as it was written), and the record it is about. */
  render(object: Record<string, unknown>): { title: string; message: string; object: NotificationSubject };
}

const text = (value: unknown, fallback = '?'): string =>
  typeof value === 'string' && value !== '' ? value : typeof value === 'number' ? String(value) : fallback;

/** `US-CA`, `DE`, `EU`: how a nexus event names its jurisdiction. */
const jurisdictionLabel = (o: Record<string, unknown>): string => (o.state ? `${text(o.country)}-${text(o.state)}` : text(o.country));

/** "sales of 40000000 USD (minor units) of a 50000000 threshold" reads badly: amounts are shown as the API has them. */
const measureText = (o: Record<string, unknown>): string => {
  const threshold = (o.threshold ?? {}) as Record<string, unknown>;
  return o.measure === 'transactions'
    ? `${text(o.transaction_count)} transactions of the ${text(threshold.transaction_count)} threshold`
    : `sales of ${text(o.sales_amount)} (${text(o.currency)} minor units) of the ${text(threshold.sales_amount)} threshold`;
};
const windowText = (o: Record<string, unknown>): string => {
  const w = (o.window ?? {}) as Record<string, unknown>;
  return `${text(w.start)} to ${text(w.end)}`;
};
const nexusSubject = (o: Record<string, unknown>): NotificationSubject => ({ type: 'entity', id: text(o.entity_id) });
const exemptionSubject = (o: Record<string, unknown>): NotificationSubject => ({ type: 'exemption', id: text(o.id) });

/**
 * The event types that raise a notification, and how each reads. Append a rule to add a type (return.due_soon ...):
 * nothing else changes (the outbox asks this table).
 */
export const NOTIFYING_EVENTS = {
  'nexus.approaching': {
    severity: 'warning',
    render: (o) => ({
      title: `Approaching the nexus threshold in ${jurisdictionLabel(o)}`,
      message: `Entity ${text(o.entity_id)} reached ${measureText(o)} in ${jurisdictionLabel(o)} (${windowText(o)}). Plan a registration before the threshold is crossed.`,
      object: nexusSubject(o),
    }),
  },
  'nexus.crossed': {
    severity: 'critical',
    render: (o) => ({
      title: `Nexus threshold crossed in ${jurisdictionLabel(o)}`,
      message: `Entity ${text(o.entity_id)} reached ${measureText(o)} in ${jurisdictionLabel(o)} (${windowText(o)})${o.crossed_on ? `, crossed on ${text(o.crossed_on)}` : ''}${o.register_by ? `; register by ${text(o.register_by)}` : '; register there'}.`,
      object: nexusSubject(o),
    }),
  },
  'exemption.expiring': {
    severity: 'warning',
    render: (o) => ({
      title: `Exemption certificate ${text(o.id)} expires on ${text(o.expires_on)}`,
      message: `The certificate ${text(o.id)} of customer ${text(o.customer_id)} expires on ${text(o.expires_on)}: ask the customer for a new one, or its sales are taxed from that day.`,
      object: exemptionSubject(o),
    }),
  },
  'exemption.expired': {
    severity: 'critical',
    render: (o) => ({
      title: `Exemption certificate ${text(o.id)} expired`,
      message: `The certificate ${text(o.id)} of customer ${text(o.customer_id)} expired on ${text(o.expires_on)}: its sales are taxed until a new certificate is added.`,
      object: exemptionSubject(o),
    }),
  },
  'webhook_endpoint.disabled': {
    severity: 'critical',
    render: (o) => ({
      title: `Webhook endpoint ${text(o.id)} was disabled`,
      message: `Every delivery to ${text(o.url)} failed for 3 days, so Levy disabled the endpoint. Fix the receiver, then set its status back to enabled (PATCH /v1/webhook_endpoints/${text(o.id)}); events since then can be sent again with POST /v1/events/{id}/redeliver.`,
      object: { type: 'webhook_endpoint', id: text(o.id) },
    }),
  },
  'return.due_soon': {
    severity: 'warning',
    render: (o) => {
      const period = (o.period ?? {}) as Record<string, unknown>;
      return {
        title: `${text(o.jurisdiction)} return due on ${text(o.due_on)}`,
        message: `The ${text(o.type)} return of registration ${text(o.registration_id)} for ${text(period.start)} to ${text(period.end)} is due on ${text(o.due_on)} (GET /v1/tax_calendar).`,
        object: { type: 'registration', id: text(o.registration_id) },
      };
    },
  },
} as const satisfies Partial<Record<EventType, NotificationRule>>;

/** The event types that raise a notification. */
export type NotifyingEventType = keyof typeof NOTIFYING_EVENTS;
/** The event types that do not: only these may be written without asking for their notification. */
export type QuietEventType = Exclude<EventType, NotifyingEventType>;

export const raisesNotification = (type: string): type is NotifyingEventType => Object.hasOwn(NOTIFYING_EVENTS, type);

export const notificationSchema = z
  .object({
    id: z.string().meta({ description: 'The notification id (`ntf_...`)', example: 'ntf_0mfkq3z8a1b2c3d4e5f6a7b8c9' }),
    type: z.string().meta({ description: 'The type of the event that raised it (nexus.crossed, exemption.expiring ...)' }),
    severity: z
      .enum(NOTIFICATION_SEVERITIES)
      .meta({ description: '`info`: for your knowledge; `warning`: act soon; `critical`: act now (e.g. a nexus threshold crossed)' }),
    title: z.string().meta({ description: 'One-line headline' }),
    message: z.string().meta({ description: 'What happened and what to do, in a sentence or two' }),
    object: z
      .object({
        type: z.string().meta({ description: 'The kind of record: `entity`, `exemption`, `webhook_endpoint` or `registration`' }),
        id: z.string().meta({ description: "The record's id" }),
      })
      .meta({ description: 'The record the notification is about' }),
    event_id: z.string().meta({ description: 'The event that raised it (GET /v1/events/{id} while it is kept, 30 days)' }),
    status: z.enum(NOTIFICATION_STATUSES).meta({ description: '`open`: to be looked at; `dismissed`: set aside (deleted 90 days later)' }),
    created_at: timestampField,
    dismissed_at: timestampField.optional(),
  })
  .meta({ id: 'Notification' });
export type Notification = z.output<typeof notificationSchema>;

/** The notification of an event id: the same time and random parts, another prefix. */
export const notificationIdOf = (eventId: string): string => `ntf_${eventId.slice(eventId.indexOf('_') + 1)}`;

/** The notification an event raises, or undefined when its type raises none. */
export function notificationOf(event: LevyEvent): Notification | undefined {
  if (!raisesNotification(event.type)) return undefined;
  const rule: NotificationRule = NOTIFYING_EVENTS[event.type];
  return {
    id: notificationIdOf(event.id),
    type: event.type,
    severity: rule.severity,
    ...rule.render(event.data.object),
    event_id: event.id,
    status: 'open',
    created_at: event.created_at,
  };
}

/** The epoch second at which DynamoDB's TTL may delete a notification dismissed at `dismissedAt`. */
export const dismissedExpiry = (dismissedAt: string): number => Math.floor(Date.parse(dismissedAt) / 1000) + DISMISSED_RETENTION_DAYS * 86_400;

/** GET /v1/notifications: the list parameters and `status`. */
export const listNotificationsQuerySchema = listQuerySchema.extend({
  status: z.enum(NOTIFICATION_STATUSES, { error: `must be one of ${NOTIFICATION_STATUSES.join(', ')}` }).optional(),
});
