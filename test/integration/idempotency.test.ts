/**
 * Integration (DynamoDB Local): keyed calls through Powertools' DynamoDB persistence layer, beyond the happy path.
 * A key is billed once however often its call runs or is replayed; a claim whose first attempt landed although its
 * answer was lost (the SDK's retry then meets the call's own record) is the call's own, not a 409; an answer that
 * could not be kept frees the key, unbilled; a billing write that failed after the keep is made good by the replay;
 * records kept by the earlier store (gzip bytes, or the answer as a map) still replay. Faults DynamoDB Local cannot
 * produce on demand (a lost answer, a refused write) are injected below the SDK's retries.
 */
import * as zlib from 'node:zlib';
import { documentClient } from '../../src/adapters/dynamodb/client';
import { DynamoDbUsageStore } from '../../src/adapters/dynamodb/usage-store';
import { MAX_KEPT_ANSWER_BYTES } from '../../src/adapters/http/idempotent-call';
import { tableName } from '../../src/config/environment';
import { callRoute, newTestAccount } from '../support/api';
import { interceptAttempts, lostAnswer } from '../support/dynamodb-calls';
import { SOURCE_MODE_ONLY, sourceModeOnly } from '../support/bundle-mode';

const faults = sourceModeOnly(SOURCE_MODE_ONLY.faultInjected);

const usageStore = () => new DynamoDbUsageStore(tableName('Usage'));
const billedFor = async (accountId: string) => (await usageStore().list(accountId, '2000-01-01', '2100-01-01')).reduce((n, r) => n + r.count, 0);

const validate = (accountId: string, key?: string, taxId = 'DE136695976') =>
  callRoute('tax-id-validate', { accountId, body: { tax_id: taxId }, headers: key ? { 'Idempotency-Key': key } : {} });

const onTable = (table: string) => (input: Record<string, any>) =>
  String(input.TableName ?? '').endsWith(table) ||
  (input.TransactItems ?? []).some((i: any) => String(Object.values(i)[0] && (Object.values(i)[0] as any).TableName).endsWith(table));

let stops: (() => void)[] = [];
const inject = (...args: Parameters<typeof interceptAttempts>) => stops.push(interceptAttempts(...args).stop);
afterEach(() => {
  for (const stop of stops) stop();
  stops = [];
  jest.restoreAllMocks();
});

