/** Test setup (every worker): point the stores at the test tables; keep the logs quiet. */
import '../../local/quiet-sdk-warning';
import { localTableEnv } from '../../lib/tables';
import { TEST_TABLE_PREFIX } from './table-prefix';

Object.assign(process.env, localTableEnv(TEST_TABLE_PREFIX), {
  AWS_REGION: 'us-east-1',
  POWERTOOLS_LOG_LEVEL: process.env.POWERTOOLS_LOG_LEVEL ?? 'SILENT',
});

