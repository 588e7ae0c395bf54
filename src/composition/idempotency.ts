/**
 * Composition root of the billable routes: Powertools' DynamoDB persistence layer for idempotency records, built on
 * first use on the shared DynamoDB client (so only the three billable functions bundle Powertools idempotency).
 */
import { DynamoDBPersistenceLayer } from '@aws-lambda-powertools/idempotency/dynamodb';
import { dynamoDbClient } from '../adapters/dynamodb/client';
import { tableName } from '../config/environment';
import { once } from './once';

export const idempotencyPersistence = once(
  () => new DynamoDBPersistenceLayer({ tableName: tableName('Idempotency'), awsSdkV3Client: dynamoDbClient() }),
);
