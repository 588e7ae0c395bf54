/**
 * Test setup: one in-memory DynamoDB Local for the whole run, with every table of src/config/tables.ts,
 * and the environment `npm start` gives the handlers, pointed at it. Jest workers inherit
 * process.env from here, so the stores find the endpoint and the test tables.
 */
import '../../local/quiet-sdk-warning';
import { startLocalDatabase } from '../../local/local-env';
import { TEST_TABLE_PREFIX } from './table-prefix';

export default async function globalSetup(): Promise<void> {
  const db = await startLocalDatabase({ tablePrefix: TEST_TABLE_PREFIX });
  (globalThis as { levyTestDb?: typeof db }).levyTestDb = db;
}
