/**
 * Integration: notifications on DynamoDB Local (docs/notifications.md). Each is written by the events
 * outbox in the same transaction as the event that raises it: the disabling of a webhook endpoint (the real delivery
 * use case, a real receiver answering 500, a clock 3 days on) and the daily job's exemption.expiring / .expired
 * (twice: one of each). The routes list (newest first, by status), get and dismiss (idempotent, TTL set 90 days on).
 */
import { documentClient } from '../../src/adapters/dynamodb/client';
import { calendar, deliveries, events, webhookEndpoints, webhookTransport } from '../../src/composition/ports';
import { tableName } from '../../src/config/environment';
import { deterministicEventId } from '../../src/domain/events/event';
import { DISMISSED_RETENTION_DAYS, notificationIdOf } from '../../src/domain/notifications/notification';
import type { DeliveryMessage } from '../../src/ports/events';
import { runTimeDrivenEvents } from '../../src/usecases/time-driven-events';
import { deliverMessage } from '../../src/usecases/webhook-delivery';
import { callRoute, newTestAccount } from '../support/api';
import { startReceiver } from '../support/webhook-receiver';

const day = (offset: number, from = new Date()) =>
  new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), from.getUTCDate() + offset)).toISOString().slice(0, 10);
const rawNotification = async (accountId: string, id: string) =>
  (await documentClient().get({ TableName: tableName('Notifications'), Key: { account_id: accountId, id }, ConsistentRead: true })).Item;

