/**
 * Unit: the fan-out of a stream batch: one message per (event, subscribed enabled endpoint), in order, and each
 * account's endpoints read once per batch, not once per event.
 */
import type { LevyEvent } from '../../../src/domain/events/event';
import type { StoredWebhookEndpoint } from '../../../src/domain/webhooks/endpoint';
import type { DeliveryMessage, WebhookEndpointStore } from '../../../src/ports/events';
import { fanOutBatch } from '../../../src/usecases/webhook-delivery';

const event = (id: string, account: string, type: LevyEvent['type'] = 'customer.created'): LevyEvent => ({
  id,
  type,
  created_at: '2026-03-01T00:00:00.000Z',
  account_id: account,
  data: { object: { id: 'cus_1' } },
});
const endpoint = (id: string, enabled_events: string[], status: 'enabled' | 'disabled' = 'enabled'): StoredWebhookEndpoint => ({
  id,
  url: 'https://hooks.example/x',
  enabled_events,
  description: null,
  status,
  created_at: '2026-03-01T00:00:00.000Z',
  updated_at: '2026-03-01T00:00:00.000Z',
  secret: 'whsec_1',
  previous_secret: null,
  previous_secret_expires_at: null,
  failing_since: null,
});

test('a batch queues each event for its subscribed, enabled endpoints and reads each account once', async () => {
  const endpoints: Record<string, StoredWebhookEndpoint[]> = {
    acct_1: [endpoint('we_all', ['*']), endpoint('we_products', ['product.created']), endpoint('we_off', ['*'], 'disabled')],
    acct_2: [endpoint('we_two', ['customer.created'])],
  };
  const listAll = jest.fn(async (account: string) => endpoints[account] ?? []);
  const sent: DeliveryMessage[] = [];
  const deps = {
    webhookEndpoints: { listAll } as unknown as WebhookEndpointStore,
    deliveryQueue: { send: async (m: DeliveryMessage) => void sent.push(m), deadLetter: async () => undefined },
  };
  const queued = await fanOutBatch(deps, [event('evt_1', 'acct_1'), event('evt_2', 'acct_2'), event('evt_3', 'acct_1', 'product.created')]);
  expect(queued).toBe(4);
  expect(sent.map((m) => `${m.event_id}>${m.endpoint_id}`)).toEqual(['evt_1>we_all', 'evt_2>we_two', 'evt_3>we_all', 'evt_3>we_products']);
  expect(listAll.mock.calls).toEqual([['acct_1'], ['acct_2']]);
});
