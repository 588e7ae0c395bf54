/**
 * HTTP test through the local server (local/server/), the API Gateway emulation `npm start`
 * serves: real sockets, the real authorizer and handler modules, DynamoDB Local from globalSetup.
 */
import { createApiKey, revokeApiKey, type CreatedAccount } from '../../local/admin/accounts';
import { ports } from '../../src/composition/all-ports';
import { startServer, type LocalServer } from '../../local/server/server';
import { MAX_BODY_BYTES } from '../../src/config/api-settings';
import { newTestAccount } from '../support/api';
import { gatewayBody, requester } from '../support/http';
import { png } from '../support/logo-images';

let server: LocalServer;
const request = requester(() => server);
let accountA: CreatedAccount;
let accountB: CreatedAccount;

beforeAll(async () => {
  // No authorizer cache, so a revoked key is refused at once (API Gateway: up to 300 s later).
  server = await startServer({ port: 0, authCacheSeconds: 0 });
  [accountA, accountB] = await Promise.all([newTestAccount('DE', 'Alpha GmbH'), newTestAccount('US', 'Beta Inc')]);
});

afterAll(async () => {
  await server?.close();
});

describe('routes through the local API Gateway', () => {
  it('creates a vendor (201) and reads it back', async () => {
    const created = await request('POST', '/vendors', { key: accountA.api_key, body: { name: 'Acme GmbH', country: 'de', email: 'ap@acme.example' } });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      id: expect.stringMatching(/^vnd_/),
      name: 'Acme GmbH',
      country: 'DE',
      tax_id: null,
      exempt: false,
      email: 'ap@acme.example',
    });

    const read = await request('GET', `/vendors/${created.body.id}`, { key: accountA.api_key });
    expect(read.status).toBe(200);
    expect(read.body).toEqual(created.body);

    const list = await request('GET', '/vendors?limit=100', { key: accountA.api_key });
    expect(list.status).toBe(200);
    expect(list.body.data.map((v: { id: string }) => v.id)).toContain(created.body.id);
  });

  it('answers a DELETE with 204 and an empty body', async () => {
    const created = await request('POST', '/vendors', { key: accountA.api_key, body: { name: 'Short-lived', country: 'FR' } });
    const deleted = await request('DELETE', `/vendors/${created.body.id}`, { key: accountA.api_key });
    expect(deleted.status).toBe(204);
    expect(deleted.body).toBeUndefined();
    expect((await request('GET', `/vendors/${created.body.id}`, { key: accountA.api_key })).status).toBe(404);
  });

  it('accepts the bearer scheme in any case', async () => {
    for (const scheme of ['bearer', 'BEARER', 'BeArEr']) {
      const res = await request('GET', '/entities', { authorization: `${scheme} ${accountA.api_key}` });
      expect(res.status).toBe(200);
    }
  });

  it('passes path parameters decoded, as API Gateway does', async () => {
    const res = await request('GET', '/vendors/no%20such%20vendor', { key: accountA.api_key });
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ error: 'not_found', status: 404 });
    expect(res.body.message).toContain('no such vendor');
  });

  it('takes an image body as bytes and answers it back as bytes (a logo, PUT then GET /entities/{id}/logo)', async () => {
    const entity = await request('POST', '/entities', { key: accountA.api_key, body: { name: 'Bild GmbH', country: 'DE' } });
    // Not UTF-8 (a PNG begins with 0x89): a body handled as text anywhere on the way would not come back equal.
    const image = png(64, 64, { alpha: true });
    const headers = { Authorization: `Bearer ${accountA.api_key}` };
    const logoUrl = `${server.url}/entities/${entity.body.id}/logo`;
    const put = await fetch(logoUrl, { method: 'PUT', headers: { ...headers, 'Content-Type': 'image/png' }, body: image });
    expect(put.status).toBe(200);
    expect(((await put.json()) as { logo: unknown }).logo).toMatchObject({ content_type: 'image/png', size: image.length, width: 64, height: 64 });
    const got = await fetch(logoUrl, { headers: { ...headers, Accept: 'image/png' } });
    expect(got.status).toBe(200);
    expect(got.headers.get('content-type')).toBe('image/png');
    expect(Buffer.compare(Buffer.from(await got.arrayBuffer()), image)).toBe(0);
  });
});

