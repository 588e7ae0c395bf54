/**
 * Unit: the lean DynamoDB client on the wire, with the AWS SDK as the oracle (a dev-time dependency here only). For each
 * operation Levy uses, the SDK's document client (removeUndefinedValues, as the functions had it) and the lean
 * documents facade send the same input to the same fake DynamoDB: the bodies must be the same JSON (the SDK orders
 * members by its schema, the lean client as given: the same bytes in another order, so the same length), the protocol
 * headers equal, and, given the same canned answer, the outputs and the errors (name, message, fault, status,
 * CancellationReasons, Item) must be equal.
 */
import { createHash } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import {
  BatchGetCommand,
  BatchWriteCommand,
  DeleteCommand,
  DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  QueryCommand,
  ScanCommand,
  TransactWriteCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { DynamoDbDocuments, type DocumentOperation } from '../../../src/adapters/dynamodb/documents';
import { DynamoDbHttpClient } from '../../../src/adapters/dynamodb/lean-client';

interface Captured {
  headers: IncomingHttpHeaders;
  body: Buffer;
}
let server: Server;
let endpoint: string;
const captured: Captured[] = [];
let answer: { status: number; body: string } = { status: 200, body: '{}' };

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      captured.push({ headers: req.headers, body: Buffer.concat(chunks) });
      res.writeHead(answer.status, { 'content-type': 'application/x-amz-json-1.0', 'x-amzn-requestid': 'REQ123' }).end(answer.body);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((r) => server.close(r)));

const credentials = { accessKeyId: 'AKIAWIRE', secretAccessKey: 'wire-secret', sessionToken: 'wire-token' };
const region = 'eu-west-1';

function sdkClient() {
  const client = new DynamoDBClient({ region, endpoint, credentials, maxAttempts: 1 });
  return { client, documents: DynamoDBDocumentClient.from(client, { marshallOptions: { removeUndefinedValues: true } }) };
}
function leanClient() {
  const wire = new DynamoDbHttpClient({ region, endpoint, credentials: () => credentials, maxAttempts: 1 });
  return { wire, documents: new DynamoDbDocuments(wire) };
}

const bytes = (text: string) => new Uint8Array(Buffer.from(text));
/** An item with every kind of value the marshaller handles, undefined ones included (removed). */
const richItem = {
  account_id: 'acct_1',
  id: 'ent_é',
  name: 'Müller & Söhne — 日本 🧾',
  empty: '',
  count: 42,
  rate: 0.0625,
  negative: -1.5,
  big: Number.MAX_SAFE_INTEGER,
  yes: true,
  no: false,
  nothing: null,
  gone: undefined,
  blob: bytes('gzip\u0000bytes'),
  buffer: Buffer.from([0, 1, 2, 255]),
  tags: new Set(['a', 'b']),
  numbers: new Set([1, 2.5]),
  nested: { deeper: { list: [1, 'two', { three: 3, gone: undefined }, null, [true]] }, gone: undefined },
};
const key = { account_id: 'acct_1', id: 'ent_é' };
const wireItem = {
  account_id: { S: 'acct_1' },
  data: { B: Buffer.from('compressed answer').toString('base64') },
  sets: { BS: [Buffer.from('x').toString('base64'), Buffer.from('y').toString('base64')] },
  n: { N: '12.50' },
  ns: { NS: ['1', '2'] },
  ss: { SS: ['s'] },
  m: { M: { l: { L: [{ S: 'é' }, { NULL: true }, { BOOL: false }, { M: { b: { B: 'AAE=' } } }] } } },
};
const wireKey = { account_id: { S: 'acct_1' }, id: { S: 'ent_9' } };
const consumed = { TableName: 'levy-Entities', CapacityUnits: 1 };
const collectionMetrics = { ItemCollectionKey: { account_id: { S: 'acct_1' } }, SizeEstimateRangeGB: [0, 1] };

