/**
 * Unit: the lean DynamoDB client's retries, timeouts and error mapping against a fake DynamoDB (a local HTTP server
 * that answers what each test scripts), since real DynamoDB cannot throttle or reset a socket on demand. The pauses
 * are recorded instead of slept, with the jitter fixed at one half.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DynamoDbDocuments } from '../../../src/adapters/dynamodb/documents';
import { isConditionalCheckFailed, transactionCancellationReasons } from '../../../src/adapters/dynamodb/errors';
import { DynamoDbHttpClient } from '../../../src/adapters/dynamodb/lean-client';

type Step = (req: IncomingMessage, res: ServerResponse) => void;
let server: Server;
let endpoint: string;
let script: Step[] = [];
let requests = 0;

const json = (status: number, body: object): Step => (_req, res) => {
  res.writeHead(status, { 'content-type': 'application/x-amz-json-1.0', 'x-amzn-requestid': `req-${requests}` }).end(JSON.stringify(body));
};
const fault = (code: string, status = 400, extra: object = {}): Step => json(status, { __type: `com.amazonaws.dynamodb.v20120810#${code}`, message: `${code} here`, ...extra });
const ok = json(200, { Item: { id: { S: 'x' } } });
const resetSocket: Step = (req) => req.socket.destroy();
const neverAnswer: Step = () => undefined;

beforeAll(async () => {
  server = createServer((req, res) => {
    const step = script[Math.min(requests, script.length - 1)];
    requests++;
    req.resume().on('end', () => step(req, res));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.closeAllConnections();
  return new Promise((r) => server.close(r));
});

let pauses: number[];
let wire: DynamoDbHttpClient;
const documents = () => new DynamoDbDocuments(wire);

/**
 * The client under test. Its request timeout is long (a loaded CI machine can take a fake answer past 200 ms, which
 * would be retried as a silent socket) except in the tests of a silent socket, which wait it out for real.
 */
const clientWith = (requestTimeoutMs: number) =>
  new DynamoDbHttpClient({
    region: 'us-east-1',
    endpoint,
    credentials: () => ({ accessKeyId: 'AKIATEST', secretAccessKey: 'secret' }),
    requestTimeoutMs,
    sleep: async (ms) => void pauses.push(ms),
    random: () => 0.5,
  });
const SILENT_SOCKET_TIMEOUT_MS = 200;

beforeEach(() => {
  script = [];
  requests = 0;
  pauses = [];
  wire = clientWith(10_000);
});
afterEach(() => wire.destroy());

const get = () => documents().get({ TableName: 't', Key: { id: 'x' } });

