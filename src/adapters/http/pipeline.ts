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
import { once } from '../../shared/once';
import { endpointLabel, routeByName, type RouteDefinition } from '../../config/routes';
import { logger, REQUEST_ID_PATH } from '../observability/logger';
import { tracingMiddleware } from '../observability/tracer';
import { runWithinDeadline } from '../invocation/deadline';
import { errorHandler, requestIdHeader } from './error-handler';
import { jsonBody, rawBody, validatePathIds, validateRequest } from './request-middleware';
import { responseWithinLimit, resultWithinLimit, takesCursor } from './page-size';
import type { RouteName } from '../../config/routes';
import type {
  CoreFunction,
  Parsed,
  PublicRequest,
  ResponseOf,
  ResponseSpecs,
  RouteContract,
  RouteOptions,
  RouteRequest,
  RouteResponse,
  ValidatedEvent,
  WithContracts,
} from './route-types';

export type { RouteRequest, RouteResponse };

/** What every validated request hands its route, whoever sent it: body, query, path ids, headers, request id, raw bytes. */
export function requestFrom<B, Q>(event: ValidatedEvent): Omit<RouteRequest<B, Q>, 'accountId' | 'basePath'> {
  return {
    body: event.body as B,
    query: event.parsedQuery as Q,
    pathParameters: (event.pathParameters ?? {}) as Record<string, string>,
    headers: event.headers ?? {},
    requestId: event.requestContext.requestId,
    ...(event.rawBody !== undefined ? { rawBody: event.rawBody } : {}),
  };
}

export function routeRequestFrom<B, Q>(event: ValidatedEvent): RouteRequest<B, Q> {
  const accountId = event.requestContext?.authorizer?.accountId;
  // Only API Gateway (or the local server) sets this; without it the deployment is broken, not the client.
  if (typeof accountId !== 'string' || !accountId) throw new Error('No accountId in the authorizer context');
  return { accountId, ...requestFrom<B, Q>(event), basePath: basePathOf(event) };
}

export function toApiGatewayResult(response: RouteResponse): APIGatewayProxyResult {
  if (response.text !== undefined) return { statusCode: response.status, headers: { ...response.headers }, body: response.text };
  if (response.json !== undefined)
    return { statusCode: response.status, headers: { 'content-type': 'application/json', ...response.headers }, body: response.json };
  if (response.bytes !== undefined) {
    return { statusCode: response.status, headers: { ...response.headers }, body: response.bytes.toString('base64'), isBase64Encoded: true };
  }
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
  const get = once(() => tracingMiddleware<APIGatewayProxyEvent, APIGatewayProxyResult>());
  return {
    before: (request) => get()?.before?.(request),
    after: (request) => get()?.after?.(request),
    onError: (request) => get()?.onError?.(request),
  };
}

/** Wraps a core function (plain, or idempotent for billable routes) in the shared middleware. */
export function pipeline(
  route: RouteDefinition,
  schemas: { body?: z.ZodType; query?: z.ZodType; rawBody?: { readonly mediaTypes: readonly string[] } | undefined },
  core: CoreFunction,
) {
  // No early timeout answer from Middy (timeoutEarlyInMillis 0): it answers while the handler goes on writing. The
  // handler instead stops before a write when its deadline is near (src/adapters/invocation/deadline.ts).
  const withinDeadline = (event: APIGatewayProxyEvent, context: Context) =>
    runWithinDeadline(context?.getRemainingTimeInMillis?.(), () =>
      (core as (e: APIGatewayProxyEvent, c: Context) => Promise<APIGatewayProxyResult>)(event, context),
    );
  return (
    middy<APIGatewayProxyEvent, APIGatewayProxyResult>({ timeoutEarlyInMillis: 0 })
      .use(injectLambdaContext(logger, { resetKeys: true, correlationIdPath: REQUEST_ID_PATH }))
      .use(errorHandler(endpointLabel(route)))
      .use(requestIdHeader())
      .use(tracing())
      .use(httpHeaderNormalizer())
      // A raw body's media types are the ones the handler's contract declares (and the OpenAPI document shows).
      .use(route.rawBody ? rawBody(schemas.rawBody?.mediaTypes) : jsonBody(route.method))
      .use(validatePathIds(route))
      .use(validateRequest(schemas))
      .handler(withinDeadline)
  );
}

