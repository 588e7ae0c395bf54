/**
 * Integration: every event type reaches a subscribed endpoint with a valid signature, end to end on DynamoDB Local with
 * a real HTTP receiver and the in-process dispatcher of `npm start`. The delivery tests below produce each type through
 * its real route or the daily job, and the last one checks that together they delivered every EVENT_TYPE (a type added
 * later without a delivery here fails it), so these tests stay together in this file.
 */
import { calendar, deliveries, events, filedReturns, webhookEndpoints, webhookTransport } from '../../src/composition/ports';
import { EVENT_TYPES } from '../../src/domain/events/event';
import type { CalendarSource } from '../../src/ports/events';
import { runTimeDrivenEvents } from '../../src/usecases/time-driven-events';
import { verifySignature } from '../../src/domain/webhooks/signature';
import type { DeliveryMessage } from '../../src/ports/events';
import { deliverMessage } from '../../src/usecases/webhook-delivery';
import { startWebhookDispatcher, type WebhookDispatcher } from '../../local/server/webhook-dispatcher';
import { callRoute, newTestAccount } from '../support/api';
import { saas } from '../support/invoice-seller';
import { startReceiver, type ReceivedDelivery, type WebhookReceiver } from '../support/webhook-receiver';

const now = () => Math.floor(Date.now() / 1000);
const signatureOf = (d: ReceivedDelivery) => String(d.headers['levy-signature']);
/** A UTC day `offset` days from today. */
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/** The types the delivery tests received with a valid signature: together they must be every EVENT_TYPE. */
const deliveredTypes = new Set<string>();

/** Every event of an account (the events list, newest first, every page). */
async function eventsOf(accountId: string): Promise<{ id: string; type: string }[]> {
  const all: { id: string; type: string }[] = [];
  let after: string | undefined;
  for (;;) {
    const page = await callRoute('events-list', { accountId, query: { limit: '100', starting_after: after } });
    expect(page.status).toBe(200);
    all.push(...page.body.data);
    if (!page.body.has_more) return all;
    after = page.body.data.at(-1).id;
  }
}

/** The daily job restricted to one account's records (other test files share the database and run their own jobs). */
const calendarOf = (accountId: string): CalendarSource => ({
  exemptionsExpiringBetween: async (from, to) => (await calendar.exemptionsExpiringBetween(from, to)).filter((x) => x.accountId === accountId),
  registrationsChangingBetween: async (from, to) => (await calendar.registrationsChangingBetween(from, to)).filter((x) => x.accountId === accountId),
  registrationsInForceSince: async (since) => (await calendar.registrationsInForceSince(since)).filter((x) => x.accountId === accountId),
});

