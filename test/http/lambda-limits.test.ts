/**
 * HTTP test: the local server holds a function to Lambda's 6 MB limits, as the deployed stack is held: an answer past
 * 6 MB fails the invocation and API Gateway answers 502; a request event past 6 MB is refused before the function
 * runs, 413 (the 10 MB body limit and the timeout are in server.test.ts). The handler is a stand-in that answers a
 * body of a chosen size and counts its calls; the direct document upload, held under the request limit, runs for real.
 */
import type { CreatedAccount } from '../../local/admin/accounts';
import { startServer, type LocalServer } from '../../local/server/server';
import { MAX_BODY_BYTES, MAX_LAMBDA_REQUEST_BYTES, MAX_LAMBDA_RESPONSE_BYTES } from '../../src/config/api-settings';
import { MAX_INLINE_DOCUMENT_BYTES } from '../../src/config/documents';
import { newTestAccount } from '../support/api';
import { gatewayBody, requester } from '../support/http';

let server: LocalServer;
let account: CreatedAccount;
let bodyBytes = 2;
let calls = 0;
/** A JSON body (a string) of `n` bytes. */
const bodyOf = (n: number) => `"${'x'.repeat(n - 2)}"`;
/** The proxy result the stand-in answers. */
const resultOf = (n: number) => ({ statusCode: 200, headers: { 'Content-Type': 'application/json' }, body: bodyOf(n) });
// A stand-in handler's answers are not Levy's: no contract check.
const request = requester(() => server, { contract: false });

beforeAll(async () => {
  server = await startServer({
    port: 0,
    authCacheSeconds: 0,
    loadHandler: async () =>
      (async () => {
        calls++;
        return resultOf(bodyBytes);
      }) as never,
  });
  account = await newTestAccount('DE', 'Limits GmbH');
});

afterAll(async () => {
  await server?.close();
});

/** The proxy result as JSON, what Lambda measures, around a body of `n` bytes. */
const resultBytes = (n: number) => JSON.stringify(resultOf(n)).length;

describe("Lambda's 6 MB response limit", () => {
  const overhead = resultBytes(2) - 2;

  it('passes an answer of exactly 6 MB as JSON', async () => {
    bodyBytes = MAX_LAMBDA_RESPONSE_BYTES - overhead;
    expect(resultBytes(bodyBytes)).toBe(MAX_LAMBDA_RESPONSE_BYTES);
    const res = await request('GET', '/vendors', { key: account.api_key });
    expect(res.status).toBe(200);
    expect(res.body.length).toBe(bodyBytes - 2);
  });

  it('answers 502 for one byte more, as API Gateway does when Lambda refuses the response', async () => {
    bodyBytes = MAX_LAMBDA_RESPONSE_BYTES - overhead + 1;
    const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const res = await request('GET', '/vendors', { key: account.api_key });
      expect(res.status).toBe(502);
      expect(res.body).toEqual(gatewayBody('INTEGRATION_FAILURE'));
      expect(errors.mock.calls.flat().join(' ')).toMatch(/over Lambda's 6291456-byte response limit/);
    } finally {
      errors.mockRestore();
    }
  });
});

describe("Lambda's 6 MB request limit", () => {
  it('answers 413 for a body API Gateway takes (under 10 MB) whose event is over 6 MB, and never runs the function', async () => {
    bodyBytes = 2;
    const body = JSON.stringify({ name: 'x'.repeat(7 * 1024 * 1024), country: 'DE' });
    expect(body.length).toBeLessThan(MAX_BODY_BYTES);
    const before = calls;
    const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const res = await request('POST', '/vendors', { key: account.api_key, body });
      expect(res.status).toBe(413);
      expect(res.body).toEqual(gatewayBody('LAMBDA_REQUEST_TOO_LARGE'));
      expect(res.body).toMatchObject({ error: 'request_too_large', message: expect.stringMatching(/6 MB a Lambda function accepts/) });
      expect(errors.mock.calls.flat().join(' ')).toMatch(/over Lambda's 6291456-byte request limit/);
    } finally {
      errors.mockRestore();
    }
    expect(calls).toBe(before);
  });

  it('counts a binary body as the function receives it, base64: 4.5 MiB of bytes is an event over 6 MB', async () => {
    const bytes = Buffer.alloc(Math.ceil((MAX_LAMBDA_REQUEST_BYTES * 3) / 4), 1);
    const before = calls;
    const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const res = await request('PUT', '/v1/customers/c/exemptions/e/document', {
        key: account.api_key,
        body: bytes,
        headers: { 'Content-Type': 'application/pdf' },
      });
      expect(res.status).toBe(413);
      expect(res.body).toEqual(gatewayBody('LAMBDA_REQUEST_TOO_LARGE'));
    } finally {
      errors.mockRestore();
    }
    expect(calls).toBe(before);
  });
});

describe('a direct document upload fits in the request limit', () => {
  let real: LocalServer;
  const requestReal = requester(() => real);
  let path: string;
  const pdfOf = (size: number) => Buffer.concat([Buffer.from('%PDF-1.7\n', 'latin1'), Buffer.alloc(size - 9, 0x41)]);

  beforeAll(async () => {
    real = await startServer({ port: 0, authCacheSeconds: 0 });
    const customer = await requestReal('POST', '/v1/customers', {
      key: account.api_key,
      body: { name: 'Reseller', customer_type: 'RESELLER', address: { country: 'US', state: 'TX' } },
    });
    const certificate = await requestReal('POST', `/v1/customers/${customer.body.id}/exemptions`, {
      key: account.api_key,
      body: { reason: 'RESALE', jurisdictions: [{ country: 'US', state: 'TX' }], certificate_number: 'TX-1', effective_from: '2026-01-01' },
    });
    expect(certificate.status).toBe(201);
    path = `/v1/customers/${customer.body.id}/exemptions/${certificate.body.id}/document`;
  });

  afterAll(async () => {
    await real?.close();
  });

  it('stores a 4 MiB certificate document PUT through the gateway: its base64 event stays under 6 MB', async () => {
    const res = await requestReal('PUT', path, {
      key: account.api_key,
      body: pdfOf(MAX_INLINE_DOCUMENT_BYTES),
      headers: { 'Content-Type': 'application/pdf' },
    });
    expect(res.status).toBe(200);
    expect(res.body.document.size).toBe(MAX_INLINE_DOCUMENT_BYTES);
  });

  it('answers one byte more 413 document_too_large, naming the limit and the pre-signed upload route', async () => {
    const res = await requestReal('PUT', path, {
      key: account.api_key,
      body: pdfOf(MAX_INLINE_DOCUMENT_BYTES + 1),
      headers: { 'Content-Type': 'application/pdf' },
    });
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ error: 'document_too_large', status: 413 });
    expect(res.body.message).toMatch(/at most 4194304 \(4 MiB\)/);
    expect(res.body.message).toMatch(/Up to 5242880 bytes \(5 MiB\): POST \/v1\/customers\/\{id\}\/exemptions\/\{eid\}\/document\/upload_url/);
  });
});
