/**
 * HTTP: what a careless client or an attacker can send through the local API Gateway gets a 4xx with the
 * error body and its request id, never a 5xx: over-long and malformed path ids, sales that would add up past 2^53,
 * oversized headers and bytes that are not HTTP; answers too large for DynamoDB's item limit are still kept for their
 * Idempotency-Key and billed once; every answer names its request; per-account usage plans when enforced.
 */
import { connect } from 'node:net';
import type { CreatedAccount } from '../../local/admin/accounts';
import { startServer, type LocalServer } from '../../local/server/server';
import { documentClient } from '../../src/adapters/dynamodb/client';
import { tableName } from '../../src/config/environment';
import { plans } from '../../src/config/plans';
import { routes } from '../../src/config/routes';
import { idFormats } from '../../src/domain/ids';
import { newTestAccount } from '../support/api';
import { requester } from '../support/http';

let server: LocalServer;
const request = requester(() => server);
let account: CreatedAccount;

beforeAll(async () => {
  server = await startServer({ port: 0, authCacheSeconds: 0 });
  account = await newTestAccount('DE', 'Hardening GmbH');
});

afterAll(async () => {
  await server?.close();
});

const idRoutes = routes.filter((r) => r.pathIds);
const pathFor = (path: string, id: string) => path.replace('{id}', encodeURIComponent(id));
// A raw-body route (a document upload) is sent no body: a JSON one would be refused (415) before its path is read.
const bodyFor = (route: { method: string; rawBody?: true }) =>
  !route.rawBody && (route.method === 'POST' || route.method === 'PATCH') ? { name: 'x' } : undefined;

describe('path ids', () => {
  it.each(idRoutes.map((r) => [r.name, r] as const))(
    '%s: an id over 128 characters (or 1,024 bytes) is a 400, one of another shape a 404',
    async (_name, route) => {
      for (const longId of ['a'.repeat(1_025), '😀'.repeat(300), 'x'.repeat(129)]) {
        const res = await request(route.method, pathFor(route.path, longId), { key: account.api_key, body: bodyFor(route) });
        expect(res.status).toBe(400);
        expect(res.body).toMatchObject({ error: 'validation_error', message: expect.stringContaining("Path parameter 'id' must be at most 128 characters") });
      }
      for (const wrongShape of ['😀', 'vnd_', 'a b', 'vnd_0mhx2k3c0a1b2c3d4e5f6071#', 'ent_0mhx2k3c0A1B2C3D4E5F60718']) {
        // A shape the record's ids may take (a caller's own reference or id: transactions, customers, products) is not
        // another shape: it names a record that may exist, and the route answers as for any unknown id.
        if (idFormats[route.pathIds!.id].pattern.test(wrongShape)) continue;
        const res = await request(route.method, pathFor(route.path, wrongShape), { key: account.api_key, body: bodyFor(route) });
        expect(res.status).toBe(404);
        expect(res.body).toMatchObject({ error: 'not_found', status: 404 });
      }
    },
  );
});

describe('amounts', () => {
  const lines = (amount: number, count: number) =>
    Array.from({ length: count }, (_, i) => ({ id: `l${i}`, amount, product_category: 'SAAS', delivery_method: 'CLOUD' }));
  const sale = { id: 'huge-1', date: '2026-03-01', currency: 'EUR', customer_type: 'B2C', location: { country: 'DE' } };

  it('refuses a sale and a cart whose lines add up past 10^15 minor units with a 400 naming the limit', async () => {
    const recorded = await request('POST', '/v1/transactions', { key: account.api_key, body: { ...sale, line_items: lines(9_999_999_999_999, 1_000) } });
    expect(recorded.status).toBe(400);
    expect(recorded.body.message).toContain("'line_items' add up to");
    expect(recorded.body.message).toContain('at most 10^15');
    const unify = await request('POST', '/v1/tax/unify', {
      key: account.api_key,
      body: {
        currency: 'EUR',
        customer: { type: 'B2C' },
        location: { country: 'DE' },
        line_items: lines(9_999_999_999_999, 1_000),
        commit: true,
        transaction_id: 'huge-2',
      },
    });
    expect(unify.status).toBe(400);
    expect(unify.body.message).toContain('at most 10^15');
  });

  it('records a sale at the limit exactly, and refuses one that would take an exposure total past 2^53 - 1 (422, nothing written)', async () => {
    const ok = await request('POST', '/v1/transactions', { key: account.api_key, body: { ...sale, id: 'max-1', line_items: lines(1_000_000_000_000, 1_000) } });
    expect(ok.status).toBe(201);
    expect(ok.body).toMatchObject({ subtotal: 1_000_000_000_000_000, tax_total: 190_000_000_000_000, total: 1_190_000_000_000_000 });
    // An all-time counter already near the ceiling (as many huge sales would leave it).
    await documentClient().update({
      TableName: tableName('Exposure'),
      Key: { account_id: account.account_id, sk: 'a#EUR#DE' },
      UpdateExpression: 'SET tax = :t',
      ExpressionAttributeValues: { ':t': Number.MAX_SAFE_INTEGER - 10 },
    });
    const refused = await request('POST', '/v1/transactions', { key: account.api_key, body: { ...sale, id: 'max-2', line_items: lines(1_000, 1) } });
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ error: 'exposure_limit_exceeded' });
    expect((await request('GET', '/v1/transactions/max-2', { key: account.api_key })).status).toBe(404);
    const report = await request('GET', '/v1/exposure/countries', { key: account.api_key });
    expect(report.status).toBe(200);
    expect(report.body.exposure.find((c: { country_code: string }) => c.country_code === 'DE').exposure_amount).toBe(Number.MAX_SAFE_INTEGER - 10);
  });
});

