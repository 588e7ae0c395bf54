/**
 * Secondary adapter (observability): the structured JSON logger of every function (Powertools), created once per
 * container. The pipeline injects the Lambda context and the API Gateway request id as the correlation id, so every
 * line of a request can be found from the `Request-Id` a client reports. Powertools reads its own settings
 * (POWERTOOLS_SERVICE_NAME, POWERTOOLS_LOG_LEVEL) from the environment the stack or the local runtime gives it.
 */
import { Logger } from '@aws-lambda-powertools/logger';

/** Where API Gateway puts its request id in a REST proxy or REQUEST authorizer event. */
export const REQUEST_ID_PATH = 'requestContext.requestId';

/**
 * The correlation id's look-up: a dotted path, all REQUEST_ID_PATH needs. Powertools' own (`correlationId`'s `search`)
 * is a JMESPath engine, 23 KB that every cold start would parse for this one path.
 */
export function valueAtPath(path: string, data: unknown): unknown {
  let value = data;
  for (const key of path.split('.')) value = value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined;
  return value;
}

export const logger = new Logger({ correlationIdSearchFn: valueAtPath });
