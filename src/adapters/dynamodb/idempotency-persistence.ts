/**
 * Secondary adapter (DynamoDB, Idempotency table): Powertools' own DynamoDBPersistenceLayer on the container's SDK
 * client, one per route (makeIdempotent sets the layer's key prefix on each call, and the local server runs every
 * route in one process), with default attribute names (`id`, `expiration` = the table's TTL, `status`, `data`, ...).
 *
 * One thing of our own, because of a Powertools limitation (docs/dynamodb-client.md, "Idempotency"): the in-progress
 * claim is a conditional PutItem, and when the SDK retries it after a timeout whose first attempt did land, the retry
 * meets the call's own INPROGRESS record and Powertools answers IdempotencyAlreadyInProgressError to the very call that
 * holds the key. A record that is exactly the one this call just tried to write (INPROGRESS, same in-progress expiry
 * to the millisecond, same expiry and payload hash) is taken as this call's own claim.
 */
import { IdempotencyItemAlreadyExistsError, IdempotencyRecordStatus } from '@aws-lambda-powertools/idempotency';
import { DynamoDBPersistenceLayer } from '@aws-lambda-powertools/idempotency/dynamodb';
import type { IdempotencyRecord } from '@aws-lambda-powertools/idempotency/persistence';
import { dynamoDbClient } from './client';

const isOwnClaim = (existing: IdempotencyRecord, attempted: IdempotencyRecord): boolean =>
  existing.getStatus() === IdempotencyRecordStatus.INPROGRESS &&
  attempted.inProgressExpiryTimestamp !== undefined &&
  existing.inProgressExpiryTimestamp === attempted.inProgressExpiryTimestamp &&
  existing.expiryTimestamp === attempted.expiryTimestamp &&
  existing.payloadHash === attempted.payloadHash;

export class RetrySafeDynamoDBPersistenceLayer extends DynamoDBPersistenceLayer {
  protected override async _putRecord(record: IdempotencyRecord): Promise<void> {
    try {
      await super._putRecord(record);
    } catch (error) {
      const existing = error instanceof IdempotencyItemAlreadyExistsError ? error.existingRecord : undefined;
      if (existing && isOwnClaim(existing, record)) return;
      throw error;
    }
  }
}

const layers = new Map<string, RetrySafeDynamoDBPersistenceLayer>();

/** The persistence layer of one route, made once per container. */
export function idempotencyPersistence(route: string, tableName: string): RetrySafeDynamoDBPersistenceLayer {
  let layer = layers.get(route);
  if (!layer) {
    layer = new RetrySafeDynamoDBPersistenceLayer({ tableName, awsSdkV3Client: dynamoDbClient() });
    layers.set(route, layer);
  }
  return layer;
}
