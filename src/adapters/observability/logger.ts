/**
 * Secondary adapter (observability): the structured JSON logger of every function (Powertools), created once per
 * container. The pipeline injects the Lambda context and the API Gateway request id as the correlation id, so every
 * line of a request can be found from the `Request-Id` a client reports. Powertools reads its own settings
 * (POWERTOOLS_SERVICE_NAME, POWERTOOLS_LOG_LEVEL) from the environment the stack or the local runtime gives it.
 */
import { Logger } from '@aws-lambda-powertools/logger';
import { search } from '@aws-lambda-powertools/logger/correlationId';

export const logger = new Logger({ correlationIdSearchFn: search });

/** Where API Gateway puts its request id in a REST proxy or REQUEST authorizer event. */
export const REQUEST_ID_PATH = 'requestContext.requestId';
