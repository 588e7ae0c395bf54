/**
 * Integration: an unexpected failure answers 500 `internal_error` with no internal detail, is
 * logged as structured JSON with the request id, and leaves no idempotency record behind, so the
 * client's retry with the same key runs. The fault (DynamoDB refusing the metering write) is
 * injected, since DynamoDB Local cannot fail on demand.
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient } from '../../src/adapters/dynamodb/client';
import { callRoute, newTestAccount } from '../support/api';

describe('unexpected failures', () => {
  afterEach(() => jest.restoreAllMocks());

  it('answers a bare 500, logs it with the request id, and lets the same key retry', async () => {
    const { account_id } = await newTestAccount();
    const realSend = documentClient().send.bind(documentClient());
    const send = jest.spyOn(documentClient(), 'send').mockImplementation(((command: unknown, ...rest: unknown[]) => {
      if (command instanceof UpdateCommand && String(command.input.TableName).endsWith('Usage')) {
        return Promise.reject(new Error('ProvisionedThroughputExceeded: secret internal detail'));
      }
      return (realSend as (...args: unknown[]) => unknown)(command, ...rest);
    }) as never);
    const logged: string[] = [];
    const previousLevel = process.env.POWERTOOLS_LOG_LEVEL;
    const capture = ((chunk: string) => logged.push(String(chunk)) > 0) as never;
    const writes = [jest.spyOn(process.stdout, 'write').mockImplementation(capture), jest.spyOn(process.stderr, 'write').mockImplementation(capture)];
    const { logger } = await import('../../src/adapters/http/logger');
    logger.setLogLevel('ERROR');
    try {
      const res = await callRoute('tax-id-validate', { accountId: account_id, body: { tax_id: 'DE136695976' }, headers: { 'Idempotency-Key': 'retry-me' } });
      expect(res.status).toBe(500);
      expect(res.body).toEqual({ error: 'internal_error', message: expect.any(String), status: 500 });
      expect(JSON.stringify(res.body)).not.toMatch(/secret|Provisioned|at .*\.ts/);
    } finally {
      logger.setLogLevel((previousLevel as 'SILENT') ?? 'SILENT');
      writes.forEach((w) => w.mockRestore());
      send.mockRestore();
    }
    const errorLine = logged.map((l) => { try { return JSON.parse(l); } catch { return undefined; } }).find((l) => l?.level === 'ERROR');
    expect(errorLine).toMatchObject({ message: 'Unhandled error', function_request_id: expect.any(String) });
    const retry = await callRoute('tax-id-validate', { accountId: account_id, body: { tax_id: 'DE136695976' }, headers: { 'Idempotency-Key': 'retry-me' } });
    expect(retry.status).toBe(200);
    expect(retry.body.valid).toBe(true);
  });
});
