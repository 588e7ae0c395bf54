/**
 * Composition root of the billable routes: the idempotency store of one call (it carries the call's billing, so the
 * answer is kept and billed in one write), on the shared DynamoDB client, with the table names read on first use.
 */
import { DynamoDbIdempotencyStore, type BillableCall } from '../adapters/dynamodb/idempotency-store';
import { tableName } from '../config/environment';
import { usageStore } from './ports';

export const idempotencyStoreFor = (call: BillableCall): DynamoDbIdempotencyStore =>
  new DynamoDbIdempotencyStore(tableName('Idempotency'), usageStore(), call);

export type { BillableCall };
