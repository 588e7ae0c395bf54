/** Test setup (every worker): keep the logs quiet; the database env comes from global-setup. */
import '../../local/quiet-sdk-warning';

process.env.POWERTOOLS_LOG_LEVEL ??= 'SILENT';
