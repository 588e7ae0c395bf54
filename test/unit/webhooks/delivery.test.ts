/**
 * Unit: the delivery use case's clock-driven outcomes, with in-memory ports and an injected clock (3 days cannot
 * pass in a test): retries stop after 3 days (dead letter); an endpoint failing every attempt for 3 days is disabled
 * with a webhook_endpoint.disabled event; a success clears the failure run.
 */
import type { LevyEvent } from '../../../src/domain/events/event';
import type { StoredWebhookEndpoint, WebhookDelivery } from '../../../src/domain/webhooks/endpoint';
import type { DeliveryMessage } from '../../../src/ports/events';
import { deliverMessage, type DeliveryDeps } from '../../../src/usecases/webhook-delivery';

const T0 = Date.parse('2026-03-01T00:00:00Z');
const at = (hours: number) => new Date(T0 + hours * 3_600_000);

function fakes(status: number | null) {
  const event: LevyEvent = { id: 'evt_1', type: 'customer.created', created_at: at(0).toISOString(), account_id: 'acct_1', data: { object: { id: 'cus_1' } } };
  let endpoint: StoredWebhookEndpoint = {
    id: 'we_1',
    url: 'https://hooks.example/x',
    enabled_events: ['*'],
    description: null,
    status: 'enabled',
    created_at: at(0).toISOString(),
    updated_at: at(0).toISOString(),
    secret: 'whsec_1',
    previous_secret: null,
    previous_secret_expires_at: null,
    failing_since: null,
  };
  const sent: [DeliveryMessage, number][] = [];
  const dead: DeliveryMessage[] = [];
  const recorded: WebhookDelivery[] = [];
  const disabledWith: LevyEvent[] = [];
  const deps: DeliveryDeps = {
    events: { get: async () => event, list: async () => ({ data: [], has_more: false }), putOnce: async () => true },
    webhookEndpoints: {
      get: async () => endpoint,
      update: async (_a, _i, fields) => (endpoint = { ...endpoint, ...fields }),
      disable: async (_a, _i, e) => {
        disabledWith.push(e);
        endpoint = { ...endpoint, status: 'disabled' };
        return true;
      },
      create: async () => undefined,
      list: async () => ({ data: [], has_more: false }),
      listAll: async () => [],
      delete: async () => true,
    },
    deliveries: { record: async (_a, d) => void recorded.push(d), listOf: async () => ({ data: [], has_more: false }) },
    deliveryQueue: { send: async (m, d) => void sent.push([m, d]), deadLetter: async (m) => void dead.push(m) },
    webhookTransport: { post: async () => ({ status_code: status, duration_ms: 12, error: status === null ? 'refused' : null }) },
  };
  return { deps, sent, dead, recorded, disabledWith, endpoint: () => endpoint };
}

const settings = { firstRetrySeconds: 60, allowLoopback: false, random: () => 1 };
const message = (attempt: number, first: number | null): DeliveryMessage => ({
  account_id: 'acct_1',
  event_id: 'evt_1',
  endpoint_id: 'we_1',
  attempt,
  first_attempt_at: first === null ? null : at(first).toISOString(),
});

describe('deliverMessage', () => {
  it('a failure is queued again after the backoff delay and recorded with its next retry', async () => {
    const f = fakes(500);
    expect(await deliverMessage(f.deps, settings, message(1, null), at(0))).toBe('retrying');
    expect(f.sent).toEqual([[{ ...message(2, 0) }, 60]]);
    expect(f.recorded[0]).toMatchObject({ attempt: 1, status_code: 500, delivered: false, next_retry_at: at(0 + 60 / 3600).toISOString() });
    expect(f.endpoint().failing_since).toBe(at(0).toISOString());
  });

  it('after 3 days of failures: dead-lettered, the endpoint disabled with a webhook_endpoint.disabled event', async () => {
    const f = fakes(null);
    await deliverMessage(f.deps, settings, message(1, null), at(0));
    expect(await deliverMessage(f.deps, settings, message(12, 0), at(71.99))).toBe('dead_lettered');
    expect(f.disabledWith).toEqual([]);
    expect(await deliverMessage(f.deps, settings, message(13, 0), at(72))).toBe('dead_lettered');
    expect(f.dead).toHaveLength(2);
    expect(f.disabledWith).toHaveLength(1);
    expect(f.disabledWith[0]).toMatchObject({ type: 'webhook_endpoint.disabled', account_id: 'acct_1', data: { object: { id: 'we_1', status: 'disabled' } } });
    expect(JSON.stringify(f.disabledWith[0])).not.toContain('whsec_');
    // A disabled endpoint gets nothing more.
    expect(await deliverMessage(f.deps, settings, message(1, null), at(73))).toBe('dropped');
  });

  it('a success ends the failure run (no disabling for an endpoint that sometimes answers)', async () => {
    const f = fakes(500);
    await deliverMessage(f.deps, settings, message(1, null), at(0));
    const ok = fakes(204);
    Object.assign(ok.deps.webhookEndpoints, f.deps.webhookEndpoints);
    expect(await deliverMessage(ok.deps, settings, message(1, null), at(1))).toBe('delivered');
    expect(f.endpoint().failing_since).toBeNull();
  });

  it('a URL naming a private address is not contacted (a host name is checked by the transport when it connects)', async () => {
    const f = fakes(200);
    const post = jest.fn(f.deps.webhookTransport.post);
    f.deps.webhookTransport.post = post;
    await f.deps.webhookEndpoints.update('acct_1', 'we_1', { url: 'https://10.0.0.7/hook' });
    expect(await deliverMessage(f.deps, settings, message(1, null), at(0))).toBe('retrying');
    expect(post).not.toHaveBeenCalled();
    expect(f.recorded[0].error).toContain('private');
  });
});
