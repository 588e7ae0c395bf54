/** Primary adapter (types): what a route's handler sees of a request, and what it answers. */
import type { APIGatewayProxyEvent, APIGatewayProxyResult, Context } from 'aws-lambda';
import type * as z from 'zod';
import type { RouteName } from '../../config/routes';

export interface RouteRequest<Body = unknown, Query = unknown> {
  readonly accountId: string;
  readonly body: Body;
  readonly query: Query;
  readonly pathParameters: Readonly<Record<string, string>>;
  readonly headers: Readonly<Record<string, string | undefined>>;
  readonly requestId: string;
}

export interface RouteResponse {
  readonly status: number;
  readonly body?: unknown;
  readonly headers?: Readonly<Record<string, string>>;
}

export type Parsed<S> = S extends z.ZodType ? z.output<S> : undefined;

export interface RouteOptions<BodySchema extends z.ZodType | undefined, QuerySchema extends z.ZodType | undefined> {
  /** Name of the route in src/config/routes.ts. */
  readonly route: RouteName;
  /** Schema of the JSON body; routes without one accept no body. */
  readonly body?: BodySchema;
  /** Schema of the query string; without one any query parameter is a 400. */
  readonly query?: QuerySchema;
  readonly run: (request: RouteRequest<Parsed<BodySchema>, Parsed<QuerySchema>>) => Promise<RouteResponse>;
}

/** The event after validateRequest: body and query replaced by their parsed, normalised values. */
export type ValidatedEvent = APIGatewayProxyEvent & { parsedQuery?: unknown };

export type CoreFunction = (event: ValidatedEvent, context: Context) => Promise<APIGatewayProxyResult>;
