/**
 * Integration: webhook endpoints and delivery on DynamoDB Local with a real HTTP receiver (node:http on 127.0.0.1) and
 * the in-process dispatcher of `npm start`: the endpoint routes and their secret, refused URLs (SSRF), an event whose
 * write commits late, retries (LEVY_WEBHOOK_RETRY_SECONDS = 1 here, doubling, with jitter), rotate_secret and
 * redeliver (in bundle mode the route's bundle sends through the local SQS onto the same in-process queue). Delivery
 * of every event type is in webhooks-event-types.test.ts.
 */
import { events } from '../../src/composition/ports';
import { newEvent } from '../../src/domain/events/event';
import { verifySignature } from '../../src/domain/webhooks/signature';
import { startWebhookDispatcher, type WebhookDispatcher } from '../../local/server/webhook-dispatcher';
import { callRoute, newTestAccount } from '../support/api';
import { startReceiver, type ReceivedDelivery, type WebhookReceiver } from '../support/webhook-receiver';

const now = () => Math.floor(Date.now() / 1000);
const signatureOf = (d: ReceivedDelivery) => String(d.headers['levy-signature']);

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

  it('creates an endpoint with a whsec_ secret shown once; list, get, PATCH and DELETE never show it', async () => {
    const { account_id: accountId } = await newTestAccount('US', 'Hooks Inc');
    const created = await endpoint(accountId, { url: 'http://127.0.0.1:9/x', enabled_events: ['customer.created'], description: 'CRM' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      id: expect.stringMatching(/^we_[0-9a-z]{25}$/),
      url: 'http://127.0.0.1:9/x',
      enabled_events: ['customer.created'],
      description: 'CRM',
      status: 'enabled',
    });
    expect(created.body.secret).toMatch(/^whsec_/);
    const id = created.body.id;
    const got = await callRoute('webhook-endpoints-get', { accountId, pathParameters: { id } });
    expect(got.body.secret).toBeUndefined();
    const listed = await callRoute('webhook-endpoints-list', { accountId });
    expect(listed.body.data.map((e: { id: string }) => e.id)).toEqual([id]);
    expect(JSON.stringify(listed.body)).not.toContain('whsec_');
    const patched = await callRoute('webhook-endpoints-update', { accountId, pathParameters: { id }, body: { enabled_events: ['*'], status: 'disabled' } });
    expect(patched.body).toMatchObject({ enabled_events: ['*'], status: 'disabled' });
    expect(JSON.stringify(patched.body)).not.toContain('whsec_');
    const other = (await newTestAccount('US', 'Other')).account_id;
    expect((await callRoute('webhook-endpoints-get', { accountId: other, pathParameters: { id } })).status).toBe(404);
    expect((await callRoute('webhook-endpoints-delete', { accountId, pathParameters: { id } })).status).toBe(204);
    expect((await callRoute('webhook-endpoints-get', { accountId, pathParameters: { id } })).status).toBe(404);
  });

  it.each([
    ['http://10.0.0.1/hook', 'https'],
    ['https://10.0.0.1/hook', 'a private address'],
    ['https://169.254.169.254/latest/meta-data', 'a link-local address'],
    ['https://[::ffff:169.254.169.254]/x', 'a link-local address'],
    ['https://[fd00::1]/x', 'a unique-local address'],
    ['https://0.0.0.0/x', 'an unspecified address'.replace('an ', 'a ')],
    ['http://example.com/x', 'must be https'],
    ['ftp://127.0.0.1/x', 'use http or https'],
    ['not a url', 'must be an absolute https URL'],
  ])('refuses %s (400 naming url)', async (url, why) => {
    const { account_id: accountId } = await newTestAccount('US', 'SSRF');
    const res = await endpoint(accountId, { url, enabled_events: ['*'] });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('validation_error');
    expect(res.body.message).toContain("'url'");
    expect(res.body.message).toContain(why);
  });

  it('delivers, once, an event whose write commits 30 s after its created_at (not a created_at window)', async () => {
    const { account_id: accountId } = await newTestAccount('US', 'Late Commit Inc');
    const r = await receiver();
    const secret = (await endpoint(accountId, { url: r.url, enabled_events: ['customer.created'] })).body.secret;
    // The dispatcher has polled since the endpoint exists, so the event below lands behind polls already made.
    await dispatcher.poll();
    // A request that started 30 s ago and whose write commits only now (a stalled database, a slow retry): the event
    // store's own put (the outbox's Puts), with created_at, and so its time-ordered id, taken at the request's start.
    const late = newEvent(accountId, 'customer.created', { id: 'cus_late_commit', object: 'customer' }, new Date(Date.now() - 30_000));
    expect(await events.putOnce(late)).toBe(true);
    const [got] = await r.waitFor(1, 10_000);
    expect(JSON.parse(got.body)).toMatchObject({ id: late.id, type: 'customer.created', created_at: late.created_at });
    expect(verifySignature(signatureOf(got), got.body, secret, now())).toBe(true);
    // Once: the polls after it do not fan it out again.
    await dispatcher.poll();
    await dispatcher.poll();
    await dispatcher.queue.drain();
    await new Promise((done) => setTimeout(done, 300));
    expect(r.received).toHaveLength(1);
    // The dispatcher's mark on the item is not part of the event the API answers.
    expect((await callRoute('events-get', { accountId, pathParameters: { id: late.id } })).body).toEqual(JSON.parse(got.body));
  });
  it('a receiver answering 500 twice then 200 gets the event three times and no more; the attempts are listed', async () => {
    const { account_id: accountId } = await newTestAccount('US', 'Retry Inc');
    const flaky = await receiver([500, 500, 200]);
    const id = (await endpoint(accountId, { url: flaky.url, enabled_events: ['customer.created'] })).body.id;
    await callRoute('customers-create', { accountId, body: { name: 'Retried', address: { country: 'US' } } });
    await dispatcher.poll();
    await flaky.waitFor(3, 20_000);
    await dispatcher.queue.drain();
    await new Promise((r) => setTimeout(r, 1500));
    expect(flaky.received).toHaveLength(3);
    const bodies = new Set(flaky.received.map((d) => d.body));
    expect(bodies.size).toBe(1);
    // Retries wait: the second at least 0.5 s after the first (1 s with jitter), the third at least 1 s after the second.
    expect(flaky.received[1].at - flaky.received[0].at).toBeGreaterThanOrEqual(450);
    expect(flaky.received[2].at - flaky.received[1].at).toBeGreaterThanOrEqual(950);
    const attempts = (await callRoute('webhook-endpoints-deliveries', { accountId, pathParameters: { id } })).body.data;
    expect(attempts.map((a: any) => [a.attempt, a.status_code, a.delivered, a.next_retry_at === null])).toEqual([
      [3, 200, true, true],
      [2, 500, false, false],
      [1, 500, false, false],
    ]);
    expect(attempts.every((a: any) => a.event_id === JSON.parse(flaky.received[0].body).id && Number.isInteger(a.duration_ms))).toBe(true);
  });

  /** An endpoint whose secret was rotated, and its first delivery (a customer.created). */
  async function rotatedEndpointDelivery() {
    const { account_id: accountId } = await newTestAccount('US', 'Rotate Inc');
    const r = await receiver();
    const created = (await endpoint(accountId, { url: r.url, enabled_events: ['customer.created'] })).body;
    const rotated = await callRoute('webhook-endpoints-rotate', { accountId, pathParameters: { id: created.id } });
    await callRoute('customers-create', { accountId, body: { name: 'Rotated', address: { country: 'US' } } });
    await dispatcher.poll();
    const [first] = await r.waitFor(1);
    return { accountId, receiver: r, created, rotated, first };
  }

  it('after rotate_secret both secrets sign (the old one for 24 h)', async () => {
    const { created, rotated, first } = await rotatedEndpointDelivery();
    expect(rotated.status).toBe(200);
    expect(rotated.body.secret).toMatch(/^whsec_/);
    expect(rotated.body.secret).not.toBe(created.secret);
    expect(signatureOf(first).match(/v1=/g)).toHaveLength(2);
    expect(verifySignature(signatureOf(first), first.body, created.secret, now())).toBe(true);
    expect(verifySignature(signatureOf(first), first.body, rotated.body.secret, now())).toBe(true);
  });

  it('redeliver sends an event again', async () => {
    const { accountId, receiver: r, first } = await rotatedEndpointDelivery();
    const eventId = JSON.parse(first.body).id;
    const again = await callRoute('events-redeliver', { accountId, pathParameters: { id: eventId } });
    expect(again.status).toBe(202);
    expect(again.body).toEqual({ event_id: eventId, endpoints: 1 });
    const both = await r.waitFor(2);
    expect(JSON.parse(both[1].body).id).toBe(eventId);
  });
});
