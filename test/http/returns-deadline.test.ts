/**
 * HTTP: a return built near its function's timeout never leaves work running behind its answer (docs/returns.md
 * "Within one call"): a build that reads too long is stopped before its write (a clean 503, or API Gateway's 502
 * once past the timeout; no return created or changed, now or later), and one in time gives the full answer. The slow reads are injected (a pause before each
 * Query of the return counters), since DynamoDB Local cannot be slowed on demand.
 */
import { importHandler } from '../../local/server/handler-module';
import { startServer, type LocalServer, type RouteHandler } from '../../local/server/server';
import { callRoute, newTestAccount } from '../support/api';
import { delayDynamoDb } from '../support/dynamodb-calls';
import { requester } from '../support/http';
import { record, registration, usSale } from '../support/return-fixtures';

const TIMEOUT_MS = 3_000;
let server: LocalServer;
const request = requester(() => server);

beforeAll(async () => {
  process.env.LEVY_RETURNS_SETTLE_SECONDS = '0';
  // The slow database is injected into this process, so the handlers run here in every mode (in bundle mode too).
  server = await startServer({ port: 0, authCacheSeconds: 0, lambdaTimeoutMs: TIMEOUT_MS, loadHandler: (route) => importHandler<RouteHandler>(route.entry) });
});
afterAll(() => server?.close());
afterEach(() => jest.restoreAllMocks());

/** Every Query of the return counters waits `ms` before it is sent. */
const slowCounterReads = (ms: number) => delayDynamoDb((operation, input) => operation === 'Query' && JSON.stringify(input).includes('ReturnCounters'), ms);

/**
 * Stopped before its write: the deadline middleware's 503 when the reads ended inside the write reserve, or API
 * Gateway's 502 when they ended past the timeout (answered once the handler has stopped; its write refused too).
 */
function expectStoppedCleanly(res: { status: number; body: any }): void {
  expect([502, 503]).toContain(res.status);
  if (res.status === 503) expect(res.body).toMatchObject({ error: 'deadline_exceeded', status: 503 });
}

const period = { period_start: '2026-04-01', period_end: '2026-06-30' };
const afterSettling = () => new Promise((r) => setTimeout(r, 1_500));

describe('a return built near its function timeout', () => {
  it('create: a build that would write in the last moments is stopped before its write (503, or 502 past the timeout), and no return appears later', async () => {
    const { account_id: accountId, api_key } = await newTestAccount('US', 'Slow Returns Inc');
    const regId = await registration(accountId, { country: 'US', state: 'CA', type: 'SALES_TAX' });
    await record(accountId, usSale('2026-05-01', 10_000));
    // Three counter reads (the late records, the counters, the late records again): ~2.7 s of a 3 s invocation.
    slowCounterReads(900);
    const res = await request('POST', '/v1/returns', { key: api_key, body: { registration_id: regId, ...period } });
    expectStoppedCleanly(res);
    jest.restoreAllMocks();
    await afterSettling();
    expect((await callRoute('returns-list', { accountId, query: {} })).body.data).toEqual([]);
  });

  it('finalize: stopped before its write, the return stays a draft; in time, the full answer', async () => {
    const { account_id: accountId, api_key } = await newTestAccount('US', 'Slow Finalize Inc');
    const regId = await registration(accountId, { country: 'US', state: 'CA', type: 'SALES_TAX' });
    const sale = await record(accountId, usSale('2026-05-01', 10_000));
    const draft = await request('POST', '/v1/returns', { key: api_key, body: { registration_id: regId, ...period } });
    expect(draft.status).toBe(201);
    slowCounterReads(900);
    expectStoppedCleanly(await request('POST', `/v1/returns/${draft.body.id}/finalize`, { key: api_key }));
    jest.restoreAllMocks();
    await afterSettling();
    expect((await callRoute('returns-get', { accountId, pathParameters: { id: draft.body.id } })).body).toMatchObject({ status: 'draft' });

    slowCounterReads(100);
    const inTime = await request('POST', `/v1/returns/${draft.body.id}/finalize`, { key: api_key });
    expect(inTime.status).toBe(200);
    expect(inTime.body).toMatchObject({ status: 'finalized', sale_count: 1, deferred_records: 0, totals: { tax_charged: sale.tax_total } });
  });
});