describe('keyed calls', () => {
  it('run once and are billed once; a replay answers the kept answer, marked and unbilled; another body is a 422', async () => {
    const { account_id } = await newTestAccount();
    const first = await validate(account_id, 'once');
    expect(first.status).toBe(200);
    expect(await billedFor(account_id)).toBe(1);
    const replay = await validate(account_id, 'once');
    expect(replay.status).toBe(200);
    expect(replay.headers['Idempotent-Replayed']).toBe('true');
    expect(replay.body).toEqual(first.body);
    expect((await validate(account_id, 'once', 'FR40303265045')).status).toBe(422);
    expect(await billedFor(account_id)).toBe(1);
  });

  faults.it('a claim whose first attempt landed though its answer was lost is the call’s own: 200, not 409, billed once', async () => {
    const { account_id } = await newTestAccount();
    let lost = 0;
    inject(
      (operation, input) => operation === 'PutItem' && onTable('Idempotency')(input) && lost === 0,
      async (send) => {
        lost++;
        await send();
        throw lostAnswer();
      },
    );
    const res = await validate(account_id, 'own-claim');
    expect(lost).toBe(1);
    expect(res.status).toBe(200);
    expect(res.body.valid).toBe(true);
    expect(await billedFor(account_id)).toBe(1);
    expect((await validate(account_id, 'own-claim')).headers['Idempotent-Replayed']).toBe('true');
  });

  faults.it('a claim still held by another call is a 409 idempotency_key_in_use', async () => {
    const { account_id } = await newTestAccount();
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    // The first call's keep waits until the second call has been answered.
    inject(
      (operation, input) => operation === 'UpdateItem' && onTable('Idempotency')(input),
      async (send) => {
        await held;
        return send();
      },
    );
    const first = validate(account_id, 'held');
    await new Promise((r) => setTimeout(r, 300));
    const second = await validate(account_id, 'held');
    release();
    expect(second.status).toBe(409);
    expect(second.body.error).toBe('idempotency_key_in_use');
    expect((await first).status).toBe(200);
    expect(await billedFor(account_id)).toBe(1);
  });

  faults.it('an answer that could not be kept is a bare 500, unbilled, and frees the key: the retry runs and bills once', async () => {
    const { account_id } = await newTestAccount();
    inject(
      (operation, input) => operation === 'UpdateItem' && onTable('Idempotency')(input),
      () => Promise.reject(Object.assign(new Error('secret internal detail'), { name: 'ValidationException', $fault: 'client' })),
    );
    const res = await validate(account_id, 'unkept');
    for (const stop of stops) stop();
    expect(res.status).toBe(500);
    expect(res.body.error).toBe('internal_error');
    expect(JSON.stringify(res.body)).not.toContain('secret');
    expect(await billedFor(account_id)).toBe(0);
    const retry = await validate(account_id, 'unkept');
    expect(retry.status).toBe(200);
    expect(retry.headers['Idempotent-Replayed']).toBeUndefined();
    expect(await billedFor(account_id)).toBe(1);
  });

  faults.it('a billing write that failed after the keep answers 500; the client’s retry is a replay and bills it, once', async () => {
    const { account_id } = await newTestAccount();
    inject(
      (operation, input) => operation === 'TransactWriteItems' && onTable('Usage')(input),
      () => Promise.reject(Object.assign(new Error('injected'), { name: 'ValidationException', $fault: 'client' })),
    );
    expect((await validate(account_id, 'bill-later')).status).toBe(500);
    for (const stop of stops) stop();
    expect(await billedFor(account_id)).toBe(0);
    const replay = await validate(account_id, 'bill-later');
    expect(replay.status).toBe(200);
    expect(replay.headers['Idempotent-Replayed']).toBe('true');
    expect(await billedFor(account_id)).toBe(1);
    await validate(account_id, 'bill-later');
    expect(await billedFor(account_id)).toBe(1);
  });

  faults.it('an answer too large to keep even compressed is a 422 response_too_large, unbilled, and the key is free again', async () => {
    const { account_id } = await newTestAccount();
    // Answers that large cannot be made through this route (a 1,000-line cart compresses to a tenth of the limit).

    jest.spyOn(require('node:zlib') as typeof zlib, 'gzipSync').mockImplementationOnce(() => Buffer.alloc(MAX_KEPT_ANSWER_BYTES + 1));
    const res = await validate(account_id, 'huge');
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ error: 'response_too_large', status: 422 });
    expect(await billedFor(account_id)).toBe(0);
    expect((await validate(account_id, 'huge')).status).toBe(200);
    expect(await billedFor(account_id)).toBe(1);
  });

  it('replays records kept by the earlier store: gzip bytes, and the answer as a map', async () => {
    for (const form of ['bytes', 'map'] as const) {
      const { account_id } = await newTestAccount();
      const first = await validate(account_id, `legacy-${form}`);
      const { Items } = await documentClient().scan({
        TableName: tableName('Idempotency'),
        FilterExpression: 'begins_with(id, :p)',
        ExpressionAttributeValues: { ':p': 'levy.tax-id-validate#' },
      });
      const mine = (Items ?? []).filter(
        (i) =>
          typeof (i.data as { gzip?: string })?.gzip === 'string' &&
          JSON.parse(zlib.gunzipSync(Buffer.from((i.data as { gzip: string }).gzip, 'base64')).toString('utf8')).body === JSON.stringify(first.body),
      );
      expect(mine.length).toBeGreaterThan(0);
      for (const item of mine) {
        const answer = JSON.parse(zlib.gunzipSync(Buffer.from((item.data as { gzip: string }).gzip, 'base64')).toString('utf8'));
        await documentClient().update({
          TableName: tableName('Idempotency'),
          Key: { id: item.id },
          UpdateExpression: 'SET #data = :answer',
          ExpressionAttributeNames: { '#data': 'data' },
          ExpressionAttributeValues: { ':answer': form === 'bytes' ? zlib.gzipSync(JSON.stringify(answer)) : answer },
        });
      }
      const replay = await validate(account_id, `legacy-${form}`);
      expect(replay.status).toBe(200);
      expect(replay.headers['Idempotent-Replayed']).toBe('true');
      expect(replay.body).toEqual(first.body);
    }
  });
});

describe('billing under concurrency', () => {
  it('60 concurrent calls of one account, with and without keys, are all answered and all billed', async () => {
    const { account_id } = await newTestAccount();
    const results = await Promise.all(Array.from({ length: 60 }, (_, i) => validate(account_id, i % 2 ? `c-${i}` : undefined)));
    expect(results.map((r) => r.status)).toEqual(Array(60).fill(200));
    expect(await billedFor(account_id)).toBe(60);
  });
});
