/**
 * Primary adapter: the structured JSON logger of every function (Powertools), created once per container. The
 * pipeline injects the Lambda context so each line carries the request id; Powertools reads its own settings
 * (POWERTOOLS_SERVICE_NAME, POWERTOOLS_LOG_LEVEL) from the environment the stack or the local runtime gives it.
 */
import { Logger } from '@aws-lambda-powertools/logger';

export const logger = new Logger();