describe('notifications', () => {
  it('a webhook endpoint disabled after 3 days of failures raises one webhook_endpoint.disabled notification with its event', async () => {
    const { account_id: accountId } = await newTestAccount('US', 'Failing Hooks Inc');
    const receiver = await startReceiver([500, 500, 500]);
    try {
      const endpoint = (await callRoute('webhook-endpoints-create', { accountId, body: { url: receiver.url, enabled_events: ['*'] } })).body;
      await callRoute('customers-create', { accountId, body: { name: 'Trigger', address: { country: 'US', state: 'TX' } } });
      const [created] = (await callRoute('events-list', { accountId, query: { type: 'customer.created' } })).body.data;
      const queued: DeliveryMessage[] = [];
      const deps = {
        events,
        webhookEndpoints,
        deliveries,
        webhookTransport,
        deliveryQueue: { send: async (m: DeliveryMessage) => void queued.push(m), deadLetter: async () => undefined },
      };
      const settings = { firstRetrySeconds: 60, allowLoopback: true, random: () => 0 };
      const start = new Date();
      const message: DeliveryMessage = { account_id: accountId, event_id: created.id, endpoint_id: endpoint.id, attempt: 1, first_attempt_at: null };
      // No notification while the endpoint is failing but not yet for 3 days.
      await deliverMessage(deps, settings, message, start);
      expect((await callRoute('notifications-list', { accountId, query: {} })).body.data).toEqual([]);

      // Three days (and a second) later, the third failure disables it.
      const later = new Date(start.getTime() + 3 * 86_400_000 + 1000);
      await deliverMessage(deps, settings, { ...message, attempt: 12, first_attempt_at: start.toISOString() }, later);
      expect((await callRoute('webhook-endpoints-get', { accountId, pathParameters: { id: endpoint.id } })).body.status).toBe('disabled');
      const [disabledEvent] = (await callRoute('events-list', { accountId, query: { type: 'webhook_endpoint.disabled' } })).body.data;
      const list = (await callRoute('notifications-list', { accountId, query: { status: 'open' } })).body;
      expect(list).toEqual({
        data: [
          {
            id: notificationIdOf(disabledEvent.id),
            type: 'webhook_endpoint.disabled',
            severity: 'critical',
            title: `Webhook endpoint ${endpoint.id} was disabled`,
            message: expect.stringContaining(receiver.url),
            object: { type: 'webhook_endpoint', id: endpoint.id },
            event_id: disabledEvent.id,
            status: 'open',
            created_at: later.toISOString(),
          },
        ],
        has_more: false,
      });
      // Another failure of the (now disabled) endpoint's message writes neither again.
      await deliverMessage(deps, settings, { ...message, attempt: 13, first_attempt_at: start.toISOString() }, new Date(later.getTime() + 60_000));
      expect((await callRoute('notifications-list', { accountId, query: {} })).body.data).toHaveLength(1);
      expect((await callRoute('events-list', { accountId, query: { type: 'webhook_endpoint.disabled' } })).body.data).toHaveLength(1);
    } finally {
      await receiver.close();
    }
  });

  it('the daily job raises exemption.expiring / .expired notifications once each, however often it runs', async () => {
    const { account_id: accountId } = await newTestAccount('US', 'Expiring Notices Inc');
    const customer = (await callRoute('customers-create', { accountId, body: { name: 'Certified', address: { country: 'US', state: 'TX' } } })).body;
    const cert = async (n: string, expires_on: string) =>
      (
        await callRoute('exemptions-create', {
          accountId,
          pathParameters: { id: customer.id },
          body: { reason: 'RESALE', jurisdictions: [{ country: 'US', state: 'TX' }], certificate_number: n, effective_from: '2020-01-01', expires_on },
        })
      ).body;
    const expiring = await cert('TX-NTF-SOON', day(12));
    const expired = await cert('TX-NTF-GONE', day(-2));
    await runTimeDrivenEvents({ calendar, events });
    await runTimeDrivenEvents({ calendar, events });

    const mine = ((await callRoute('notifications-list', { accountId, query: { limit: '100' } })).body.data as any[]).filter((n) =>
      n.type.startsWith('exemption.'),
    );
    expect(mine.map((n) => [n.type, n.object.id, n.severity]).sort()).toEqual(
      [
        ['exemption.expired', expired.id, 'critical'],
        ['exemption.expiring', expiring.id, 'warning'],
      ].sort(),
    );
    // Each notification's event exists, with the same time and random parts.
    for (const n of mine) {
      const event = (await callRoute('events-get', { accountId, pathParameters: { id: n.event_id } })).body;
      expect(event.type).toBe(n.type);
      expect(notificationIdOf(event.id)).toBe(n.id);
    }
    expect(mine.find((n) => n.type === 'exemption.expiring').title).toBe(`Exemption certificate ${expiring.id} expires on ${day(12)}`);
  });

  it('an event whose notification cannot be written is not written either (one transaction)', async () => {
    const { account_id: accountId } = await newTestAccount('US', 'Atomic Notices Inc');
    const customer = (await callRoute('customers-create', { accountId, body: { name: 'Blocked', address: { country: 'US', state: 'TX' } } })).body;
    const cert = (
      await callRoute('exemptions-create', {
        accountId,
        pathParameters: { id: customer.id },
        body: {
          reason: 'RESALE',
          jurisdictions: [{ country: 'US', state: 'TX' }],
          certificate_number: 'TX-ATOMIC',
          effective_from: '2020-01-01',
          expires_on: day(9),
        },
      })
    ).body;
    // Fault: an item already holds the id the expiring event's notification will have, so its conditional put fails.
    const eventId = deterministicEventId('exemption.expiring', cert.id, day(9));
    await documentClient().put({ TableName: tableName('Notifications'), Item: { account_id: accountId, id: notificationIdOf(eventId), status: 'open' } });
    await runTimeDrivenEvents({ calendar, events });
    expect((await callRoute('events-get', { accountId, pathParameters: { id: eventId } })).status).toBe(404);
    // The fault removed, the next run writes both.
    await documentClient().delete({ TableName: tableName('Notifications'), Key: { account_id: accountId, id: notificationIdOf(eventId) } });
    await runTimeDrivenEvents({ calendar, events });
    expect((await callRoute('events-get', { accountId, pathParameters: { id: eventId } })).status).toBe(200);
    expect((await callRoute('notifications-get', { accountId, pathParameters: { id: notificationIdOf(eventId) } })).body).toMatchObject({
      type: 'exemption.expiring',
      event_id: eventId,
    });
  });

  it('dismiss is idempotent (same record, first time kept), sets a 90-day TTL; lists filter by status; others see 404', async () => {
    const { account_id: accountId } = await newTestAccount('US', 'Dismissing Inc');
    const customer = (await callRoute('customers-create', { accountId, body: { name: 'Lapsing', address: { country: 'US', state: 'TX' } } })).body;
    for (const [n, offset] of [
      ['TX-D-1', 5],
      ['TX-D-2', 6],
      ['TX-D-3', 7],
    ] as const) {
      await callRoute('exemptions-create', {
        accountId,
        pathParameters: { id: customer.id },
        body: {
          reason: 'RESALE',
          jurisdictions: [{ country: 'US', state: 'TX' }],
          certificate_number: n,
          effective_from: '2020-01-01',
          expires_on: day(offset),
        },
      });
    }
    await runTimeDrivenEvents({ calendar, events });
    const open = (await callRoute('notifications-list', { accountId, query: {} })).body.data as any[];
    expect(open).toHaveLength(3);
    // Newest first: ids sort by time (the deterministic events' time is their date's midnight).
    expect(open.map((n) => n.id)).toEqual([...open.map((n) => n.id)].sort().reverse());
    const first = await callRoute('notifications-list', { accountId, query: { limit: '2' } });
    expect(first.body.has_more).toBe(true);
    const rest = await callRoute('notifications-list', { accountId, query: { limit: '2', starting_after: first.body.data[1].id } });
    expect(rest.body).toEqual({ data: [open[2]], has_more: false });

    const target = open[1];
    const dismissed = await callRoute('notifications-dismiss', { accountId, pathParameters: { id: target.id } });
    expect(dismissed.status).toBe(200);
    expect(dismissed.body).toEqual({ ...target, status: 'dismissed', dismissed_at: expect.any(String) });
    const again = await callRoute('notifications-dismiss', { accountId, pathParameters: { id: target.id } });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(dismissed.body);
    const raw = await rawNotification(accountId, target.id);
    expect(raw!.expires_at_epoch).toBe(Math.floor(Date.parse(dismissed.body.dismissed_at) / 1000) + DISMISSED_RETENTION_DAYS * 86_400);
    // Open ones carry no expiry.
    expect((await rawNotification(accountId, open[0].id))!.expires_at_epoch).toBeUndefined();

    expect((await callRoute('notifications-list', { accountId, query: { status: 'open' } })).body.data.map((n: any) => n.id)).toEqual([open[0].id, open[2].id]);
    expect((await callRoute('notifications-list', { accountId, query: { status: 'dismissed' } })).body.data).toEqual([dismissed.body]);
    expect((await callRoute('notifications-get', { accountId, pathParameters: { id: target.id } })).body).toEqual(dismissed.body);

    const bad = await callRoute('notifications-list', { accountId, query: { status: 'closed' } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('status');
    const { account_id: stranger } = await newTestAccount('US', 'Stranger Inc');
    for (const call of ['notifications-get', 'notifications-dismiss'] as const) {
      expect((await callRoute(call, { accountId: stranger, pathParameters: { id: target.id } })).status).toBe(404);
      expect((await callRoute(call, { accountId, pathParameters: { id: 'ntf_nope' } })).status).toBe(404);
    }
    // The stranger's attempt changed nothing.
    expect((await callRoute('notifications-get', { accountId, pathParameters: { id: open[0].id } })).body.status).toBe('open');
  });
});
