/**
 * Integration: an unexpected failure answers 500 `internal_error` with no internal detail and the request id, is
 * logged as structured JSON with that request id, and bills nothing: a call is billed only when its answer is kept
 * (with an Idempotency-Key) or sent (without one). The faults (DynamoDB refusing the write that keeps the answer and
 * bills it, or the usage write) are injected, since DynamoDB Local cannot fail on demand.
 */
import type { TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { callRoute, newTestAccount } from '../support/api';
import { interceptAttempts, interceptDynamoDb, type DocumentOperation } from '../support/dynamodb-calls';
import { SOURCE_MODE_ONLY, sourceModeOnly } from '../support/bundle-mode';

const faults = sourceModeOnly(SOURCE_MODE_ONLY.faultInjected);

/** Makes every DynamoDB call `fails` picks reject, until restored; answers how many were refused. */
function injectFailure(fails: (operation: DocumentOperation, input: Record<string, unknown>) => boolean): { refused: () => number } {
  let refused = 0;
  interceptDynamoDb(fails, () => {
    refused++;
    return Promise.reject(new Error('ProvisionedThroughputExceeded: secret internal detail'));
  });
  return { refused: () => refused };
}

/** A write to the table: alone (a keyless call's usage counter) or in a transaction (a keyed call's answer and bill). */
const writesTable = (operation: DocumentOperation, input: Record<string, unknown>, table: string) =>
  (operation === 'UpdateItem' && String(input.TableName).endsWith(table)) ||
  (operation === 'TransactWriteItems' && ((input as TransactWriteCommandInput).TransactItems ?? []).some((i) => String(i.Update?.TableName).endsWith(table)));

async function billed(accountId: string): Promise<number> {
  const res = await callRoute('usage-get', { accountId });
  return res.body.data.reduce((n: number, r: { count: number }) => n + r.count, 0);
}

faults.describe('unexpected failures', () => {
  afterEach(() => jest.restoreAllMocks());

  it('with a key: an answer that could not be kept is a bare 500, unbilled, and the key is released for one retry', async () => {
    const { account_id } = await newTestAccount();
    const logged: string[] = [];
    const capture = ((chunk: string) => logged.push(String(chunk)) > 0) as never;
    jest.spyOn(process.stdout, 'write').mockImplementation(capture);
    jest.spyOn(process.stderr, 'write').mockImplementation(capture);
    const { logger } = await import('../../src/adapters/observability/logger');
    const previousLevel = process.env.POWERTOOLS_LOG_LEVEL;
    logger.setLogLevel('ERROR');
    // Powertools keeps the answer through the SDK client itself (UpdateItem), below the document client.
    let refused = 0;
    const fault = { refused: () => refused };
    const { stop } = interceptAttempts(
      (operation, input) => operation === 'UpdateItem' && String(input.TableName).endsWith('Idempotency'),
      () => {
        refused++;
        return Promise.reject(new Error('ProvisionedThroughputExceeded: secret internal detail'));
      },
    );
    let res;
    try {
      res = await callRoute('tax-id-validate', { accountId: account_id, body: { tax_id: 'DE136695976' }, headers: { 'Idempotency-Key': 'retry-me' } });
    } finally {
      logger.setLogLevel((previousLevel as 'SILENT') ?? 'SILENT');
      stop();
      jest.restoreAllMocks();
    }
    expect(fault.refused()).toBe(1);
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ error: 'internal_error', message: expect.any(String), status: 500, request_id: res.headers['Request-Id'] });
    expect(JSON.stringify(res.body)).not.toMatch(/secret|Provisioned|at .*\.ts/);
    const errorLine = logged
      .map((l) => {
        try {
          return JSON.parse(l);
        } catch {
          return undefined;
        }
      })
      .find((l) => l?.level === 'ERROR');
    expect(errorLine).toMatchObject({ message: 'Unhandled error', function_request_id: expect.any(String), correlation_id: res.body.request_id });
    // The answer was not kept, so it was not billed; the key is free again.
    expect(await billed(account_id)).toBe(0);
    const retry = await callRoute('tax-id-validate', { accountId: account_id, body: { tax_id: 'DE136695976' }, headers: { 'Idempotency-Key': 'retry-me' } });
    expect(retry.status).toBe(200);
    expect(retry.body.valid).toBe(true);
    expect(retry.headers['Idempotent-Replayed']).toBeUndefined();
    expect(await billed(account_id)).toBe(1);
    // From now on the kept answer is replayed, free.
    const replay = await callRoute('tax-id-validate', { accountId: account_id, body: { tax_id: 'DE136695976' }, headers: { 'Idempotency-Key': 'retry-me' } });
    expect(replay.headers['Idempotent-Replayed']).toBe('true');
    expect(replay.body).toEqual(retry.body);
    expect(await billed(account_id)).toBe(1);
  });

  it('without a key: a call whose billing fails answers 500 and is not billed; the next one is billed once', async () => {
    const { account_id } = await newTestAccount();
    const fault = injectFailure((operation, input) => writesTable(operation, input, 'Usage'));
    const res = await callRoute('tax-id-validate', { accountId: account_id, body: { tax_id: 'DE136695976' } });
    jest.restoreAllMocks();
    expect(fault.refused()).toBe(1);
    expect(res.status).toBe(500);
    expect(await billed(account_id)).toBe(0);
    expect((await callRoute('tax-id-validate', { accountId: account_id, body: { tax_id: 'DE136695976' } })).status).toBe(200);
    expect(await billed(account_id)).toBe(1);
  });
});
