/**
 * Primary adapter (shared by the URL-token routes): a route authenticated by a token in its URL (`urlToken` in
 * src/config/routes.ts), not by the bearer key. API Gateway passes no authorizer context, so the request has no
 * account: `run` resolves it from the token (and must touch nothing else). Same pipeline as every route (errors,
 * request id, validation).
 */
import type * as z from 'zod';
import { routeByName, type RouteName } from '../../config/routes';
import { pipeline, toApiGatewayResult, withContracts } from './pipeline';
import type { Parsed, ResponseOf, ResponseSpecs, RouteContract, ValidatedEvent } from './route-types';

/** What a URL-token route sees: the request without an account, and where it was sent (for links to itself). */
export interface UrlTokenRequest<Body = unknown, Query = unknown> {
  readonly body: Body;
  readonly query: Query;
  readonly pathParameters: Readonly<Record<string, string>>;
  readonly headers: Readonly<Record<string, string | undefined>>;
  readonly requestId: string;
  /** The body's bytes on a `rawBody` route. */
  readonly rawBody?: Buffer;
  /** The path the client sent (with API Gateway's stage, e.g. `/v1/...`; locally without): a page's form posts back to it. */
  readonly path: string;
}

export interface UrlTokenRouteOptions<B extends z.ZodType | undefined, Q extends z.ZodType | undefined, R extends ResponseSpecs> extends RouteContract {
  readonly body?: B;
  readonly query?: Q;
  readonly responses: R;
  readonly run: (request: UrlTokenRequest<Parsed<B>, Parsed<Q>>) => Promise<ResponseOf<R>>;
}

export function urlTokenRoute<B extends z.ZodType | undefined = undefined, Q extends z.ZodType | undefined = undefined, R extends ResponseSpecs = ResponseSpecs>(
  options: UrlTokenRouteOptions<B, Q, R>,
) {
  const route = routeByName(options.route as RouteName);
  if (!route.urlToken) throw new Error(`Route ${route.name} is not a urlToken route in src/config/routes.ts`);
  const core = async (event: ValidatedEvent) =>
    toApiGatewayResult(
      await options.run({
        body: event.body as Parsed<B>,
        query: event.parsedQuery as Parsed<Q>,
        pathParameters: (event.pathParameters ?? {}) as Record<string, string>,
        headers: event.headers ?? {},
        requestId: event.requestContext.requestId,
        path: event.requestContext?.path ?? event.path,
        ...(event.rawBody !== undefined ? { rawBody: event.rawBody } : {}),
      }),
    );
  return withContracts(pipeline(route, options, core), options);
}
