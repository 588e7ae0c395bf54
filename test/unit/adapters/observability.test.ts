/**
 * Unit: what operators read. The authorizer logs with API Gateway's request id as correlation id, and the functions'
 * custom metrics come out in CloudWatch's embedded metric format with the names and dimensions the dashboard reads.
 */
import { METRICS_NAMESPACE, metricNames } from '../../../src/config/metrics';

function captureStdout(): { lines: () => Record<string, unknown>[]; restore: () => void } {
  const written: string[] = [];
  const spy = jest.spyOn(process.stdout, 'write').mockImplementation(((s: string) => written.push(String(s)) > 0) as never);
  return {
    lines: () =>
      written
        .flatMap((w) => w.split('\n'))
        .filter(Boolean)
        .map((l) => JSON.parse(l) as Record<string, unknown>),
    restore: () => spy.mockRestore(),
  };
}

describe('authorizer logs', () => {
  it('carry the request id as correlation id', async () => {
    const { logger } = await import('../../../src/adapters/observability/logger');
    const { handler } = await import('../../../functions/authorizer/handler');
    logger.setLogLevel('INFO');
    const out = captureStdout();
    try {
      await expect(
        handler({
          type: 'REQUEST',
          methodArn: 'arn:aws:execute-api:us-east-1:1:api/v1/GET/vendors',
          headers: { Authorization: 'Bearer nope' },
          requestContext: { requestId: 'req-123' },
        } as never),
      ).rejects.toThrow('Unauthorized');
    } finally {
      out.restore();
      logger.setLogLevel('SILENT');
    }
    expect(out.lines()).toContainEqual(expect.objectContaining({ message: 'Refused API key', correlation_id: 'req-123', reason: 'missing or malformed' }));
  });
});

describe('custom metrics', () => {
  it('are EMF with the namespace, names and dimensions of src/config/metrics.ts', async () => {
    const previous = process.env.POWERTOOLS_METRICS_DISABLED;
    process.env.POWERTOOLS_METRICS_DISABLED = 'false';
    jest.resetModules();
    const metrics = await import('../../../src/adapters/observability/metrics');
    const out = captureStdout();
    try {
      metrics.countBillableCall('POST /v1/tax/rate');
      metrics.countIdempotentReplay('POST /v1/tax/rate');
      metrics.countError('GET /vendors', 'validation_error');
    } finally {
      out.restore();
      process.env.POWERTOOLS_METRICS_DISABLED = previous;
    }
    const emitted = out.lines();
    expect(emitted).toHaveLength(3);
    expect(emitted[0]).toMatchObject({ service: 'levy', endpoint: 'POST /v1/tax/rate', [metricNames.billableCalls]: 1 });
    expect(emitted[1]).toMatchObject({ [metricNames.idempotentReplays]: 1 });
    expect(emitted[2]).toMatchObject({ endpoint: 'GET /vendors', code: 'validation_error', [metricNames.errors]: 1 });
    const directive = (emitted[2]._aws as { CloudWatchMetrics: { Namespace: string; Dimensions: string[][] }[] }).CloudWatchMetrics[0];
    expect(directive.Namespace).toBe(METRICS_NAMESPACE);
    expect(directive.Dimensions).toEqual([['service', 'endpoint', 'code']]);
  });
});

describe('authorizer failures', () => {
  it('count AuthorizerFailures when the key table fails, and never for a refused key', async () => {
    const previous = process.env.POWERTOOLS_METRICS_DISABLED;
    process.env.POWERTOOLS_METRICS_DISABLED = 'false';
    jest.resetModules();
    const { documentClient } = await import('../../../src/adapters/dynamodb/client');
    const { handler } = await import('../../../functions/authorizer/handler');
    const { logger } = await import('../../../src/adapters/observability/logger');
    jest.spyOn(documentClient(), 'send').mockImplementation((() => Promise.reject(new Error('table unreachable'))) as never);
    const event = (authorization: string) =>
      ({
        type: 'REQUEST',
        methodArn: 'arn:aws:execute-api:us-east-1:1:api/v1/GET/vendors',
        headers: { Authorization: authorization },
        requestContext: { requestId: 'req-9' },
      }) as never;
    const out = captureStdout();
    try {
      await expect(handler(event('Bearer not-a-key'))).rejects.toThrow('Unauthorized');
      await expect(handler(event(`Bearer lvy_${'a'.repeat(43)}`))).rejects.toThrow('table unreachable');
    } finally {
      out.restore();
      jest.restoreAllMocks();
      logger.setLogLevel('SILENT');
      process.env.POWERTOOLS_METRICS_DISABLED = previous;
    }
    const counted = out.lines().filter((l) => metricNames.authorizerFailures in l);
    expect(counted).toEqual([expect.objectContaining({ service: 'levy', [metricNames.authorizerFailures]: 1 })]);
  });
});
