/**
 * Test setup of `npm run test:unit` (jest.unit.config.js): the environment global-setup gives the handlers (table
 * names, region, service name, a documents folder of the run's own), but no DynamoDB Local. The endpoint is a
 * closed port, so a unit test that reached for a database would fail at once (ECONNREFUSED), not hang or write
 * into the developer's `npm start` database.
 */
import '../../local/quiet-sdk-warning';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DOCUMENTS_DIR_ENV_VAR } from '../../src/config/documents';
import { applyLocalEnv } from '../../local/local-env';
import { TEST_TABLE_PREFIX } from './table-prefix';

export default function unitGlobalSetup(): void {
  process.env[DOCUMENTS_DIR_ENV_VAR] = mkdtempSync(join(tmpdir(), 'levy-test-documents-'));
  // Port 9 (discard): nothing listens there on a development machine or in CI.
  applyLocalEnv('http://127.0.0.1:9', { tablePrefix: TEST_TABLE_PREFIX });
}
