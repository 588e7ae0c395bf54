/** Use case: an account's webhook endpoints (docs/webhooks.md). */
import { ConflictError, found, NotFoundError, ValidationError } from '../domain/errors';
import { newId } from '../domain/ids';
import type { Page, PageRequest } from '../domain/records/record';
import { newWebhookSecret } from '../domain/webhooks/signature';
import {
  publicEndpoint,
  ROTATION_OVERLAP_SECONDS,
  type CreateWebhookEndpointRequest,
  type StoredWebhookEndpoint,
  type UpdateWebhookEndpointRequest,
  type WebhookDelivery,
  type WebhookEndpoint,
} from '../domain/webhooks/endpoint';
import type { DeliveryLog, HostResolver, WebhookEndpointStore } from '../ports/events';
import { webhookUrlRefusal } from './webhook-urls';

/** Like Stripe's limit of 16 endpoints per account: every event is fanned out to each of them. */
export const MAX_WEBHOOK_ENDPOINTS = 16;

export interface WebhookEndpointDeps {
  webhookEndpoints: WebhookEndpointStore;
  hostResolver: HostResolver;
  /** Loopback http endpoints are allowed (the local runtime). */
  allowLoopback: boolean;
}

async function checkUrl(deps: WebhookEndpointDeps, url: string): Promise<void> {
  const refusal = await webhookUrlRefusal(deps.hostResolver, url, deps.allowLoopback);
  if (refusal) throw new ValidationError(refusal, 'url');
}

const withSecret = (stored: StoredWebhookEndpoint) => ({ ...publicEndpoint(stored), secret: stored.secret });

export async function createWebhookEndpoint(deps: WebhookEndpointDeps, accountId: string, request: CreateWebhookEndpointRequest, now = new Date()) {
  await checkUrl(deps, request.url);
  if ((await deps.webhookEndpoints.listAll(accountId)).length >= MAX_WEBHOOK_ENDPOINTS) {
    throw new ConflictError('webhook_endpoint_limit', `An account has at most ${MAX_WEBHOOK_ENDPOINTS} webhook endpoints; delete one first.`);
  }
  const at = now.toISOString();
  const stored: StoredWebhookEndpoint = {
    id: newId('we', now.getTime()),
    url: request.url,
    enabled_events: [...new Set(request.enabled_events)],
    description: request.description ?? null,
    status: 'enabled',
    created_at: at,
    updated_at: at,
    secret: newWebhookSecret(),
    previous_secret: null,
    previous_secret_expires_at: null,
    failing_since: null,
  };
  await deps.webhookEndpoints.create(accountId, stored);
  return withSecret(stored);
}

export async function listWebhookEndpoints(
  deps: Pick<WebhookEndpointDeps, 'webhookEndpoints'>,
  accountId: string,
  page: PageRequest,
): Promise<Page<WebhookEndpoint>> {
  const { data, has_more } = await deps.webhookEndpoints.list(accountId, page);
  return { data: data.map(publicEndpoint), has_more };
}

export async function getWebhookEndpoint(deps: Pick<WebhookEndpointDeps, 'webhookEndpoints'>, accountId: string, id: string): Promise<WebhookEndpoint> {
  return publicEndpoint(found(await deps.webhookEndpoints.get(accountId, id), 'webhook endpoint', id));
}

/** Enabling an endpoint again starts its failure run afresh. */
export async function updateWebhookEndpoint(
  deps: WebhookEndpointDeps,
  accountId: string,
  id: string,
  patch: UpdateWebhookEndpointRequest,
): Promise<WebhookEndpoint> {
  if (patch.url !== undefined) await checkUrl(deps, patch.url);
  const fields: Partial<StoredWebhookEndpoint> = {
    ...(patch.url !== undefined ? { url: patch.url } : {}),
    ...(patch.enabled_events !== undefined ? { enabled_events: [...new Set(patch.enabled_events)] } : {}),
    ...(patch.description !== undefined ? { description: patch.description } : {}),
    ...(patch.status !== undefined ? { status: patch.status } : {}),
    ...(patch.status === 'enabled' ? { failing_since: null } : {}),
  };
  return publicEndpoint(found(await deps.webhookEndpoints.update(accountId, id, fields), 'webhook endpoint', id));
}

export async function deleteWebhookEndpoint(deps: Pick<WebhookEndpointDeps, 'webhookEndpoints'>, accountId: string, id: string): Promise<void> {
  if (!(await deps.webhookEndpoints.delete(accountId, id))) throw new NotFoundError('webhook endpoint', id);
}

/** A new secret; the one it replaces keeps signing (a second `v1`) for 24 hours. A second rotation drops the oldest. */
export async function rotateWebhookSecret(deps: Pick<WebhookEndpointDeps, 'webhookEndpoints'>, accountId: string, id: string, now = new Date()) {
  const current = found(await deps.webhookEndpoints.get(accountId, id), 'webhook endpoint', id);
  const updated = await deps.webhookEndpoints.update(accountId, id, {
    secret: newWebhookSecret(),
    previous_secret: current.secret,
    previous_secret_expires_at: new Date(now.getTime() + ROTATION_OVERLAP_SECONDS * 1000).toISOString(),
  });
  return withSecret(found(updated, 'webhook endpoint', id));
}

export async function listDeliveries(
  deps: { webhookEndpoints: WebhookEndpointStore; deliveries: DeliveryLog },
  accountId: string,
  id: string,
  page: PageRequest,
): Promise<Page<WebhookDelivery>> {
  found(await deps.webhookEndpoints.get(accountId, id), 'webhook endpoint', id);
  return deps.deliveries.listOf(accountId, id, page);
}
