/**
 * Unit: the DynamoDB adapter's endpoint choice. Every function of the stack declares LEVY_DYNAMODB_ENDPOINT with an
 * empty value (so `sam local invoke --env-vars` may set it); empty or unset must mean real AWS (the regional endpoint
 * and the environment's credentials), a URL must mean that endpoint (DynamoDB Local) with the fixed local credentials.
 */
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { closeDynamoDbClient, documentClient, dynamoDbClient } from '../../../src/adapters/dynamodb/client';
import { DYNAMODB_ENDPOINT_ENV_VAR, localDynamoDbEndpoint } from '../../../src/config/environment';

const saved = { ...process.env };

afterEach(() => {
  closeDynamoDbClient();
  process.env = { ...saved };
});

/** A fake DynamoDB answering `{}`, and the headers of what it was sent. */
async function withFakeDynamoDb(run: (url: string, seen: IncomingHttpHeaders[]) => Promise<void>): Promise<void> {
  const seen: IncomingHttpHeaders[] = [];
  const server = createServer((req, res) => {
    seen.push(req.headers);
    req.resume().on('end', () => res.writeHead(200, { 'content-type': 'application/x-amz-json-1.0' }).end('{}'));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  try {
    await run(`http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen);
  } finally {
    closeDynamoDbClient();
    server.close();
  }
}

describe('LEVY_DYNAMODB_ENDPOINT', () => {
  it.each([
    ['empty (the stack default)', ''],
    ['unset', undefined],
  ])('%s: the client uses the AWS endpoint of the region', async (_label, value) => {
    if (value === undefined) delete process.env[DYNAMODB_ENDPOINT_ENV_VAR];
    else process.env[DYNAMODB_ENDPOINT_ENV_VAR] = value;
    process.env.AWS_REGION = 'eu-west-1';
    delete process.env.AWS_ENDPOINT_URL_DYNAMODB;
    delete process.env.AWS_ENDPOINT_URL;
    closeDynamoDbClient();
    expect(localDynamoDbEndpoint()).toBeUndefined();
    expect(await dynamoDbClient().config.region()).toBe('eu-west-1');
    // No endpoint of ours: the SDK resolves the regional one (FIPS, dual-stack and partitions by its own rules).
    expect(dynamoDbClient().config.isCustomEndpoint).toBe(false);
  });

  it('a URL: the client sends to that endpoint, signed with the fixed local credentials', async () => {
    await withFakeDynamoDb(async (url, seen) => {
      process.env[DYNAMODB_ENDPOINT_ENV_VAR] = url;
      process.env.AWS_ACCESS_KEY_ID = 'AKIAENVIRONMENT';
      process.env.AWS_SECRET_ACCESS_KEY = 'not-for-local';
      closeDynamoDbClient();
      expect(await documentClient().get({ TableName: 't', Key: { id: 'x' } })).toMatchObject({ $metadata: { httpStatusCode: 200 } });
      expect(seen).toHaveLength(1);
      expect(seen[0].authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=levylocal\/\d{8}\/us-east-1\/dynamodb\/aws4_request, /);
      expect(seen[0]['x-amz-target']).toBe('DynamoDB_20120810.GetItem');
    });
  });

  it('host.docker.internal (SAM): that host and port', async () => {
    process.env[DYNAMODB_ENDPOINT_ENV_VAR] = 'http://host.docker.internal:8000';
    closeDynamoDbClient();
    expect(await dynamoDbClient().config.endpoint!()).toMatchObject({ hostname: 'host.docker.internal', port: 8000 });
  });

  it('AWS: the credentials of the environment (a function role), at AWS_ENDPOINT_URL_DYNAMODB when set', async () => {
    await withFakeDynamoDb(async (url, seen) => {
      delete process.env[DYNAMODB_ENDPOINT_ENV_VAR];
      Object.assign(process.env, {
        AWS_REGION: 'eu-central-1',
        AWS_ENDPOINT_URL_DYNAMODB: url,
        AWS_ACCESS_KEY_ID: 'ASIAROLE',
        AWS_SECRET_ACCESS_KEY: 's',
        AWS_SESSION_TOKEN: 'role-token',
      });
      closeDynamoDbClient();
      await documentClient().get({ TableName: 't', Key: { id: 'x' } });
      expect(seen[0].authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=ASIAROLE\/\d{8}\/eu-central-1\/dynamodb\/aws4_request, /);
      expect(seen[0]['x-amz-security-token']).toBe('role-token');
    });
  });

  it('AWS without a region: an error that says what to set', () => {
    delete process.env[DYNAMODB_ENDPOINT_ENV_VAR];
    delete process.env.AWS_REGION;
    delete process.env.AWS_DEFAULT_REGION;
    closeDynamoDbClient();
    expect(() => dynamoDbClient()).toThrow(/AWS_REGION/);
  });
});
