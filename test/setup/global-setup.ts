/**
 * Test setup: one in-memory DynamoDB Local for the whole run, with every table of lib/tables.ts.
 * Jest workers inherit process.env from here, so the stores find it through LEVY_DYNAMODB_ENDPOINT.
 */
import '../../local/quiet-sdk-warning';
import { ensureTables, startDynamoDbLocal } from '../../local/dynamodb';
import { TEST_TABLE_PREFIX } from './table-prefix';

export default async function globalSetup(): Promise<void> {
  const db = await startDynamoDbLocal();
  await ensureTables(db.endpoint, TEST_TABLE_PREFIX);
  process.env.LEVY_DYNAMODB_ENDPOINT = db.endpoint;
  (globalThis as { levyTestDb?: typeof db }).levyTestDb = db;
}
