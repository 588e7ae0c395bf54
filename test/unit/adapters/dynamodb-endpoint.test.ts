/**
 * Unit: the DynamoDB adapter's endpoint choice. Every function of the stack declares LEVY_DYNAMODB_ENDPOINT with an
 * empty value (so `sam local invoke --env-vars` may set it); empty or unset must mean real AWS (the SDK's regional
 * endpoint and credential chain), a URL must mean that endpoint (DynamoDB Local).
 */
import { closeDynamoDbClient, dynamoDbClient } from '../../../src/adapters/dynamodb/client';
import { DYNAMODB_ENDPOINT_ENV_VAR, localDynamoDbEndpoint } from '../../../src/config/environment';

const saved = { endpoint: process.env[DYNAMODB_ENDPOINT_ENV_VAR], region: process.env.AWS_REGION };

afterEach(() => {
  closeDynamoDbClient();
  if (saved.endpoint === undefined) delete process.env[DYNAMODB_ENDPOINT_ENV_VAR];
  else process.env[DYNAMODB_ENDPOINT_ENV_VAR] = saved.endpoint;
  process.env.AWS_REGION = saved.region;
});

describe('LEVY_DYNAMODB_ENDPOINT', () => {
  it.each([
    ['empty (the stack default)', ''],
    ['unset', undefined],
  ])('%s: the client uses the AWS endpoint of the region', async (_label, value) => {
    if (value === undefined) delete process.env[DYNAMODB_ENDPOINT_ENV_VAR];
    else process.env[DYNAMODB_ENDPOINT_ENV_VAR] = value;
    process.env.AWS_REGION = 'eu-west-1';
    closeDynamoDbClient();
    expect(localDynamoDbEndpoint()).toBeUndefined();
    const config = dynamoDbClient().config;
    expect(config.isCustomEndpoint).toBe(false);
    expect(config.endpoint).toBeUndefined();
    const resolved = config.endpointProvider({ Region: await config.region() });
    expect(resolved.url.hostname).toBe('dynamodb.eu-west-1.amazonaws.com');
  });

  it('a URL: the client uses that endpoint, with the fixed local credentials', async () => {
    process.env[DYNAMODB_ENDPOINT_ENV_VAR] = 'http://host.docker.internal:8000';
    closeDynamoDbClient();
    const config = dynamoDbClient().config;
    expect(config.isCustomEndpoint).toBe(true);
    const endpoint = await config.endpoint!();
    expect(endpoint.hostname).toBe('host.docker.internal');
    expect(endpoint.port).toBe(8000);
    expect((await config.credentials()).accessKeyId).toBe('levylocal');
  });
});