/** The handler, carrying the contracts of the routes it serves (read by the OpenAPI generator, never at run time). */
export const withContracts = <H extends object>(handler: H, ...contracts: RouteContract[]): H & WithContracts =>
  Object.assign(handler, { contracts: Object.fromEntries(contracts.map((c) => [c.route, c])) as WithContracts['contracts'] });

/** A plain route: validate, run, answer. */
export function httpRoute<B extends z.ZodType | undefined = undefined, Q extends z.ZodType | undefined = undefined, R extends ResponseSpecs = ResponseSpecs>(
  options: RouteOptions<B, Q, R>,
) {
  const route = routeByName(options.route);
  const paging = takesCursor(options.query);
  const core: CoreFunction = async (event) => {
    const response = await options.run(routeRequestFrom<Parsed<B>, Parsed<Q>>(event));
    return resultWithinLimit(toApiGatewayResult(paging ? responseWithinLimit(response) : response), options.askForLess);
  };
  return withContracts(pipeline(route, options, core), options);
}

/** A public route of a shared function: no key, no account, no body; only path parameters. */
export interface PublicRouteOptions<R extends ResponseSpecs> extends RouteContract {
  readonly responses: R;
  readonly run: (request: PublicRequest) => Promise<ResponseOf<R>>;
}

/** Types one public route's `run` against its documented responses (as httpRoute does). */
export const publicRoute = <R extends ResponseSpecs>(options: PublicRouteOptions<R>): PublicRouteOptions<ResponseSpecs> =>
  options as unknown as PublicRouteOptions<ResponseSpecs>;

/** The path the client sent: on the stage URL with the stage (`/live/v1/tax/rate`); on a custom domain and locally the route's path. */
export const fullPathOf = (event: ValidatedEvent): string => event.requestContext?.path ?? event.path;

/** `/live/docs` seen by API Gateway as `/docs` of stage live: the part before the route's path (empty on a custom domain mapped at its root, and locally). */
function basePathOf(event: ValidatedEvent): string {
  const full = fullPathOf(event);
  return full.endsWith(event.path) ? full.slice(0, full.length - event.path.length) : '';
}

/**
 * One function for several public routes (the documentation): the event's resource picks the route. Each route runs
 * through the same pipeline (errors, request id, validation); nothing reads an account.
 */
export function publicRoutes(...options: PublicRouteOptions<ResponseSpecs>[]) {
  const byResource = new Map<string, ReturnType<typeof pipeline>>(
    options.map((o) => {
      const route = routeByName(o.route as RouteName);
      if (!route.public) throw new Error(`Route ${route.name} is not public in src/config/routes.ts`);
      const core: CoreFunction = async (event) =>
        toApiGatewayResult(
          await o.run({
            pathParameters: (event.pathParameters ?? {}) as Record<string, string>,
            headers: event.headers ?? {},
            requestId: event.requestContext.requestId,
            basePath: basePathOf(event),
          }),
        );
      return [`${route.method} ${route.path}`, pipeline(route, o, core)] as const;
    }),
  );
  const handler = async (event: APIGatewayProxyEvent, context: Context): Promise<APIGatewayProxyResult> => {
    const routed = byResource.get(`${event.httpMethod} ${event.resource}`);
    // API Gateway sends only the resources this function is integrated with; anything else is a broken deployment.
    if (!routed) throw new Error(`No public route for ${event.httpMethod} ${event.resource}`);
    return routed(event, context);
  };
  return withContracts(handler, ...options);
}
