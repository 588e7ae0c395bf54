/**
 * Shared infrastructure: the structured JSON logger of every function (Powertools), created once.
 * The pipeline injects the Lambda context so each line carries the request id.
 */
import { Logger } from '@aws-lambda-powertools/logger';

export const logger = new Logger({ serviceName: process.env.POWERTOOLS_SERVICE_NAME ?? 'levy' });
