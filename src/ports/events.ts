/**
 * Port (implemented by src/adapters/dynamodb and, for sending, src/adapters/webhooks): events, webhook endpoints, the
 * log of delivery attempts, the queue of pending deliveries and the HTTP sending itself (docs/webhooks.md).
 */
import type { StoredRegistration } from '../domain/registrations/registration';
import type { LevyEvent } from '../domain/events/event';
import type { Page, PageRequest } from '../domain/records/record';
import type { StoredWebhookEndpoint, WebhookDelivery } from '../domain/webhooks/endpoint';

export interface EventLog {
  /** Newest first; `type` keeps only events of that type. */
  list(accountId: string, page: PageRequest & { type?: string }): Promise<Page<LevyEvent>>;
  get(accountId: string, id: string): Promise<LevyEvent | undefined>;
  /** Writes an event unless one with its id exists (time-driven events): true when written now. */
  putOnce(event: LevyEvent): Promise<boolean>;
}

export interface WebhookEndpointStore {
  create(accountId: string, endpoint: StoredWebhookEndpoint): Promise<void>;
  get(accountId: string, id: string): Promise<StoredWebhookEndpoint | undefined>;
  /** Oldest first. */
  list(accountId: string, page: PageRequest): Promise<Page<StoredWebhookEndpoint>>;
  /** Every endpoint of the account (bounded by MAX_WEBHOOK_ENDPOINTS). */
  listAll(accountId: string): Promise<StoredWebhookEndpoint[]>;
  /** Sets the fields of an existing endpoint; undefined when there is none. */
  update(accountId: string, id: string, fields: Partial<Omit<StoredWebhookEndpoint, 'id' | 'created_at'>>): Promise<StoredWebhookEndpoint | undefined>;
  delete(accountId: string, id: string): Promise<boolean>;
  /**
   * Disables an enabled endpoint and writes `event` (webhook_endpoint.disabled) in one transaction: false when it was
   * not enabled (already disabled or deleted; nothing written).
   */
  disable(accountId: string, id: string, event: LevyEvent): Promise<boolean>;
}

export interface DeliveryLog {
  record(accountId: string, delivery: WebhookDelivery): Promise<void>;
  /** An endpoint's attempts, newest first. */
  listOf(accountId: string, endpointId: string, page: PageRequest): Promise<Page<WebhookDelivery>>;
}

/** One pending delivery of one event to one endpoint. */
export interface DeliveryMessage {
  account_id: string;
  event_id: string;
  endpoint_id: string;
  attempt: number;
  /** When the first attempt was made (ISO): retries stop RETRY_WINDOW_SECONDS after it. */
  first_attempt_at: string | null;
  /** Not to be attempted before this time (a wait longer than the queue can delay a message: SQS's 900 s). */
  not_before?: string;
}

/** SQS when deployed; an in-process timer queue locally (`npm start`, tests). */
export interface DeliveryQueue {
  send(message: DeliveryMessage, delaySeconds: number): Promise<void>;
  /** A message whose retries ran out (3 days): kept in the dead-letter queue for the operator. */
  deadLetter(message: DeliveryMessage): Promise<void>;
}

export interface WebhookResponse {
  status_code: number | null;
  duration_ms: number;
  error: string | null;
}

export interface WebhookTransport {
  /** POSTs the body; never throws for a failed delivery (the answer says what happened). */
  post(url: string, headers: Record<string, string>, body: string, timeoutMs: number): Promise<WebhookResponse>;
}

/** The addresses a host name resolves to (every one of them), for the SSRF check. */
export interface HostResolver {
  resolve(host: string): Promise<string[]>;
}

/** The records whose dates fall in a window, across every account: what the daily run of time-driven events reads. */
export interface CalendarSource {
  /** Certificates (not revoked) whose expires_on is within [from, to]. */
  exemptionsExpiringBetween(
    from: string,
    to: string,
  ): Promise<{ accountId: string; exemption: { id: string; expires_on: string | null; revoked_at: string | null } & Record<string, unknown> }[]>;
  /** Registrations whose active_from or expires_at is within [from, to]. */
  registrationsChangingBetween(
    from: string,
    to: string,
  ): Promise<{ accountId: string; registration: { id: string; active_from: string; expires_at?: string } & Record<string, unknown> }[]>;
  /** Registrations in force on or after `since` (every registration still owing a return: return.due_soon). */
  registrationsInForceSince(since: string): Promise<{ accountId: string; registration: StoredRegistration }[]>;
}

/** nexus.approaching / nexus.crossed events: each written once per entity and key (jurisdiction, window, type). */
export interface NexusEventLog {
  /** The keys of the entity's events written so far (a retry or a concurrent sale may still find one written: writeOnce). */
  writtenKeys(accountId: string, entityId: string): Promise<Set<string>>;
  /** Writes the event (and its notification) unless an event of this entity and key was written: true when written now. */
  writeOnce(accountId: string, entityId: string, key: string, event: LevyEvent): Promise<boolean>;
}
