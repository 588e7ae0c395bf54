/**
 * Integration (DynamoDB Local): the idempotency store's guarantees beyond the happy path. Every write after the claim
 * holds only while the call still holds the key, so a run that outlived its claim neither bills nor deletes the
 * retry's record; a keep whose success was lost still answers the kept answer, billed once; a failed release leaves
 * the original error; records kept before compression still replay; concurrent calls of one account all bill. Faults
 * DynamoDB Local cannot produce (a lost success, a refused delete) are injected.
 */
import { gunzipSync } from 'node:zlib';
import { IdempotencyConfig } from '@aws-lambda-powertools/idempotency';
import type { TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { documentClient } from '../../src/adapters/dynamodb/client';
import type { DocumentOperation } from '../../src/adapters/dynamodb/documents';
import { DynamoDbIdempotencyStore } from '../../src/adapters/dynamodb/idempotency-store';
import { DynamoDbUsageStore } from '../../src/adapters/dynamodb/usage-store';
import { tableName } from '../../src/config/environment';
import { callRoute, newTestAccount } from '../support/api';

type Send = (operation: DocumentOperation, input: Record<string, unknown>) => Promise<unknown>;

const usageStore = () => new DynamoDbUsageStore(tableName('Usage'));
const billedFor = async (accountId: string) =>
  (await usageStore().list(accountId, '2000-01-01', '2100-01-01')).reduce((n, r) => n + r.count, 0);

function storeFor(accountId: string, maxKeptAnswerBytes?: number): DynamoDbIdempotencyStore {
  const store = new DynamoDbIdempotencyStore(tableName('Idempotency'), usageStore(), { accountId, endpoint: 'POST /test', at: new Date() }, maxKeptAnswerBytes);
  store.configure({ config: new IdempotencyConfig({ eventKeyJmesPath: 'key', expiresAfterSeconds: 3600 }), keyPrefix: `test.${accountId}` });
  return store;
}

const validate = (accountId: string, key?: string) =>
  callRoute('tax-id-validate', { accountId, body: { tax_id: 'DE136695976' }, headers: key ? { 'Idempotency-Key': key } : {} });

const idempotencyWrite = (operation: DocumentOperation, input: Record<string, unknown>) =>
  operation === 'TransactWriteItems' && ((input as TransactWriteCommandInput).TransactItems ?? []).some((i) => String(i.Update?.TableName).endsWith('Idempotency'));

/** Replaces the document client's send for the calls `pick` chooses; `instead` gets the real send. */
function intercept(
  pick: (operation: DocumentOperation, input: Record<string, unknown>) => boolean,
  instead: (operation: DocumentOperation, input: Record<string, unknown>, realSend: Send) => Promise<unknown>,
): void {
  const realSend = documentClient().send.bind(documentClient()) as Send;
  jest.spyOn(documentClient(), 'send').mockImplementation(((operation: DocumentOperation, input: Record<string, unknown>) =>
    pick(operation, input) ? instead(operation, input, realSend) : realSend(operation, input)) as never);
}

afterEach(() => jest.restoreAllMocks());

describe('a run that outlived its claim', () => {
  it('neither completes nor bills, and leaves the retry’s record alone; the retry completes and bills once', async () => {
    const accountId = `acct_late_${Date.now()}`;
    const late = storeFor(accountId);
    const retry = storeFor(accountId);
    // The first run claims for 1 ms, so its claim has lapsed when the retry arrives.
    await late.saveInProgress({ key: 'k' }, 1);
    await new Promise((r) => setTimeout(r, 20));
    await retry.saveInProgress({ key: 'k' }, 60_000);
    await expect(late.saveSuccess({ key: 'k' }, { answer: 'late' })).rejects.toThrow();
    expect(late.failedToKeep).toBe('write_failed');
    expect(await late.release({ key: 'k' })).toBeUndefined();
    expect((await retry.getRecord({ key: 'k' })).getStatus()).toBe('INPROGRESS');
    expect(await billedFor(accountId)).toBe(0);
    await retry.saveSuccess({ key: 'k' }, { answer: 'retry' });
    expect(await billedFor(accountId)).toBe(1);
    // Now the late run's release finds the kept answer, and deletes nothing.
    expect(await late.release({ key: 'k' })).toEqual({ answer: 'retry' });
    expect((await retry.getRecord({ key: 'k' })).getResponse()).toEqual({ answer: 'retry' });
  });

  it('when the function throws, deletes only its own claim', async () => {
    const accountId = `acct_throw_${Date.now()}`;
    const late = storeFor(accountId);
    const retry = storeFor(accountId);
    await late.saveInProgress({ key: 'k' }, 1);
    await new Promise((r) => setTimeout(r, 20));
    await retry.saveInProgress({ key: 'k' }, 60_000);
    await late.deleteRecord({ key: 'k' });
    expect((await retry.getRecord({ key: 'k' })).getStatus()).toBe('INPROGRESS');
    await retry.deleteRecord({ key: 'k' });
    await expect(retry.getRecord({ key: 'k' })).rejects.toThrow();
  });

  it('too large an answer is not kept and not billed', async () => {
    const accountId = `acct_big_${Date.now()}`;
    const store = storeFor(accountId, 64);
    await store.saveInProgress({ key: 'k' }, 60_000);
    await expect(store.saveSuccess({ key: 'k' }, { answer: 'x'.repeat(10_000) + Math.random() })).rejects.toThrow(RangeError);
    expect(store.failedToKeep).toBe('too_large');
    expect(await store.release({ key: 'k' })).toBeUndefined();
    expect(await billedFor(accountId)).toBe(0);
  });
});

describe('billable routes when keeping the answer goes wrong', () => {
  it('a keep that landed although DynamoDB’s answer was lost answers the kept answer, billed once', async () => {
    const { account_id } = await newTestAccount();
    intercept(idempotencyWrite, async (operation, input, realSend) => {
      await realSend(operation, input);
      throw Object.assign(new Error('socket hang up'), { name: 'TimeoutError' });
    });
    const res = await validate(account_id, 'lost-success');
    jest.restoreAllMocks();
    expect(res.status).toBe(200);
    expect(res.body.valid).toBe(true);
    expect(await billedFor(account_id)).toBe(1);
    const replay = await validate(account_id, 'lost-success');
    expect(replay.headers['Idempotent-Replayed']).toBe('true');
    expect(await billedFor(account_id)).toBe(1);
  });

  it('a release that fails too answers the original 500, unbilled; the key frees itself when its claim lapses', async () => {
    const { account_id } = await newTestAccount();
    intercept(
      (operation, input) => idempotencyWrite(operation, input) || (operation === 'DeleteItem' && String(input.TableName).endsWith('Idempotency')),
      async () => Promise.reject(new Error('ProvisionedThroughputExceeded')),
    );
    const res = await validate(account_id, 'stuck');
    jest.restoreAllMocks();
    expect(res.status).toBe(500);
    expect(res.body.error).toBe('internal_error');
    expect(await billedFor(account_id)).toBe(0);
    expect((await validate(account_id, 'stuck')).status).toBe(409);
  });

  it('an answer too large to keep is a 422 response_too_large, unbilled, and the key is free again', async () => {
    const { account_id } = await newTestAccount();
    // Answers that large cannot be made through the API (a 1,000-line cart compresses to a tenth of the limit), so
    // the limit is lowered for this call.
    const proto = DynamoDbIdempotencyStore.prototype as unknown as { _updateRecord: (record: unknown) => Promise<void> };
    const realUpdate = proto._updateRecord;
    jest.spyOn(proto, '_updateRecord').mockImplementation(function (this: { maxKeptAnswerBytes: number }, record: unknown) {
      this.maxKeptAnswerBytes = 16;
      return realUpdate.call(this, record);
    });
    const res = await validate(account_id, 'huge');
    jest.restoreAllMocks();
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ error: 'response_too_large', status: 422 });
    expect(await billedFor(account_id)).toBe(0);
    expect((await validate(account_id, 'huge')).status).toBe(200);
    expect(await billedFor(account_id)).toBe(1);
  });

  it('replays a record kept before answers were compressed (the answer as a map)', async () => {
    const { account_id } = await newTestAccount();
    const first = await validate(account_id, 'legacy');
    const id = `levy.tax-id-validate#`;
    const { Items } = await documentClient().scan({ TableName: tableName('Idempotency'), FilterExpression: 'begins_with(id, :p)', ExpressionAttributeValues: { ':p': id } });
    const mine = (Items ?? []).filter((i) => i.data instanceof Uint8Array && JSON.parse(gunzipSync(i.data as Uint8Array).toString('utf8')).body === JSON.stringify(first.body));
    expect(mine.length).toBeGreaterThan(0);
    for (const item of mine) {
      await documentClient().update({
        TableName: tableName('Idempotency'),
        Key: { id: item.id },
        UpdateExpression: 'SET #data = :answer',
        ExpressionAttributeNames: { '#data': 'data' },
        ExpressionAttributeValues: { ':answer': JSON.parse(gunzipSync(item.data as Uint8Array).toString('utf8')) },
      });
    }
    const { Item } = await documentClient().get({ TableName: tableName('Idempotency'), Key: { id: mine[0].id } });
    expect(Item?.data).toMatchObject({ statusCode: 200 });
    const replay = await validate(account_id, 'legacy');
    expect(replay.status).toBe(200);
    expect(replay.headers['Idempotent-Replayed']).toBe('true');
    expect(replay.body).toEqual(first.body);
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