interface Case {
  operation: DocumentOperation;
  input: Record<string, unknown>;
  sdkCommand: (input: never) => object;
  answer: Record<string, unknown>;
}
const cases: Case[] = [
  {
    operation: 'GetItem',
    input: { TableName: 'levy-Entities', Key: key, ConsistentRead: true, ProjectionExpression: '#d', ExpressionAttributeNames: { '#d': 'date' }, ReturnConsumedCapacity: 'TOTAL' },
    sdkCommand: (i) => new GetCommand(i),
    answer: { Item: wireItem, ConsumedCapacity: consumed },
  },
  {
    operation: 'PutItem',
    input: {
      TableName: 'levy-Entities',
      Item: richItem,
      ConditionExpression: 'attribute_not_exists(id) OR expiration < :now',
      ExpressionAttributeValues: { ':now': 1_700_000_000.5 },
      ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
      ReturnValues: 'ALL_OLD',
      ReturnItemCollectionMetrics: 'SIZE',
    },
    sdkCommand: (i) => new PutCommand(i),
    answer: { Attributes: wireItem, ItemCollectionMetrics: collectionMetrics },
  },
  {
    operation: 'UpdateItem',
    input: {
      TableName: 'levy-Usage',
      Key: key,
      UpdateExpression: 'ADD #count :one SET #date = :date, tags = :tags, blob = :blob',
      ConditionExpression: 'attribute_exists(id)',
      ExpressionAttributeNames: { '#count': 'count', '#date': 'date' },
      ExpressionAttributeValues: { ':one': 1, ':date': '2026-03-05', ':tags': new Set(['x']), ':blob': bytes('é'), ':map': { a: undefined, b: 1 } },
      ReturnValues: 'ALL_NEW',
    },
    sdkCommand: (i) => new UpdateCommand(i),
    answer: { Attributes: wireItem },
  },
  {
    operation: 'DeleteItem',
    input: { TableName: 'levy-Vendors', Key: key, ConditionExpression: 'attribute_exists(id)', ReturnValues: 'ALL_OLD' },
    sdkCommand: (i) => new DeleteCommand(i),
    answer: { Attributes: wireItem, ConsumedCapacity: consumed },
  },
  {
    operation: 'Query',
    input: {
      TableName: 'levy-Transactions',
      IndexName: 'by-date',
      KeyConditionExpression: 'account_id = :account AND date_id BETWEEN :from AND :to',
      ExpressionAttributeValues: { ':account': 'acct_1', ':from': '2026-02-14', ':to': '2026-02-14~' },
      ExclusiveStartKey: { account_id: 'acct_1', sk: 'txn#b', date_id: '2026-02-14#b' },
      ScanIndexForward: false,
      Limit: 2,
      ConsistentRead: true,
    },
    sdkCommand: (i) => new QueryCommand(i),
    answer: { Items: [wireItem, { account_id: { S: 'acct_2' } }], Count: 2, ScannedCount: 2, LastEvaluatedKey: wireKey },
  },
  {
    operation: 'Scan',
    input: { TableName: 'levy-ApiKeys', FilterExpression: 'key_id = :value OR begins_with(prefix, :value)', ExpressionAttributeValues: { ':value': 'lvy_ab' }, ExclusiveStartKey: key },
    sdkCommand: (i) => new ScanCommand(i),
    answer: { Items: [], Count: 0, ScannedCount: 5 },
  },
  {
    operation: 'BatchGetItem',
    input: {
      RequestItems: {
        'levy-Rates': { Keys: [{ zip: '90001', state: 'CA#2026-03' }, { zip: '10001', state: 'NY' }], ProjectionExpression: 'zip, #sk', ExpressionAttributeNames: { '#sk': 'state' } },
        'levy-KeyActivity': { Keys: [{ key_id: 'key_1' }], ConsistentRead: true },
      },
    },
    sdkCommand: (i) => new BatchGetCommand(i),
    answer: {
      Responses: { 'levy-Rates': [wireItem], 'levy-KeyActivity': [] },
      UnprocessedKeys: { 'levy-KeyActivity': { Keys: [{ key_id: { S: 'key_1' } }], ConsistentRead: true } },
    },
  },
  {
    operation: 'BatchWriteItem',
    input: {
      RequestItems: {
        'levy-Rates': [{ PutRequest: { Item: richItem } }, { DeleteRequest: { Key: { zip: '90001', state: 'CA' } } }],
      },
      ReturnItemCollectionMetrics: 'SIZE',
    },
    sdkCommand: (i) => new BatchWriteCommand(i),
    answer: {
      UnprocessedItems: { 'levy-Rates': [{ PutRequest: { Item: wireItem } }, { DeleteRequest: { Key: wireKey } }] },
      ItemCollectionMetrics: { 'levy-Rates': [collectionMetrics] },
    },
  },
  {
    operation: 'TransactWriteItems',
    input: {
      TransactItems: [
        { Put: { TableName: 'levy-Transactions', Item: richItem, ConditionExpression: 'attribute_not_exists(sk)' } },
        {
          Update: {
            TableName: 'levy-Exposure',
            Key: { account_id: 'acct_1', sk: 'a#EUR#DE' },
            UpdateExpression: 'SET #period = :period ADD #tax :tax',
            ConditionExpression: 'attribute_not_exists(#tax) OR #tax <= :ceiling',
            ExpressionAttributeNames: { '#period': 'period', '#tax': 'tax' },
            ExpressionAttributeValues: { ':period': 'all', ':tax': 19, ':ceiling': Number.MAX_SAFE_INTEGER - 19 },
          },
        },
        { Delete: { TableName: 'levy-Idempotency', Key: { id: 'k' }, ConditionExpression: '#status = :s', ExpressionAttributeNames: { '#status': 'status' }, ExpressionAttributeValues: { ':s': 'INPROGRESS' } } },
        { ConditionCheck: { TableName: 'levy-Accounts', Key: { account_id: 'acct_1' }, ConditionExpression: 'attribute_exists(account_id)' } },
      ],
      ClientRequestToken: 'token-1',
    },
    sdkCommand: (i) => new TransactWriteCommand(i),
    answer: { ItemCollectionMetrics: { 'levy-Transactions': [collectionMetrics] } },
  },
];

