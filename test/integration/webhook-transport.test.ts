/**
 * Integration: the delivery transport checks addresses when it connects (DNS-rebinding hardening). A real
 * HTTP receiver listens on 127.0.0.1; host names reach it through an injected resolver (or the system's, for
 * `localhost`). Deployed (no loopback allowed) the connection is refused and the receiver gets nothing; locally the
 * same request is delivered, so the refusal is the check's doing. A resolver that answers a public address to the
 * URL check and 127.0.0.1 to the connection (a rebinding) is refused too: the address checked is the one connected to.
 */
import type { LookupAddress } from 'node:dns';
import { NodeHttpWebhookTransport, type ResolveAll } from '../../src/adapters/webhooks/http-transport';
import { webhookUrlRefusal } from '../../src/usecases/webhook-urls';
import { startReceiver, type WebhookReceiver } from '../support/webhook-receiver';
import { SOURCE_MODE_ONLY, sourceModeOnly } from '../support/bundle-mode';

const noRoute = sourceModeOnly(SOURCE_MODE_ONLY.callsNoRoute);

const v4 = (address: string): LookupAddress => ({ address, family: 4 });
const resolver =
  (answers: Record<string, LookupAddress[]>): ResolveAll =>
  async (host) =>
    answers[host] ?? [];
const post = (transport: NodeHttpWebhookTransport, url: string) => transport.post(url, { 'Content-Type': 'application/json' }, '{"id":"evt_test"}', 5_000);

noRoute.describe('webhook transport: the SSRF check at connect time', () => {
  let receiver: WebhookReceiver;
  let port: string;
  beforeAll(async () => {
    receiver = await startReceiver();
    port = new URL(receiver.url).port;
  });
  afterAll(() => receiver.close());

  it('refuses a name that resolves to 127.0.0.1 when deployed, delivers it where loopback is allowed', async () => {
    const answers = resolver({ 'hooks.rebind.test': [v4('127.0.0.1')] });
    const before = receiver.received.length;
    const refused = await post(new NodeHttpWebhookTransport({ allowLoopback: false, resolveAll: answers }), `http://hooks.rebind.test:${port}/hooks`);
    expect(refused).toMatchObject({
      status_code: null,
      error: expect.stringContaining("connection refused by Levy: 'url' host 'hooks.rebind.test' resolves to 127.0.0.1, a loopback address"),
    });
    expect(receiver.received.length).toBe(before);

    const local = await post(new NodeHttpWebhookTransport({ allowLoopback: true, resolveAll: answers }), `http://hooks.rebind.test:${port}/hooks`);
    expect(local).toMatchObject({ status_code: 200, error: null });
    expect(receiver.received.length).toBe(before + 1);
    expect(receiver.received.at(-1)!.headers.host).toBe(`hooks.rebind.test:${port}`);
  });

  it('a rebinding answer (public to the URL check, loopback to the connection) is refused', async () => {
    let asked = 0;
    const rebinding: ResolveAll = async () => (asked++ === 0 ? [v4('93.184.216.34')] : [v4('127.0.0.1')]);
    const url = `https://hooks.rebind.test:${port}/hooks`;
    // The check made when the endpoint was saved saw a public address...
    expect(await webhookUrlRefusal({ resolve: async (h) => (await rebinding(h)).map((a) => a.address) }, url, false)).toBeUndefined();
    // ...the connection's own look-up gets 127.0.0.1 and stops there.
    const before = receiver.received.length;
    const answer = await post(new NodeHttpWebhookTransport({ allowLoopback: false, resolveAll: rebinding }), url);
    expect(answer.error).toContain('a loopback address');
    expect(answer.status_code).toBeNull();
    expect(receiver.received.length).toBe(before);
  });

  it.each([
    [[v4('93.184.216.34'), v4('10.0.0.1')], 'resolves to 10.0.0.1, a private address'],
    [[v4('169.254.169.254')], 'a link-local address'],
    [[{ address: 'fd00::1', family: 6 }], 'a unique-local address'],
    [[{ address: '::ffff:192.168.1.1', family: 6 }], 'a private address'],
    [[v4('100.64.0.1')], 'carrier-grade NAT'],
    [[v4('0.0.0.0')], 'resolves to 0.0.0.0'],
  ] as const)('refuses a host resolving to %j', async (addresses, reason) => {
    const answer = await post(
      new NodeHttpWebhookTransport({ allowLoopback: false, resolveAll: resolver({ 'inside.example': [...addresses] }) }),
      'https://inside.example/hooks',
    );
    expect(answer).toMatchObject({ status_code: null, error: expect.stringContaining(reason) });
  });

  it('refuses localhost (system resolver) and IP literals when deployed, without connecting', async () => {
    const deployed = new NodeHttpWebhookTransport({ allowLoopback: false });
    const before = receiver.received.length;
    expect((await post(deployed, `http://localhost:${port}/hooks`)).error).toContain('a loopback address');
    expect((await post(deployed, `http://127.0.0.1:${port}/hooks`)).error).toContain('a loopback address');
    expect((await post(deployed, 'https://169.254.169.254/latest/meta-data')).error).toContain('a link-local address');
    expect((await post(deployed, 'https://10.0.0.1/hooks')).error).toContain('a private address');
    expect(receiver.received.length).toBe(before);
    // The local runtime's transport reaches the same receiver by name.
    expect(await post(new NodeHttpWebhookTransport({ allowLoopback: true }), `http://localhost:${port}/hooks`)).toMatchObject({ status_code: 200 });
  });
});
