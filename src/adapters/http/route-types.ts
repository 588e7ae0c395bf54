/**
 * Primary adapter (types): what a route's handler sees of a request, what it answers, and its contract: the schemas
 * and statuses the OpenAPI document describes (local/docs/openapi.ts reads them from the handlers themselves), so the
 * document and the code cannot say different things.
 */
import type { APIGatewayProxyEvent, APIGatewayProxyResult, Context } from 'aws-lambda';
import type * as z from 'zod';
import type { RouteErrorCode } from '../../config/error-codes';
import type { RouteName } from '../../config/routes';

export interface RouteRequest<Body = unknown, Query = unknown> {
  readonly accountId: string;
  readonly body: Body;
  readonly query: Query;
  readonly pathParameters: Readonly<Record<string, string>>;
  readonly headers: Readonly<Record<string, string | undefined>>;
  readonly requestId: string;
  /** The body's bytes, on a route whose body is not JSON (`rawBody` in src/config/routes.ts); empty when none was sent. */
  readonly rawBody?: Buffer;
  /** The path before the route's path: `/v1` behind API Gateway's stage, empty locally (for links Levy hands out). */
  readonly basePath?: string;
}

/** What a public route (no key, no account) sees: the request and where it was sent (for links under the stage). */
export interface PublicRequest {
  readonly pathParameters: Readonly<Record<string, string>>;
  readonly headers: Readonly<Record<string, string | undefined>>;
  readonly requestId: string;
  /** The path before the route's path: `/v1` behind API Gateway's stage, empty on the local server. */
  readonly basePath: string;
}

export interface RouteResponse {
  readonly status: number;
  /** Sent as JSON. */
  readonly body?: unknown;
  /** The JSON body already serialized: an answer the same for every caller, serialized once (the OpenAPI document). */
  readonly json?: string;
  /** Sent as is, with the Content-Type the route sets in `headers` (the docs page and its assets). */
  readonly text?: string;
  /** Sent as bytes (base64 to API Gateway), with the Content-Type the route sets in `headers`. */
  readonly bytes?: Buffer;
  readonly headers?: Readonly<Record<string, string>>;
}

/** One documented success answer of a route. */
export interface ResponseSpec {
  readonly description: string;
  /** The JSON body's schema; without it and without `mediaType`, no body (204). */
  readonly schema?: z.ZodType;
  /** A body that is not JSON (text), e.g. `text/html`, or the media types it may have. */
  readonly mediaType?: string | readonly string[];
  /** Headers the answer carries beyond the usual ones (e.g. a redirect's `Location`), each with what it says. */
  readonly headers?: Readonly<Record<string, string>>;
}

export type ResponseSpecs = Readonly<Record<number, ResponseSpec>>;

type BodyOf<Spec> = Spec extends { schema: infer Z extends z.ZodType } ? z.output<Z> : undefined;

/**
 * The answers `run` may give: one per documented status, with the body its schema describes. (NoInfer: the statuses
 * come from `responses` only, so a literal 201 in `run` stays 201 and an undocumented status fails the type check.)
 */
export type ResponseOf<R extends ResponseSpecs> = {
  [S in keyof R & number]: {
    readonly status: NoInfer<S>;
    readonly body?: NoInfer<BodyOf<R[S]>>;
    readonly json?: R[S] extends { schema: z.ZodType } ? string : never;
    readonly text?: R[S] extends { mediaType: string | readonly string[] } ? string : never;
    readonly bytes?: R[S] extends { mediaType: string | readonly string[] } ? Buffer : never;
    readonly headers?: Readonly<Record<string, string>>;
  };
}[keyof R & number];

export type Parsed<S> = S extends z.ZodType ? z.output<S> : undefined;

/** What the OpenAPI document is generated from, per route. */
export interface RouteContract {
  /** Name of the route in src/config/routes.ts. */
  readonly route: RouteName;
  /** Schema of the JSON body; routes without one accept no body. */
  readonly body?: z.ZodType;
  /** Schema of the query string; without one any query parameter is a 400. */
  readonly query?: z.ZodType;
  /** A body of bytes instead of JSON: its media types and what it is (the OpenAPI document's requestBody). */
  readonly rawBody?: { readonly mediaTypes: readonly string[]; readonly description: string };
  /** Schema of the path parameters when they are not record ids (`pathIds` in src/config/routes.ts says those). */
  readonly params?: z.ZodType;
  readonly responses: ResponseSpecs;
  /**
   * Error codes this route answers beyond those its traits imply (body, path ids, key, idempotency: see
   * local/docs/openapi.ts), from src/config/error-codes.ts.
   */
  readonly errors?: readonly RouteErrorCode[];
  /**
   * How a client asks for less (`from`, `to` ...), said by the 422 `response_too_large` of an answer over Lambda's
   * response limit (src/adapters/http/page-size.ts): only routes whose answer is not bounded otherwise can reach it.
   */
  readonly askForLess?: string;
}

export interface RouteOptions<
  BodySchema extends z.ZodType | undefined,
  QuerySchema extends z.ZodType | undefined,
  R extends ResponseSpecs,
> extends RouteContract {
  readonly body?: BodySchema;
  readonly query?: QuerySchema;
  readonly responses: R;
  readonly run: (request: RouteRequest<Parsed<BodySchema>, Parsed<QuerySchema>>) => Promise<ResponseOf<R>>;
}

/** A handler carries the contracts of the routes it serves, read by the OpenAPI generator and the contract tests. */
export interface WithContracts {
  readonly contracts: Readonly<Partial<Record<RouteName, RouteContract>>>;
}

/** The event after validateRequest: body and query replaced by their parsed, normalised values. */
export type ValidatedEvent = APIGatewayProxyEvent & { parsedQuery?: unknown; rawBody?: Buffer };

export type CoreFunction = (event: ValidatedEvent, context: Context) => Promise<APIGatewayProxyResult>;

/** The header that marks an answer replayed from an Idempotency-Key's kept answer (docs/api.md). */
export const REPLAYED_HEADER = 'Idempotent-Replayed';