/** What both clients must send alike: everything but the SDK's own telemetry headers and the signature itself. */
const PROTOCOL_HEADERS = ['host', 'content-type', 'x-amz-target', 'content-length', 'x-amz-security-token'];
const withoutMetadata = (output: object) => {
  const { $metadata, ...rest } = output as { $metadata?: unknown };
  void $metadata;
  return rest;
};

async function sendBoth(c: Case) {
  captured.length = 0;
  const sdk = sdkClient();
  const lean = leanClient();
  try {
    const sdkResult = await sdk.documents.send(c.sdkCommand(c.input as never) as never).then(
      (output) => ({ output: output as object }),
      (error: unknown) => ({ error: error as Record<string, unknown> }),
    );
    const leanResult = await lean.documents.send(c.operation, c.input as never).then(
      (output) => ({ output: output as object }),
      (error: unknown) => ({ error: error as Record<string, unknown> }),
    );
    expect(captured).toHaveLength(2);
    return { sdk: captured[0], lean: captured[1], sdkResult, leanResult };
  } finally {
    sdk.client.destroy();
    lean.wire.destroy();
  }
}

describe('the lean client on the wire, against the SDK', () => {
  it.each(cases)('$operation: the same request, and the same output from the same answer', async (c) => {
    answer = { status: 200, body: JSON.stringify(c.answer) };
    const { sdk, lean, sdkResult, leanResult } = await sendBoth(c);
    expect(JSON.parse(lean.body.toString('utf8'))).toEqual(JSON.parse(sdk.body.toString('utf8')));
    expect(lean.headers['x-amz-content-sha256']).toBe(createHash('sha256').update(lean.body).digest('hex'));
    for (const name of PROTOCOL_HEADERS) expect([name, lean.headers[name]]).toEqual([name, sdk.headers[name]]);
    expect(lean.headers.authorization).toMatch(new RegExp(`^AWS4-HMAC-SHA256 Credential=AKIAWIRE/\\d{8}/${region}/dynamodb/aws4_request, SignedHeaders=`));
    expect(lean.headers['x-amz-date']).toMatch(/^\d{8}T\d{6}Z$/);
    expect('error' in leanResult ? leanResult.error : undefined).toBeUndefined();
    expect('error' in sdkResult ? sdkResult.error : undefined).toBeUndefined();
    const sdkOutput = (sdkResult as { output: object }).output;
    const leanOutput = (leanResult as { output: object }).output;
    expect(withoutMetadata(leanOutput)).toEqual(withoutMetadata(sdkOutput));
    expect((leanOutput as { $metadata: object }).$metadata).toMatchObject({ httpStatusCode: 200, requestId: 'REQ123', attempts: 1 });
  });

  const errors = [
    {
      label: 'a refused condition, with the old item (ReturnValuesOnConditionCheckFailure)',
      status: 400,
      body: { __type: 'com.amazonaws.dynamodb.v20120810#ConditionalCheckFailedException', message: 'The conditional request failed', Item: wireItem },
    },
    {
      label: 'a cancelled transaction, with its reasons and an old item',
      status: 400,
      body: {
        __type: 'com.amazonaws.dynamodb.v20120810#TransactionCanceledException',
        Message: 'Transaction cancelled, please refer cancellation reasons for specific reasons [None, ConditionalCheckFailed]',
        CancellationReasons: [{ Code: 'None' }, { Code: 'ConditionalCheckFailed', Message: 'The conditional request failed', Item: wireItem }],
      },
    },
    { label: 'a validation error', status: 400, body: { __type: 'com.amazon.coral.validate#ValidationException', message: 'One or more parameter values were invalid' } },
    { label: 'a server error', status: 500, body: { __type: 'com.amazonaws.dynamodb.v20120810#InternalServerError', message: 'Internal server error' } },
  ];

  it.each(errors)('$label: the same error', async ({ status, body }) => {
    answer = { status, body: JSON.stringify(body) };
    const { sdkResult, leanResult } = await sendBoth(cases[1]);
    const sdkError = (sdkResult as { error: Record<string, unknown> }).error;
    const leanError = (leanResult as { error: Record<string, unknown> }).error;
    expect(leanError).toBeInstanceOf(Error);
    for (const field of ['name', 'message', '$fault', 'CancellationReasons', 'Item']) expect([field, leanError[field]]).toEqual([field, sdkError[field]]);
    expect(leanError.$metadata).toMatchObject({ httpStatusCode: status, requestId: 'REQ123' });
    expect((sdkError.$metadata as object)).toMatchObject({ httpStatusCode: status, requestId: 'REQ123' });
  });
});
