/**
 * Unit: with tracing built in and on (in Lambda), the container's DynamoDB client is instrumented by Powertools Tracer
 * (captureAWSv3Client): each call is an X-Ray `DynamoDB` subsegment of the function's segment, with its operation and
 * table, and the request carries the trace header. Outside Lambda (tracing off at run time) nothing is added. A fake
 * DynamoDB answers; the segment is a real aws-xray-sdk-core Segment.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Subsegment } from 'aws-xray-sdk-core';

let server: Server;
let endpoint: string;
const seen: IncomingHttpHeaders[] = [];
const saved = { ...process.env };

beforeAll(async () => {
  server = createServer((req, res) => {
    seen.push(req.headers);
    req
      .resume()
      .on('end', () => res.writeHead(200, { 'content-type': 'application/x-amz-json-1.0', 'x-amzn-requestid': 'REQ-7' }).end('{"Item":{"id":{"S":"x"}}}'));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((r) => server.close(r)));
afterEach(() => {
  process.env = { ...saved };
  jest.resetModules();
});

/** The client module as a function container loads it, with tracing built in; `inLambda` turns Powertools' tracing on. */
function freshClient(inLambda: boolean) {
  Object.assign(process.env, { LEVY_TRACING: 'on', LEVY_DYNAMODB_ENDPOINT: endpoint, POWERTOOLS_TRACE_ENABLED: String(inLambda) });
  // Powertools traces only in Lambda's execution environment, which sets AWS_EXECUTION_ENV.
  if (inLambda) Object.assign(process.env, { AWS_LAMBDA_FUNCTION_NAME: 'levy-tax-rate', AWS_EXECUTION_ENV: 'AWS_Lambda_nodejs22.x' });
  else delete process.env.AWS_EXECUTION_ENV;
  let client!: typeof import('../../../src/adapters/dynamodb/client');
  let xray!: typeof import('aws-xray-sdk-core');
  // The client made (so the tracer loaded) inside the isolated registry, with the X-Ray SDK of that same registry.
  jest.isolateModules(() => {
    client = require('../../../src/adapters/dynamodb/client');
    client.dynamoDbClient();
    xray = require('aws-xray-sdk-core');
  });
  return { ...client, xray };
}

describe('X-Ray subsegments of the DynamoDB client', () => {
  it('in Lambda: a call is a closed DynamoDB subsegment with its operation and table, and sends the trace header', async () => {
    const { documentClient, closeDynamoDbClient, xray } = freshClient(true);
    const segment = new xray.Segment('levy-tax-rate');
    seen.length = 0;
    try {
      await xray.getNamespace().runAndReturn(async () => {
        xray.setSegment(segment);
        await documentClient().get({ TableName: 'levy-Entities', Key: { id: 'x' } });
      });
    } finally {
      closeDynamoDbClient();
    }
    expect(segment.subsegments).toHaveLength(1);
    const sub = segment.subsegments![0] as Subsegment & Record<string, any>;
    expect(sub.name).toBe('DynamoDB');
    expect(sub.namespace).toBe('aws');
    expect(sub.aws).toMatchObject({ operation: 'GetItem', request_id: 'REQ-7', table_name: 'levy-Entities' });
    expect(sub.end_time).toEqual(expect.any(Number));
    expect(seen[0]['x-amzn-trace-id']).toContain(`Root=${segment.trace_id};Parent=${sub.id}`);
  });

  it('outside Lambda: no subsegment and no trace header', async () => {
    const { documentClient, closeDynamoDbClient } = freshClient(false);
    seen.length = 0;
    try {
      await documentClient().get({ TableName: 't', Key: { id: '1' } });
    } finally {
      closeDynamoDbClient();
    }
    expect(seen[0]['x-amzn-trace-id']).toBeUndefined();
  });
});