describe('webhooks', () => {
  let dispatcher: WebhookDispatcher;
  const receivers: WebhookReceiver[] = [];
  beforeAll(async () => {
    dispatcher = await startWebhookDispatcher({ pollMs: 100, settings: { firstRetrySeconds: 1 } });
  });
  afterAll(async () => {
    dispatcher.stop();
    await Promise.all(receivers.map((r) => r.close()));
  });
  const receiver = async (script: number[] = []) => {
    const r = await startReceiver(script);
    receivers.push(r);
    return r;
  };
  const endpoint = (accountId: string, body: unknown) => callRoute('webhook-endpoints-create', { accountId, body });

  it('every wired event type reaches a subscribed endpoint with a valid signature; an unsubscribed type does not', async () => {
    const { account_id: accountId } = await newTestAccount('US', 'Deliveries Inc');
    const all = await receiver();
    const onlyCustomers = await receiver();
    const allSecret = (await endpoint(accountId, { url: all.url, enabled_events: ['*'] })).body.secret;
    await endpoint(accountId, { url: onlyCustomers.url, enabled_events: ['customer.created'] });

    const customer = (await callRoute('customers-create', { accountId, body: { name: 'Hooked', address: { country: 'US', state: 'TX' } } })).body;
    await callRoute('customers-update', { accountId, pathParameters: { id: customer.id }, body: { email: 'ap@example.com' } });
    const cert = (
      await callRoute('exemptions-create', {
        accountId,
        pathParameters: { id: customer.id },
        body: { reason: 'RESALE', jurisdictions: [{ country: 'US', state: 'TX' }], certificate_number: 'TX-HOOK-1', effective_from: '2026-01-01' },
      })
    ).body;
    await callRoute('exemptions-revoke', { accountId, pathParameters: { id: customer.id, eid: cert.id } });
    await callRoute('products-create', { accountId, body: { name: 'Hooked product', tax_code: 'levy_saas_business' } });
    await callRoute('registrations-create', {
      accountId,
      body: { country: 'US', state: 'TX', type: 'SALES_TAX', registration_number: '32000000002', active_from: '2024-01-01' },
    });
    const other = (await callRoute('customers-create', { accountId, body: { name: 'Gone', address: { country: 'US' } } })).body;
    await callRoute('customers-delete', { accountId, pathParameters: { id: other.id } });
    // Sales into California (over $500,000 in the calendar year, CA Rev. & Tax. Code 6203(c)(4), data/nexus-rules/us.json
    // row US-CA): $410,000 is 82 % (approaching, from the default 80 %), $510,000 crossed.
    const today = new Date().toISOString().slice(0, 10);
    const caSale = (id: string, amount: number) => ({
      id,
      date: today,
      currency: 'USD',
      customer_type: 'B2C',
      location: { country: 'US', state: 'CA' },
      line_items: [{ id: '1', amount, quantity: 1, product_category: 'PHYSICAL_GOODS', delivery_method: 'SHIPPED' }],
    });
    await callRoute('transactions-create', { accountId, body: caSale('hook-ca-1', 41_000_000) });
    await callRoute('transactions-create', { accountId, body: caSale('hook-ca-2', 10_000_000) });
    // An endpoint that failed every attempt for 3 days is disabled (the delivery use case, a clock 3 days on).
    const failing = await receiver([500, 500]);
    const doomed = (await endpoint(accountId, { url: failing.url, enabled_events: ['refund.created'] })).body;
    const [firstEvent] = (await callRoute('events-list', { accountId, query: { type: 'customer.created' } })).body.data;
    const direct = {
      events,
      webhookEndpoints,
      deliveries,
      webhookTransport,
      deliveryQueue: { send: async () => undefined, deadLetter: async () => undefined },
    };
    const attempt: DeliveryMessage = { account_id: accountId, event_id: firstEvent.id, endpoint_id: doomed.id, attempt: 1, first_attempt_at: null };
    const start = new Date();
    await deliverMessage(direct, { firstRetrySeconds: 1, allowLoopback: true }, attempt, start);
    await deliverMessage(
      direct,
      { firstRetrySeconds: 1, allowLoopback: true },
      { ...attempt, attempt: 2, first_attempt_at: start.toISOString() },
      new Date(start.getTime() + 3 * 86_400_000 + 1000),
    );

    const expected = [
      'customer.created',
      'customer.updated',
      'exemption.created',
      'exemption.revoked',
      'product.created',
      'registration.created',
      'customer.created',
      'customer.deleted',
      'transaction.created',
      'nexus.approaching',
      'transaction.created',
      'nexus.crossed',
      'webhook_endpoint.disabled',
    ];
    await dispatcher.poll();
    const got = await all.waitFor(expected.length);
    await onlyCustomers.waitFor(2);
    await dispatcher.queue.drain();
    const types = got.map((d) => JSON.parse(d.body).type);
    expect(types.sort()).toEqual([...expected].sort());
    for (const d of got) {
      expect(verifySignature(signatureOf(d), d.body, allSecret, now())).toBe(true);
      expect(d.headers['content-type']).toBe('application/json');
      expect(d.headers['levy-event-id']).toBe(JSON.parse(d.body).id);
      expect(JSON.parse(d.body).account_id).toBe(accountId);
    }
    // A tampered body or another secret does not verify.
    expect(verifySignature(signatureOf(got[0]), got[0].body.replace('}', ' }'), allSecret, now())).toBe(false);
    expect(verifySignature(signatureOf(got[0]), got[0].body, 'whsec_other', now())).toBe(false);
    expect(onlyCustomers.received.map((d) => JSON.parse(d.body).type)).toEqual(['customer.created', 'customer.created']);
    for (const type of types) deliveredTypes.add(type);
  });

  /**
   * Every event written for the account reaches its `*` endpoint once, signed with its secret; answers the types. The
   * events are read back from the events list, so a type produced but never delivered (or delivered unsigned) fails.
   */
  async function expectEveryEventDelivered(accountId: string, r: WebhookReceiver, secret: string): Promise<string[]> {
    const written = await eventsOf(accountId);
    await dispatcher.poll();
    const got = await r.waitFor(written.length);
    await dispatcher.queue.drain();
    const bodies = got.map((d) => JSON.parse(d.body));
    expect(bodies.map((b) => b.id).sort()).toEqual(written.map((e) => e.id).sort());
    for (const d of got) {
      expect(verifySignature(signatureOf(d), d.body, secret, now())).toBe(true);
      expect(d.headers['levy-event-id']).toBe(JSON.parse(d.body).id);
      expect(JSON.parse(d.body).account_id).toBe(accountId);
    }
    const types = bodies.map((b) => b.type as string);
    for (const type of types) deliveredTypes.add(type);
    return types;
  }

  it('invoices, credit notes, checkouts, refunds, returns and notices reach a subscribed endpoint with a valid signature', async () => {
    const { account_id: accountId } = await newTestAccount('DE', 'Records GmbH');
    const r = await receiver();
    const secret = (await endpoint(accountId, { url: r.url, enabled_events: ['*'] })).body.secret;
    const frenchConsumer = {
      name: 'Boutique Lumiere SARL',
      type: 'B2C',
      address: { country: 'FR', line1: '5 rue de Rivoli', city: 'Paris', postal_code: '75001' },
    };

    // An invoice finalized (it records its sale), then credited in part (it records the refund).
    const seller = (
      await callRoute('entities-create', {
        accountId,
        body: {
          name: 'Hooks Berlin GmbH',
          country: 'DE',
          tax_id: 'DE136695976',
          address: { line1: 'Friedrichstrasse 1', city: 'Berlin', postal_code: '10117' },
        },
      })
    ).body;
    const series = (await callRoute('invoice-series-create', { accountId, body: { entity_id: seller.id, prefix: 'HOOK-' } })).body;
    const invoice = (
      await callRoute('invoices-create', {
        accountId,
        body: { series_id: series.id, currency: 'EUR', issue_date: day(0), customer: frenchConsumer, line_items: [saas('a', 10_000)] },
      })
    ).body;
    expect((await callRoute('invoices-finalize', { accountId, pathParameters: { id: invoice.id } })).status).toBe(200);
    expect(
      (
        await callRoute('invoices-credit-notes-create', {
          accountId,
          pathParameters: { id: invoice.id },
          body: { reason: 'Seat removed', line_items: [{ id: 'a', amount: 2_500 }] },
        })
      ).status,
    ).toBe(201);

    // A checkout completed (it records its sale), and that sale refunded.
    const checkout = (
      await callRoute('checkouts-create', {
        accountId,
        body: { currency: 'EUR', location: { country: 'FR' }, line_items: [{ id: 'plan', amount: 5_000, product_category: 'SAAS', delivery_method: 'CLOUD' }] },
      })
    ).body;
    expect(checkout).toMatchObject({ required_fields: [] });
    expect(
      (await callRoute('checkouts-complete', { accountId, pathParameters: { id: checkout.id }, body: { transaction_id: 'hook-checkout-1' } })).status,
    ).toBe(200);
    expect(
      (await callRoute('transactions-refund', { accountId, pathParameters: { id: 'hook-checkout-1' }, body: { id: 'hook-refund-1', date: day(0) } })).status,
    ).toBe(201);

    // A (nil) OSS return for last year's third quarter: created, finalized, marked filed.
    const oss = (await callRoute('registrations-create', { accountId, body: { country: 'DE', type: 'OSS_UNION', active_from: '2024-01-01' } })).body;
    const year = new Date().getUTCFullYear() - 1;
    const ret = await callRoute('returns-create', { accountId, body: { registration_id: oss.id, period_start: `${year}-07-01`, period_end: `${year}-09-30` } });
    expect(ret.status).toBe(201);
    expect((await callRoute('returns-finalize', { accountId, pathParameters: { id: ret.body.id } })).status).toBe(200);
    expect((await callRoute('returns-mark-filed', { accountId, pathParameters: { id: ret.body.id }, body: { filed_on: `${year}-10-20` } })).status).toBe(200);

    // A tax-authority notice logged, then answered.
    const notice = await callRoute('notices-create', {
      accountId,
      body: { jurisdiction: { country: 'DE' }, received_on: day(-3), kind: 'inquiry', summary: 'Question on the OSS return', reference: 'BZSt-HOOK-1' },
    });
    expect(notice.status).toBe(201);
    expect((await callRoute('notices-update', { accountId, pathParameters: { id: notice.body.id }, body: { status: 'responded' } })).status).toBe(200);

    const types = new Set(await expectEveryEventDelivered(accountId, r, secret));
    for (const type of [
      'invoice.finalized',
      'credit_note.created',
      'checkout.completed',
      'refund.created',
      'return.created',
      'return.finalized',
      'return.filed',
      'notice.created',
      'notice.updated',
    ]) {
      expect([type, types.has(type)]).toEqual([type, true]);
    }
  });

  it("the daily job's events (exemption.expiring/.expired, registration.activated/.expired, return.due_soon) reach a subscribed endpoint with a valid signature", async () => {
    const { account_id: accountId } = await newTestAccount('US', 'Daily Hooks Inc');
    const r = await receiver();
    const secret = (await endpoint(accountId, { url: r.url, enabled_events: ['*'] })).body.secret;
    const customer = (await callRoute('customers-create', { accountId, body: { name: 'Dated', address: { country: 'US', state: 'TX' } } })).body;
    const cert = (n: string, expires_on: string) =>
      callRoute('exemptions-create', {
        accountId,
        pathParameters: { id: customer.id },
        body: { reason: 'RESALE', jurisdictions: [{ country: 'US', state: 'TX' }], certificate_number: n, effective_from: '2020-01-01', expires_on },
      });
    expect((await cert('TX-HOOK-SOON', day(10))).status).toBe(201);
    expect((await cert('TX-HOOK-GONE', day(-1))).status).toBe(201);
    const registration = (body: object) => callRoute('registrations-create', { accountId, body: { type: 'SALES_TAX', ...body } });
    expect((await registration({ country: 'US', state: 'TX', active_from: day(0) })).status).toBe(201);
    expect((await registration({ country: 'US', state: 'CA', active_from: '2024-01-01', expires_at: day(-2) })).status).toBe(201);
    // A monthly Illinois return due tomorrow's day of the month (a weekend or holiday moves it at most a few days,
    // still within return.due_soon's 7 days), whatever day the test runs.
    const tomorrow = Number(day(1).slice(8, 10));
    expect(
      (
        await registration({
          country: 'US',
          state: 'IL',
          active_from: '2024-01-01',
          filing: { frequency: 'MONTHLY', due_day_rule: { months_after: 1, day: tomorrow } },
        })
      ).status,
    ).toBe(201);

    // The job at the real clock: its events' created_at is now, as deployed, so the dispatcher's poll finds them.
    const run = await runTimeDrivenEvents({ calendar: calendarOf(accountId), events, filedReturns });
    expect(run.written).toBeGreaterThanOrEqual(5);
    const types = new Set(await expectEveryEventDelivered(accountId, r, secret));
    for (const type of ['exemption.expiring', 'exemption.expired', 'registration.activated', 'registration.expired', 'return.due_soon']) {
      expect([type, types.has(type)]).toEqual([type, true]);
    }
  });

  it('the tests above delivered every event type Levy writes (EVENT_TYPES)', () => {
    expect([...deliveredTypes].sort()).toEqual([...new Set(EVENT_TYPES)].sort());
  });
});
