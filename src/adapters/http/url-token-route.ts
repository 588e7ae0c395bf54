/**
 * Primary adapter (shared by the URL-token routes): a route authenticated by a token in its URL (`urlToken` in
 * src/config/routes.ts), not by the bearer key. API Gateway passes no authorizer context, so the request has no
 * account: `run` resolves it from the token (and must touch nothing else). Same pipeline as every route (errors,
 * request id, validation).
 */
import type * as z from 'zod';
import { routeByName, type RouteName } from '../../config/routes';
import { fullPathOf, pipeline, requestFrom, toApiGatewayResult, withContracts } from './pipeline';
import { resultWithinLimit } from './page-size';
import type { Parsed, ResponseOf, ResponseSpecs, RouteContract, RouteRequest, ValidatedEvent } from './route-types';

/** What a URL-token route sees: a keyed route's request without an account, and where it was sent (for links to itself). */
export type UrlTokenRequest<Body = unknown, Query = unknown> = Omit<RouteRequest<Body, Query>, 'accountId' | 'basePath'> & {
  /** The path the client sent (with API Gateway's stage, e.g. `/v1/...`; locally without): a page's form posts back to it. */
  readonly path: string;
};

export interface UrlTokenRouteOptions<B extends z.ZodType | undefined, Q extends z.ZodType | undefined, R extends ResponseSpecs> extends RouteContract {
  readonly body?: B;
  readonly query?: Q;
  readonly responses: R;
  readonly run: (request: UrlTokenRequest<Parsed<B>, Parsed<Q>>) => Promise<ResponseOf<R>>;
}

export function urlTokenRoute<
  B extends z.ZodType | undefined = undefined,
  Q extends z.ZodType | undefined = undefined,
  R extends ResponseSpecs = ResponseSpecs,
>(options: UrlTokenRouteOptions<B, Q, R>) {
  const route = routeByName(options.route as RouteName);
  if (!route.urlToken) throw new Error(`Route ${route.name} is not a urlToken route in src/config/routes.ts`);
  const core = async (event: ValidatedEvent) =>
    resultWithinLimit(toApiGatewayResult(await options.run({ ...requestFrom<Parsed<B>, Parsed<Q>>(event), path: fullPathOf(event) })), options.askForLess);
  return withContracts(pipeline(route, options, core), options);
}
