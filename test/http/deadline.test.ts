/**
 * HTTP: a request that runs past its function's timeout never leaves work running behind its answer. A write that
 * would start within the last moments of the invocation is not sent: the client gets a clean 503 (or API Gateway's 502
 * once the timeout has passed) and nothing is written, now or later; a write in time gives the full answer. The slow
 * database is injected (a pause before the write is sent), since DynamoDB Local cannot be slowed on demand.
 */
import { importHandler } from '../../local/server/handler-module';
import { startServer, type LocalServer, type RouteHandler } from '../../local/server/server';
import { callRoute, newTestAccount } from '../support/api';
import { delayDynamoDb } from '../support/dynamodb-calls';
import { requester } from '../support/http';

const TIMEOUT_MS = 3_000;
let server: LocalServer;
const request = requester(() => server);

beforeAll(async () => {
  // The slow database is injected into this process, so the handlers run here in every mode (in bundle mode too).
  server = await startServer({ port: 0, authCacheSeconds: 0, lambdaTimeoutMs: TIMEOUT_MS, loadHandler: (route) => importHandler<RouteHandler>(route.entry) });
});
afterAll(() => server?.close());
afterEach(() => jest.restoreAllMocks());

/** Every write of a product (the product and its event, one transaction) waits `ms` before it is sent. */
const slowProductWrites = (ms: number) =>
  delayDynamoDb((operation, input) => operation === 'TransactWriteItems' && JSON.stringify(input).includes('Products'), ms);

const product = (id: string) => ({ id, name: 'Deadline widget', tax_code: 'levy_saas' });
const afterSettling = () => new Promise((r) => setTimeout(r, 1_500));

describe('a request near its function timeout', () => {
  it('a write that would start in the last moments is not sent: a clean 503, and nothing appears later', async () => {
    const { account_id, api_key } = await newTestAccount();
    // The reserve is a tenth of the 3 s timeout: a write starting 2.8 s in is refused.
    slowProductWrites(2_800);
    const res = await request('POST', '/v1/products', { key: api_key, body: product('late-1') });
    expect(res.status).toBe(503);
    expect(res.body).toMatchObject({ error: 'deadline_exceeded', status: 503 });
    jest.restoreAllMocks();
    await afterSettling();
    expect((await callRoute('products-get', { accountId: account_id, pathParameters: { id: 'late-1' } })).status).toBe(404);
  });

  it('past the timeout: API Gateway’s 502, answered only once the handler has stopped, and nothing written', async () => {
    const { account_id, api_key } = await newTestAccount();
    slowProductWrites(TIMEOUT_MS + 300);
    const started = Date.now();
    const res = await request('POST', '/v1/products', { key: api_key, body: product('late-2') });
    expect(res.status).toBe(502);
    expect(Date.now() - started).toBeGreaterThanOrEqual(TIMEOUT_MS + 300);
    jest.restoreAllMocks();
    await afterSettling();
    expect((await callRoute('products-get', { accountId: account_id, pathParameters: { id: 'late-2' } })).status).toBe(404);
  });

  it('a write in time: the full answer, and the record', async () => {
    const { account_id, api_key } = await newTestAccount();
    slowProductWrites(200);
    const res = await request('POST', '/v1/products', { key: api_key, body: product('in-time') });
    expect(res.status).toBe(201);
    expect((await callRoute('products-get', { accountId: account_id, pathParameters: { id: 'in-time' } })).status).toBe(200);
  });
});