describe('retries', () => {
  it('throttled twice, then answered: three attempts, backing off from 1 s (full jitter)', async () => {
    script = [fault('ThrottlingException'), fault('ProvisionedThroughputExceededException'), ok];
    const out = await get();
    expect(out.Item).toEqual({ id: 'x' });
    expect(out.$metadata).toMatchObject({ httpStatusCode: 200, attempts: 3, totalRetryDelay: 1_500 });
    expect(requests).toBe(3);
    expect(pauses).toEqual([500, 1_000]);
  });

  it.each(['RequestLimitExceeded', 'TransactionInProgressException', 'LimitExceededException'])('%s is throttling: retried', async (code) => {
    script = [fault(code), ok];
    expect((await get()).$metadata.attempts).toBe(2);
  });

  it('a 429 without a known code is throttling too', async () => {
    script = [json(429, { message: 'slow down' }), ok];
    expect((await get()).$metadata.attempts).toBe(2);
    expect(pauses).toEqual([500]);
  });

  it('500 every time: four attempts (DynamoDB’s default), backing off from 25 ms, then the error with its metadata', async () => {
    script = [fault('InternalServerError', 500)];
    const error = (await get().catch((e: unknown) => e)) as Error & Record<string, unknown>;
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('InternalServerError');
    expect(error.$fault).toBe('server');
    expect(error.$metadata).toMatchObject({ httpStatusCode: 500, attempts: 4, totalRetryDelay: 12 + 25 + 50 });
    expect(requests).toBe(4);
    expect(pauses).toEqual([12, 25, 50]);
  });

  it('a 503 that is not JSON (a proxy page) is retried, then named by its status', async () => {
    script = [(_req, res) => res.writeHead(503).end('<html>busy</html>'), ok];
    expect((await get()).$metadata.attempts).toBe(2);
  });

  it('a reset socket is retried', async () => {
    script = [resetSocket, ok];
    const out = await get();
    expect(out.$metadata.attempts).toBe(2);
    expect(requests).toBe(2);
  });

  it('a silent socket times out (TimeoutError) and is retried', async () => {
    wire.destroy();
    wire = clientWith(SILENT_SOCKET_TIMEOUT_MS);
    script = [neverAnswer, ok];
    const started = Date.now();
    const out = await get();
    expect(out.$metadata.attempts).toBe(2);
    expect(Date.now() - started).toBeGreaterThanOrEqual(SILENT_SOCKET_TIMEOUT_MS - 10);
  });

  it('a silent socket every time: TimeoutError after four attempts', async () => {
    wire.destroy();
    wire = clientWith(SILENT_SOCKET_TIMEOUT_MS);
    script = [neverAnswer];
    await expect(get()).rejects.toMatchObject({ name: 'TimeoutError', $metadata: { attempts: 4 } });
  });

  it('a refused condition is an answer, never retried', async () => {
    script = [fault('ConditionalCheckFailedException', 400, { Item: { id: { S: 'x' }, data: { B: 'AAE=' } } }), ok];
    const error = await documents()
      .put({ TableName: 't', Item: { id: 'x' }, ConditionExpression: 'attribute_not_exists(id)', ReturnValuesOnConditionCheckFailure: 'ALL_OLD' })
      .catch((e: unknown) => e);
    expect(isConditionalCheckFailed(error)).toBe(true);
    expect(error).toMatchObject({ message: 'ConditionalCheckFailedException here', $fault: 'client', $metadata: { httpStatusCode: 400, requestId: 'req-1', attempts: 1 } });
    // In AttributeValue form, Binary decoded, as the SDK gives it.
    expect((error as { Item: unknown }).Item).toEqual({ id: { S: 'x' }, data: { B: new Uint8Array([0, 1]) } });
    expect(requests).toBe(1);
  });

  it.each(['ValidationException', 'ResourceNotFoundException', 'AccessDeniedException', 'TransactionConflictException'])('%s (4xx) is not retried', async (code) => {
    script = [fault(code), ok];
    await expect(get()).rejects.toMatchObject({ name: code, $metadata: { httpStatusCode: 400, attempts: 1 } });
    expect(requests).toBe(1);
  });

  it('a cancelled transaction: its reasons, one per item, with the old item; not retried', async () => {
    script = [
      json(400, {
        __type: 'com.amazonaws.dynamodb.v20120810#TransactionCanceledException',
        Message: 'Transaction cancelled, please refer cancellation reasons for specific reasons [None, ConditionalCheckFailed]',
        CancellationReasons: [{ Code: 'None' }, { Code: 'ConditionalCheckFailed', Message: 'The conditional request failed', Item: { n: { N: '1' } } }],
      }),
      ok,
    ];
    const error = await documents()
      .transactWrite({ TransactItems: [{ Put: { TableName: 't', Item: { id: 'a' } } }, { Put: { TableName: 't', Item: { id: 'b' } } }] })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'TransactionCanceledException', message: expect.stringContaining('[None, ConditionalCheckFailed]') });
    expect(transactionCancellationReasons(error)).toEqual([
      { Code: 'None' },
      { Code: 'ConditionalCheckFailed', Message: 'The conditional request failed', Item: { n: { N: '1' } } },
    ]);
    expect(transactionCancellationReasons(new Error('other'))).toBeUndefined();
    expect(requests).toBe(1);
  });

  it('a retry quota, as the SDK’s: a DynamoDB that keeps failing stops being retried, and successes earn retries back', async () => {
    script = [fault('InternalServerError', 500)];
    const attempts: number[] = [];
    for (let call = 0; call < 13; call++) attempts.push(((await get().catch((e: unknown) => e)) as { $metadata: { attempts: number } }).$metadata.attempts);
    // 500 tokens, 14 a retry: eleven calls retry three times (462), the twelfth twice (38 -> 10), then none.
    expect(attempts).toEqual([...Array(11).fill(4), 3, 1]);
    script = [ok];
    requests = 0;
    for (let call = 0; call < 4; call++) await get();
    // Four successes without retries give back one token each: 14, enough for one retry again.
    script = [fault('InternalServerError', 500), ok];
    requests = 0;
    expect((await get()).$metadata.attempts).toBe(2);
  });
});
