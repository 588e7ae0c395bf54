/**
 * Secondary adapter: the one DynamoDB client of a container, created on first use and then reused, so warm
 * invocations keep its connections. Points at DynamoDB Local when LEVY_DYNAMODB_ENDPOINT is set. Instrumented for
 * X-Ray, so each table call is a subsegment of the request's trace (when tracing is built in; src/adapters/observability/tracer.ts).
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { localDynamoDbEndpoint } from '../../config/environment';
import { levyTracer } from '../observability/tracer';
import { localDynamoDbClientConfig } from './local-client-config';

let client: DynamoDBClient | undefined;
let documents: DynamoDBDocumentClient | undefined;

export function dynamoDbClient(): DynamoDBClient {
  if (!client) {
    const endpoint = localDynamoDbEndpoint();
    const made = new DynamoDBClient(endpoint ? localDynamoDbClientConfig(endpoint) : {});
    const tracer = levyTracer();
    client = tracer ? tracer.captureAWSv3Client(made) : made;
  }
  return client;
}

export function documentClient(): DynamoDBDocumentClient {
  documents ??= DynamoDBDocumentClient.from(dynamoDbClient(), { marshallOptions: { removeUndefinedValues: true } });
  return documents;
}

/** Closes the keep-alive sockets (a CLI or a test file ending); the next documentClient() opens a new client. */
export function closeDynamoDbClient(): void {
  client?.destroy();
  client = undefined;
  documents = undefined;
}
