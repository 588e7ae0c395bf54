/**
 * HTTP test: the local server holds a function's answer to Lambda's 6 MB response limit, as the deployed stack is held:
 * past it Lambda fails the invocation and API Gateway answers 502 (the 10 MB request limit and the timeout are in
 * server.test.ts). The handler is a stand-in that answers a body of a chosen size.
 */
import type { CreatedAccount } from '../../local/admin/accounts';
import { startServer, type LocalServer } from '../../local/server/server';
import { MAX_LAMBDA_RESPONSE_BYTES } from '../../src/config/api-settings';
import { newTestAccount } from '../support/api';
import { gatewayBody, requester } from '../support/http';

let server: LocalServer;
let account: CreatedAccount;
let bodyBytes = 2;
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
    loadHandler: async () => (async () => resultOf(bodyBytes)) as never,
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
