/**
 * Test setup (every test file, in its worker): keep the logs quiet; the database endpoint comes from global-setup,
 * the table names are the worker's own (table-prefix.ts).
 */
import '../../local/quiet-sdk-warning';
import { localTableEnv } from '../../src/config/tables';
import { TEST_TABLE_PREFIX } from './table-prefix';

Object.assign(process.env, localTableEnv(TEST_TABLE_PREFIX));

process.env.POWERTOOLS_LOG_LEVEL ??= 'SILENT';
