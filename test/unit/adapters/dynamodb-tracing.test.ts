/**
 * Unit: with tracing built in, every call of the lean DynamoDB client is an X-Ray subsegment as the X-Ray SDK's
 * captureAWSv3Client made them for the SDK client (named `DynamoDB`, namespace `aws`, operation, region, request id,
 * table; error, throttle and fault flags), and the request carries the trace header, unsigned. The function's
 * segment is a real aws-xray-sdk-core Segment handed out by the Powertools tracer; a fake DynamoDB answers.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Segment, type Subsegment } from 'aws-xray-sdk-core';
import { DynamoDbDocuments } from '../../../src/adapters/dynamodb/documents';
import { DynamoDbHttpClient } from '../../../src/adapters/dynamodb/lean-client';
import { awsCallTracer, levyTracer } from '../../../src/adapters/observability/tracer';

let server: Server;
let endpoint: string;
const seen: IncomingHttpHeaders[] = [];
let answer = { status: 200, body: '{}' };

beforeAll(async () => {
  // Tracing built in, as `-c tracing=true` bundles it (the local environment of the other tests leaves it out).
  process.env.LEVY_TRACING = 'on';
  server = createServer((req, res) => {
    seen.push(req.headers);
    req.resume().on('end', () => res.writeHead(answer.status, { 'content-type': 'application/x-amz-json-1.0', 'x-amzn-requestid': 'REQ-7' }).end(answer.body));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((r) => server.close(r)));
afterEach(() => jest.restoreAllMocks());

function tracedClient() {
  const segment = new Segment('levy-tax-rate');
  const tracer = levyTracer()!;
  jest.spyOn(tracer, 'isTracingEnabled').mockReturnValue(true);
  jest.spyOn(tracer, 'getSegment').mockReturnValue(segment);
  const wire = new DynamoDbHttpClient({
    region: 'eu-west-1',
    endpoint,
    credentials: () => ({ accessKeyId: 'AKIATRACE', secretAccessKey: 's' }),
    tracer: awsCallTracer('DynamoDB'),
    maxAttempts: 1,
  });
  return { segment, wire, documents: new DynamoDbDocuments(wire) };
}

const only = (segment: Segment) => {
  expect(segment.subsegments).toHaveLength(1);
  return segment.subsegments![0] as Subsegment & Record<string, unknown>;
};

describe('X-Ray subsegments of the lean DynamoDB client', () => {
  it('a call: a closed DynamoDB subsegment with the aws attributes, and the trace header sent unsigned', async () => {
    answer = { status: 200, body: '{"Item":{"id":{"S":"x"}}}' };
    const { segment, wire, documents } = tracedClient();
    seen.length = 0;
    try {
      await documents.get({ TableName: 'levy-Entities', Key: { id: 'x' } });
    } finally {
      wire.destroy();
    }
    const sub = only(segment);
    expect(sub.name).toBe('DynamoDB');
    expect(sub.namespace).toBe('aws');
    expect(sub.aws).toEqual({ operation: 'GetItem', region: 'eu-west-1', request_id: 'REQ-7', retries: 1, table_name: 'levy-Entities' });
    expect(sub.http).toEqual({ response: { status: 200 } });
    expect(sub.end_time).toEqual(expect.any(Number));
    expect(sub.error).toBeFalsy();
    expect(seen[0]['x-amzn-trace-id']).toBe(`Root=${segment.trace_id};Parent=${sub.id};Sampled=1`);
    expect(seen[0].authorization).not.toContain('x-amzn-trace-id');
  });

  it('a batch names its tables; a refused condition is an error (4xx), a throttled call is flagged', async () => {
    answer = { status: 200, body: '{"Responses":{}}' };
    let { segment, wire, documents } = tracedClient();
    await documents.batchGet({ RequestItems: { a: { Keys: [{ id: '1' }] }, b: { Keys: [{ id: '2' }] } } });
    wire.destroy();
    expect(only(segment).aws).toMatchObject({ operation: 'BatchGetItem', table_names: ['a', 'b'] });

    answer = { status: 400, body: '{"__type":"com.amazonaws.dynamodb.v20120810#ConditionalCheckFailedException","message":"The conditional request failed"}' };
    ({ segment, wire, documents } = tracedClient());
    await expect(documents.put({ TableName: 't', Item: { id: '1' } })).rejects.toMatchObject({ name: 'ConditionalCheckFailedException' });
    wire.destroy();
    let sub = only(segment);
    expect(sub.error).toBe(true);
    // close(error) adds the fault flag too, for the SDK's instrumentation as for this one (aws-xray-sdk-core addError).
    expect(sub.fault).toBe(true);
    expect(sub.http).toEqual({ response: { status: 400 } });
    expect(JSON.stringify(sub.cause)).toContain('ConditionalCheckFailedException');

    answer = { status: 400, body: '{"__type":"com.amazonaws.dynamodb.v20120810#ProvisionedThroughputExceededException","message":"slow"}' };
    ({ segment, wire, documents } = tracedClient());
    await expect(documents.get({ TableName: 't', Key: { id: '1' } })).rejects.toThrow('slow');
    wire.destroy();
    sub = only(segment);
    expect(sub.throttle).toBe(true);

    answer = { status: 500, body: '{"__type":"com.amazonaws.dynamodb.v20120810#InternalServerError","message":"boom"}' };
    ({ segment, wire, documents } = tracedClient());
    await expect(documents.get({ TableName: 't', Key: { id: '1' } })).rejects.toThrow('boom');
    wire.destroy();
    expect(only(segment).fault).toBe(true);
  });

  it('with tracing off at run time (outside Lambda), no subsegment and no header', async () => {
    answer = { status: 200, body: '{}' };
    const tracer = levyTracer()!;
    jest.spyOn(tracer, 'isTracingEnabled').mockReturnValue(false);
    const getSegment = jest.spyOn(tracer, 'getSegment');
    const wire = new DynamoDbHttpClient({ region: 'eu-west-1', endpoint, credentials: () => ({ accessKeyId: 'A', secretAccessKey: 's' }), tracer: awsCallTracer('DynamoDB') });
    seen.length = 0;
    await new DynamoDbDocuments(wire).get({ TableName: 't', Key: { id: '1' } });
    wire.destroy();
    expect(getSegment).not.toHaveBeenCalled();
    expect(seen[0]['x-amzn-trace-id']).toBeUndefined();
  });
});