describe('authentication (401 with exactly the UNAUTHORIZED body)', () => {
  const protectedRoutes: Array<[string, string]> = [
    ['GET', '/vendors'],
    ['POST', '/vendors'],
    ['GET', '/entities/ent_whatever'],
    ['PATCH', '/entities/ent_whatever'],
    ['GET', '/v1/exposure/countries'],
    ['POST', '/v1/tax/rate'],
    ['GET', '/v1/usage'],
  ];
  const unknownKey = 'lvy_' + 'A'.repeat(43);
  const cases: Array<[string, () => string | undefined]> = [
    ['a missing header', () => undefined],
    ['an empty header', () => ''],
    ['the Basic scheme', () => 'Basic x'],
    ['a malformed key', () => 'Bearer abc'],
    ['a bearer without a key', () => 'Bearer'],
    ['a key without the scheme', () => accountA.api_key],
    ['an unknown key', () => `Bearer ${unknownKey}`],
  ];

  it.each(cases)('refuses %s on every route', async (_, authorization) => {
    for (const [method, path] of protectedRoutes) {
      const res = await request(method, path, { authorization: authorization(), body: method === 'POST' || method === 'PATCH' ? { name: 'x' } : undefined });
      expect({ route: `${method} ${path}`, status: res.status, body: res.body }).toEqual({
        route: `${method} ${path}`,
        status: 401,
        body: gatewayBody('UNAUTHORIZED'),
      });
    }
  });

  it("refuses a revoked key on every route, while the account's other key still works", async () => {
    const { api_key: key, key_id } = (await createApiKey(ports, accountA.account_id))!;
    expect((await request('GET', '/vendors', { key })).status).toBe(200);
    expect(await revokeApiKey(ports, { idOrPrefix: key_id })).toMatchObject({ key_id, status: 'revoked' });
    for (const [method, path] of protectedRoutes) {
      const res = await request(method, path, { key });
      expect(res.status).toBe(401);
      expect(res.body).toEqual(gatewayBody('UNAUTHORIZED'));
    }
    expect((await request('GET', '/vendors', { key: accountA.api_key })).status).toBe(200);
  });

  it('does not call the authorizer without an Authorization header, nor for an unknown route', async () => {
    const { handler } = await import('../../functions/authorizer/handler');
    const calls: string[] = [];
    const counting = await startServer({
      port: 0,
      authCacheSeconds: 0,
      loadAuthorizer: async () => async (event) => {
        calls.push(event.headers?.Authorization ?? '');
        return handler(event);
      },
    });
    try {
      const countingRequest = requester(() => counting);
      expect((await countingRequest('GET', '/vendors')).status).toBe(401);
      expect((await countingRequest('GET', '/vendors', { authorization: '' })).status).toBe(401);
      expect((await countingRequest('GET', '/nope', { key: accountA.api_key })).status).toBe(404);
      expect(calls).toEqual([]);
      expect((await countingRequest('GET', '/vendors', { authorization: 'Basic x' })).status).toBe(401);
      expect((await countingRequest('GET', '/vendors', { key: accountA.api_key })).status).toBe(200);
      expect(calls).toEqual(['Basic x', `Bearer ${accountA.api_key}`]);
    } finally {
      await counting.close();
    }
  });

  it('caches allowed results per key like API Gateway (a revoked key works until the TTL ends)', async () => {
    const cached = await startServer({ port: 0, authCacheSeconds: 300 });
    try {
      const { api_key: key } = (await createApiKey(ports, accountB.account_id))!;
      const cachedRequest = requester(() => cached);
      expect((await cachedRequest('GET', '/vendors', { key })).status).toBe(200);
      await revokeApiKey(ports, { secret: key });
      // The cached policy covers the whole API, so it serves other routes too.
      expect((await cachedRequest('GET', '/entities', { key })).status).toBe(200);
      cached.clearAuthCache();
      expect((await cachedRequest('GET', '/entities', { key })).status).toBe(401);
    } finally {
      await cached.close();
    }
  });
});