describe('idempotent answers too large for one DynamoDB item', () => {
  it('keeps a 1,000-line cart answer (several hundred KB of JSON) compressed, replays it, and bills it once', async () => {
    const { account_id, api_key } = await newTestAccount('DE', 'Big Carts GmbH');
    const cart = {
      currency: 'EUR',
      customer: { type: 'B2C' },
      location: { country: 'FR' },
      line_items: Array.from({ length: 1_000 }, (_, i) => ({
        id: `${'line-'.repeat(24)}${String(i).padStart(6, '0')}`,
        amount: 123_456_789 + i,
        product_category: 'SAAS',
        delivery_method: 'CLOUD',
      })),
    };
    const first = await request('POST', '/v1/tax/unify', { key: api_key, body: cart, headers: { 'Idempotency-Key': 'big-cart' } });
    expect(first.status).toBe(200);
    expect(JSON.stringify(first.body).length).toBeGreaterThan(400 * 1024);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    const replay = await request('POST', '/v1/tax/unify', { key: api_key, body: cart, headers: { 'Idempotency-Key': 'big-cart' } });
    expect(replay.status).toBe(200);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.body).toEqual(first.body);
    expect(replay.headers.get('request-id')).not.toBe(first.headers.get('request-id'));
    const usage = await request('GET', '/v1/usage', { key: api_key });
    expect(usage.body.data).toEqual([expect.objectContaining({ endpoint: 'POST /v1/tax/unify', count: 1 })]);
    expect(account_id).toBeTruthy();
  });
});

/** Sends raw bytes and answers the raw reply (status line, headers, body). */
function rawExchange(bytes: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect({ port: server.port, host: '127.0.0.1' }, () => socket.write(bytes));
    let reply = '';
    socket.on('data', (chunk) => (reply += chunk));
    socket.on('end', () => resolve(reply));
    socket.on('error', reject);
  });
}

const bodyOf = (reply: string) => JSON.parse(reply.slice(reply.indexOf('\r\n\r\n') + 4));

describe('requests the HTTP parser refuses', () => {
  it('answers a 20 KB Authorization header with 431 and the error body', async () => {
    const reply = await rawExchange(`GET /vendors HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${'a'.repeat(20 * 1024)}\r\n\r\n`);
    expect(reply).toMatch(/^HTTP\/1\.1 431 /);
    expect(bodyOf(reply)).toEqual({ error: 'request_header_fields_too_large', message: expect.any(String), status: 431, request_id: expect.any(String) });
    expect(reply).toMatch(/\r\nx-amzn-RequestId: [0-9a-f-]{36}\r\n/);
  });

  it('answers bytes that are not HTTP with 400 and the error body', async () => {
    const reply = await rawExchange('HELLO THERE\r\n\r\n');
    expect(reply).toMatch(/^HTTP\/1\.1 400 /);
    expect(bodyOf(reply)).toMatchObject({ error: 'bad_request', status: 400, request_id: expect.any(String) });
  });
});

describe('request ids', () => {
  it('names every answer: the handler’s, the gateway’s and an error’s, each with its own id', async () => {
    const ok = await request('GET', '/vendors', { key: account.api_key });
    const unauthorized = await request('GET', '/vendors');
    const invalid = await request('GET', '/vendors?limit=0', { key: account.api_key });
    const ids = [ok, unauthorized, invalid].map((r) => r.headers.get('x-amzn-requestid'));
    expect(new Set(ids).size).toBe(3);
    // Levy's functions also name it Request-Id; API Gateway's own errors cannot (as deployed).
    expect(ok.headers.get('request-id')).toBe(ids[0]);
    expect(invalid.headers.get('request-id')).toBe(ids[2]);
    expect(unauthorized.headers.has('request-id')).toBe(false);
    expect(unauthorized.status).toBe(401);
    expect(invalid.status).toBe(400);
  });
});

describe('usage plans (LEVY_ENFORCE_PLANS=1)', () => {
  it('throttles a noisy account with 429, Retry-After and the error body, while another account is served', async () => {
    const limited = await startServer({ port: 0, authCacheSeconds: 300, enforcePlans: true });
    try {
      const send = requester(() => limited);
      const noisy = await newTestAccount('DE', 'Noisy GmbH');
      const quiet = await newTestAccount('DE', 'Quiet GmbH');
      const burst = plans.starter.burstLimit;
      const answers = await Promise.all(Array.from({ length: burst + 15 }, () => send('GET', '/entities', { key: noisy.api_key })));
      const throttled = answers.filter((a) => a.status === 429);
      expect(answers.filter((a) => a.status === 200).length).toBeGreaterThanOrEqual(burst);
      expect(throttled.length).toBeGreaterThan(0);
      expect(throttled[0].body).toMatchObject({ error: 'rate_limited', status: 429 });
      expect(Number(throttled[0].headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expect((await send('GET', '/entities', { key: quiet.api_key })).status).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it('does not throttle without LEVY_ENFORCE_PLANS (tests and load runs)', async () => {
    const answers = await Promise.all(Array.from({ length: plans.starter.burstLimit * 2 }, () => request('GET', '/entities', { key: account.api_key })));
    expect(answers.every((a) => a.status === 200)).toBe(true);
  });
});
