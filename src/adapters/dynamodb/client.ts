/**
 * Secondary adapter: the one DynamoDB client of a container, created on first use and then reused, so warm
 * invocations keep its connections: the lean client (lean-client.ts, not the AWS SDK; docs/dynamodb-client.md) behind
 * the documents facade the stores call (documents.ts). Points at DynamoDB Local when LEVY_DYNAMODB_ENDPOINT is set.
 * Each call is an X-Ray subsegment of the request's trace when tracing is built in (src/adapters/observability/tracer.ts).
 */
import { localDynamoDbEndpoint, localDynamoDbTimeoutMs } from '../../config/environment';
import { awsCallTracer } from '../observability/tracer';
import { DynamoDbDocuments } from './documents';
import { environmentCredentials } from '../aws/environment-credentials';
import { DynamoDbHttpClient } from './lean-client';
import { localDynamoDbClientConfig } from './local-client-config';
import type { AwsCredentials } from '../aws/sigv4';

let wire: DynamoDbHttpClient | undefined;
let documents: DynamoDbDocuments | undefined;

type CredentialsProvider = () => Promise<AwsCredentials>;
let credentialsProvider: CredentialsProvider | undefined;

/**
 * The CLI against the deployed tables (not bundled into a function): the SDK's credential chain (profiles, SSO, ...)
 * instead of the environment's credentials, for the clients made from now on.
 */
export function useDynamoDbCredentials(provider: CredentialsProvider | undefined): void {
  credentialsProvider = provider;
  closeDynamoDbClient();
}

export function dynamoDbClient(): DynamoDbHttpClient {
  if (!wire) {
    const endpoint = localDynamoDbEndpoint();
    const tracer = awsCallTracer('DynamoDB');
    if (endpoint) {
      const local = localDynamoDbClientConfig(endpoint);
      wire = new DynamoDbHttpClient({ region: local.region, endpoint: local.endpoint, credentials: () => local.credentials, tracer, requestTimeoutMs: localDynamoDbTimeoutMs() });
    } else {
      const region = process.env.AWS_REGION ?? process.env.AWS_DEFAULT_REGION;
      if (!region) throw new Error('No AWS region: set AWS_REGION (Lambda sets it) or LEVY_DYNAMODB_ENDPOINT for DynamoDB Local.');
      // The SDK's own endpoint overrides, so a tool pointed at a proxy or LocalStack keeps working.
      const endpointOverride = process.env.AWS_ENDPOINT_URL_DYNAMODB || process.env.AWS_ENDPOINT_URL || undefined;
      wire = new DynamoDbHttpClient({ region, endpoint: endpointOverride, credentials: credentialsProvider ?? environmentCredentials, tracer });
    }
  }
  return wire;
}

export function documentClient(): DynamoDbDocuments {
  documents ??= new DynamoDbDocuments(dynamoDbClient());
  return documents;
}

/** Closes the keep-alive sockets (a CLI or a test file ending); the next documentClient() opens a new client. */
export function closeDynamoDbClient(): void {
  wire?.destroy();
  wire = undefined;
  documents = undefined;
}
