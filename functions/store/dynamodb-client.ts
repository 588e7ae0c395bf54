/**
 * Secondary adapter: the one DynamoDB client of a container, created once at module scope so
 * warm invocations reuse its connections. Points at DynamoDB Local when LEVY_DYNAMODB_ENDPOINT is set.
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { localDynamoDbEndpoint } from '../constants';

/** DynamoDB Local accepts any credentials, but the access key id must be alphanumeric. */
const localClientConfig = {
  endpoint: localDynamoDbEndpoint,
  region: process.env.AWS_REGION ?? 'us-east-1',
  credentials: { accessKeyId: 'levylocal', secretAccessKey: 'levylocal' },
};

export const dynamoDbClient = new DynamoDBClient(localDynamoDbEndpoint ? localClientConfig : {});

export const documentClient = DynamoDBDocumentClient.from(dynamoDbClient, {
  marshallOptions: { removeUndefinedValues: true },
});