describe("API Gateway's own errors", () => {
  it.each([
    ['GET', '/nope'],
    ['GET', '/'],
    ['POST', '/v1/vendors'],
    ['DELETE', '/entities/ent_1'], // the resource exists, the method does not
    ['PUT', '/vendors/vnd_1'],
    ['GET', '/vendors/vnd_1/extra'],
    ['GET', '/v1/tax/rate'],
  ])('%s %s is an unknown route: 404, with or without a key, before authentication', async (method, path) => {
    for (const authorization of [undefined, 'Bearer abc', `Bearer ${accountA.api_key}`]) {
      const res = await request(method, path, { authorization });
      expect(res.status).toBe(404);
      expect(res.body).toEqual(gatewayBody('MISSING_AUTHENTICATION_TOKEN'));
      // It points at what this API serves itself, which a client of a deployment has at hand (not the README).
      expect(res.body.message).toContain('/docs');
      expect(res.body.message).toContain('/openapi.json');
      expect(res.body.message).not.toContain('README');
    }
  });

  it('answers a body over 10 MB with 413', async () => {
    const body = JSON.stringify({ name: 'x'.repeat(MAX_BODY_BYTES), country: 'DE' });
    const res = await request('POST', '/vendors', { key: accountA.api_key, body });
    expect(res.status).toBe(413);
    expect(res.body).toEqual(gatewayBody('REQUEST_TOO_LARGE'));
  });

  it('lets the handler answer malformed JSON with 400 invalid_json', async () => {
    const res = await request('POST', '/vendors', { key: accountA.api_key, body: '{"name": "Acme", ' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: 'invalid_json', status: 400 });
    expect(Object.keys(res.body).sort()).toEqual(['error', 'message', 'request_id', 'status']);
  });

  it('answers a handler that throws with 502, and a broken authorizer with 500', async () => {
    const broken = await startServer({
      port: 0,
      authCacheSeconds: 0,
      loadHandler: async () => async () => {
        throw new Error('boom');
      },
    });
    const brokenAuthorizer = await startServer({
      port: 0,
      loadAuthorizer: async () => async () => {
        throw new Error('DynamoDB unreachable');
      },
    });
    const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const res = await requester(() => broken)('GET', '/vendors', { key: accountA.api_key });
      expect(res.status).toBe(502);
      expect(res.body).toEqual(gatewayBody('INTEGRATION_FAILURE'));
      expect(JSON.stringify(res.body)).not.toContain('boom');

      const res2 = await requester(() => brokenAuthorizer)('GET', '/vendors', { key: accountA.api_key });
      expect(res2.status).toBe(500);
      expect(res2.body).toEqual(gatewayBody('AUTHORIZER_FAILURE'));
    } finally {
      errors.mockRestore();
      await broken.close();
      await brokenAuthorizer.close();
    }
  });

  it('answers a malformed proxy result or a Lambda timeout with 502', async () => {
    let answer: () => Promise<unknown> = async () => ({ body: 'no status code' });
    const odd = await startServer({ port: 0, authCacheSeconds: 0, lambdaTimeoutMs: 300, loadHandler: async () => (() => answer()) as never });
    const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      // A stand-in handler's answers are not Levy's: no contract check.
      const oddRequest = requester(() => odd, { contract: false });
      expect((await oddRequest('GET', '/vendors', { key: accountA.api_key })).body).toEqual(gatewayBody('INTEGRATION_FAILURE'));
      answer = () => new Promise((resolve) => setTimeout(() => resolve({ statusCode: 200, body: '{}' }), 1_000));
      const slow = await oddRequest('GET', '/vendors', { key: accountA.api_key });
      expect(slow.status).toBe(502);
      expect(slow.body).toEqual(gatewayBody('INTEGRATION_FAILURE'));
      answer = async () => ({ statusCode: 200, headers: { 'X-Custom': 'a' }, multiValueHeaders: { 'Set-Cookie': ['a=1', 'b=2'] }, body: '{"ok":true}' });
      const fine = await oddRequest('GET', '/vendors', { key: accountA.api_key });
      expect(fine.status).toBe(200);
      expect(fine.body).toEqual({ ok: true });
      expect(fine.headers.get('x-custom')).toBe('a');
      expect(fine.headers.getSetCookie()).toEqual(['a=1', 'b=2']);
    } finally {
      errors.mockRestore();
      await odd.close();
    }
  });

  it("answers 403 when the authorizer's policy does not allow the route", async () => {
    const denying = await startServer({
      port: 0,
      authCacheSeconds: 0,
      loadAuthorizer: async () => async (event) => ({
        principalId: 'acct_x',
        policyDocument: { Version: '2012-10-17', Statement: [{ Action: 'execute-api:Invoke', Effect: 'Deny', Resource: event.methodArn }] },
      }),
    });
    try {
      const res = await requester(() => denying)('GET', '/vendors', { key: accountA.api_key });
      expect(res.status).toBe(403);
      expect(res.body).toEqual(gatewayBody('ACCESS_DENIED'));
    } finally {
      await denying.close();
    }
  });
});

