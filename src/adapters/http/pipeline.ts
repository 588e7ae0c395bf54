/**
 * Primary adapter (shared by every route): the Middy pipeline that turns an API Gateway REST event
 * into a validated RouteRequest and any outcome into a JSON response or the spec's error body.
 *
 *   logger context (correlation id) -> error handler -> Request-Id header -> X-Ray segment
 *   -> header normalizer -> JSON body -> path ids -> zod validation -> run
 *
 * The logger comes first so that its keys (the correlation id) are still set when the error handler logs.
 */
import middy from '@middy/core';
import httpHeaderNormalizer from '@middy/http-header-normalizer';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import type { APIGatewayProxyEvent, APIGatewayProxyResult, Context } from 'aws-lambda';
import type * as z from 'zod';
import { endpointLabel, routeByName, type RouteDefinition } from '../../config/routes';
import { logger, REQUEST_ID_PATH } from '../observability/logger';
import { tracingMiddleware } from '../observability/tracer';
import { errorHandler, requestIdHeader } from './error-handler';
import { jsonBody, validatePathIds, validateRequest } from './request-middleware';
import type { CoreFunction, Parsed, RouteOptions, RouteRequest, RouteResponse, ValidatedEvent } from './route-types';

export type { RouteRequest, RouteResponse };

export function routeRequestFrom<B, Q>(event: ValidatedEvent): RouteRequest<B, Q> {
  const accountId = event.requestContext?.authorizer?.accountId;
  // Only API Gateway (or the local server) sets this; without it the deployment is broken, not the client.
  if (typeof accountId !== 'string' || !accountId) throw new Error('No accountId in the authorizer context');
  return {
    accountId,
    body: event.body as B,
    query: event.parsedQuery as Q,
    pathParameters: (event.pathParameters ?? {}) as Record<string, string>,
    headers: event.headers ?? {},
    requestId: event.requestContext.requestId,
  };
}

export function toApiGatewayResult(response: RouteResponse): APIGatewayProxyResult {
  const hasBody = response.body !== undefined && response.status !== 204;
  return {
    statusCode: response.status,
    headers: { ...(hasBody ? { 'content-type': 'application/json' } : {}), ...response.headers },
    body: hasBody ? JSON.stringify(response.body) : '',
  };
}

type Middleware = middy.MiddlewareObj<APIGatewayProxyEvent, APIGatewayProxyResult>;

/**
 * Powertools' X-Ray middleware, made on the first request (its Tracer reads the environment when made); nothing when
 * tracing is not built in (src/adapters/observability/tracer.ts).
 */
function tracing(): Middleware {
  let middleware: Middleware | undefined;
  let made = false;
  const get = () => {
    if (!made) {
      middleware = tracingMiddleware<APIGatewayProxyEvent, APIGatewayProxyResult>();
      made = true;
    }
    return middleware;
  };
  return {
    before: (request) => get()?.before?.(request),
    after: (request) => get()?.after?.(request),
    onError: (request) => get()?.onError?.(request),
  };
}

/** Wraps a core function (plain, or idempotent for billable routes) in the shared middleware. */
export function pipeline(
  route: RouteDefinition,
  schemas: { body?: z.ZodType; query?: z.ZodType },
  core: CoreFunction,
) {
  return middy<APIGatewayProxyEvent, APIGatewayProxyResult>()
    .use(injectLambdaContext(logger, { resetKeys: true, correlationIdPath: REQUEST_ID_PATH }))
    .use(errorHandler(endpointLabel(route)))
    .use(requestIdHeader())
    .use(tracing())
    .use(httpHeaderNormalizer())
    .use(jsonBody(route.method))
    .use(validatePathIds(route))
    .use(validateRequest(schemas))
    .handler(core as (event: APIGatewayProxyEvent, context: Context) => Promise<APIGatewayProxyResult>);
}

/** A plain route: validate, run, answer. */
export function httpRoute<B extends z.ZodType | undefined = undefined, Q extends z.ZodType | undefined = undefined>(
  options: RouteOptions<B, Q>,
) {
  const route = routeByName(options.route);
  const core: CoreFunction = async (event) =>
    toApiGatewayResult(await options.run(routeRequestFrom<Parsed<B>, Parsed<Q>>(event)));
  return pipeline(route, options, core);
}
