/**
 * Test setup: one in-memory DynamoDB Local for the whole run, with every table of src/config/tables.ts once for each
 * Jest worker (table-prefix.ts), and the environment `npm start` gives the handlers, pointed at it. Jest workers
 * inherit process.env from here, so the stores find the endpoint; env.ts names each worker's own tables.
 * With LEVY_LOCAL_BUNDLES=1 the stack is synthesized here, once (local/bundles/synth.ts), and Node 22 installed, so
 * that every worker's servers serve the same bundles (LEVY_BUNDLES_CDK_OUT); LEVY_ENFORCE_IAM=1 then holds them to
 * their grants (docs/local.md).
 */
import '../../local/quiet-sdk-warning';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DOCUMENTS_DIR_ENV_VAR } from '../../src/config/documents';
import { ensureTables } from '../../local/dynamodb/dynamodb-local';
import { startLocalDatabase } from '../../local/local-env';
import { bundleModeRequested } from '../../local/bundles/local-bundles';
import { ensureNode22 } from '../../local/bundles/node22';
import { BUNDLES_CDK_OUT_ENV_VAR, ensureSynthesized } from '../../local/bundles/synth';
import { TEST_TABLE_PREFIX, workerTablePrefix } from './table-prefix';

export default async function globalSetup(globalConfig: { maxWorkers: number }): Promise<void> {
  // Certificate documents of the run go to a folder of their own, not the developer's .levy/documents.
  process.env[DOCUMENTS_DIR_ENV_VAR] = mkdtempSync(join(tmpdir(), 'levy-test-documents-'));
  if (bundleModeRequested()) {
    ensureNode22();
    process.env[BUNDLES_CDK_OUT_ENV_VAR] = ensureSynthesized().dir;
  }
  const db = await startLocalDatabase({ tablePrefix: TEST_TABLE_PREFIX });
  for (let worker = 2; worker <= globalConfig.maxWorkers; worker++) await ensureTables(db.endpoint, workerTablePrefix(String(worker)));
  (globalThis as { levyTestDb?: typeof db }).levyTestDb = db;
}