describe('tenant isolation: the account comes only from the key', () => {
  let vendorOfA: string;

  beforeAll(async () => {
    const created = await request('POST', '/vendors', { key: accountA.api_key, body: { name: 'A only', country: 'DE' } });
    vendorOfA = created.body.id;
  });

  it("answers another account's vendor with 404, like a missing one", async () => {
    for (const method of ['GET', 'DELETE']) {
      const res = await request(method, `/vendors/${vendorOfA}`, { key: accountB.api_key });
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ error: 'not_found', status: 404 });
    }
    const patch = await request('PATCH', `/vendors/${vendorOfA}`, { key: accountB.api_key, body: { name: 'Taken over' } });
    expect(patch.status).toBe(404);
    expect((await request('GET', `/vendors/${vendorOfA}`, { key: accountA.api_key })).body.name).toBe('A only');
  });

  it("does not list another account's records", async () => {
    const list = await request('GET', '/vendors?limit=100', { key: accountB.api_key });
    expect(list.status).toBe(200);
    expect(list.body.data.map((v: { id: string }) => v.id)).not.toContain(vendorOfA);
    const entities = await request('GET', '/entities?limit=100', { key: accountB.api_key });
    expect(entities.body.data.map((e: { id: string }) => e.id)).not.toContain(accountA.primary_entity.id);
    expect(entities.body.data.map((e: { id: string }) => e.id)).toContain(accountB.primary_entity.id);
  });

  it('never takes an account id from the body, the query or a header', async () => {
    const viaBody = await request('POST', '/vendors', { key: accountB.api_key, body: { name: 'X', country: 'DE', account_id: accountA.account_id } });
    expect(viaBody.status).toBe(400);
    const viaQuery = await request('GET', `/vendors/${vendorOfA}?account_id=${accountA.account_id}&accountId=${accountA.account_id}`, {
      key: accountB.api_key,
    });
    expect(viaQuery.status).toBe(400);
    const viaHeader = await request('GET', `/vendors/${vendorOfA}`, {
      key: accountB.api_key,
      headers: { 'X-Account-Id': accountA.account_id, 'X-Amzn-Account-Id': accountA.account_id },
    });
    expect(viaHeader.status).toBe(404);
    const viaEntityPath = await request('PATCH', `/entities/${accountA.primary_entity.id}`, { key: accountB.api_key, body: { name: 'Taken over' } });
    expect(viaEntityPath.status).toBe(404);
  });
});
