/**
 * Composition root of the keyed routes: the Powertools persistence layer of one route (src/adapters/dynamodb/
 * idempotency-persistence.ts) on the container's DynamoDB client, with the table name read on first use.
 */
import { idempotencyPersistence } from '../adapters/dynamodb/idempotency-persistence';
import { tableName } from '../config/environment';

export const idempotencyPersistenceOf = (route: string) => idempotencyPersistence(route, tableName('Idempotency'));
