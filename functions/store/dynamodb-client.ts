/**
 * Secondary adapter: the one DynamoDB client of a container, created once at module scope so
 * warm invocations reuse its connections. Points at DynamoDB Local when LEVY_DYNAMODB_ENDPOINT is set.
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { localDynamoDbEndpoint } from '../constants';
import { localDynamoDbClientConfig } from './local-client-config';

export const dynamoDbClient = new DynamoDBClient(localDynamoDbEndpoint ? localDynamoDbClientConfig(localDynamoDbEndpoint) : {});

export const documentClient = DynamoDBDocumentClient.from(dynamoDbClient, {
  marshallOptions: { removeUndefinedValues: true },
});
