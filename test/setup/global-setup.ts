/**
 * Test setup: one in-memory DynamoDB Local for the whole run, with every table of src/config/tables.ts,
 * and the environment `npm start` gives the handlers, pointed at it. Jest workers inherit
 * process.env from here, so the stores find the endpoint and the test tables.
 */
import '../../local/quiet-sdk-warning';
import { ensureTables, startDynamoDbLocal } from '../../local/dynamodb/dynamodb-local';
import { applyLocalEnv } from '../../local/local-env';
import { TEST_TABLE_PREFIX } from './table-prefix';

export default async function globalSetup(): Promise<void> {
  const db = await startDynamoDbLocal();
  await ensureTables(db.endpoint, TEST_TABLE_PREFIX);
  applyLocalEnv(db.endpoint, { tablePrefix: TEST_TABLE_PREFIX });
  (globalThis as { levyTestDb?: typeof db }).levyTestDb = db;
}
