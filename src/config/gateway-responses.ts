/**
 * Config (single source of truth): the bodies API Gateway itself answers with (authorizer refusal, unknown route,
 * body too large, throttling ...), in the spec's error shape `{error, message, status}` plus `request_id`. The stack
 * turns each into a GatewayResponse (API Gateway fills in the request id); the local server answers the same cases
 * with the same bodies. Pure data: no AWS import.
 */

/** The header Levy's functions name their answer's request with (API Gateway's request id). */
export const REQUEST_ID_HEADER = 'Request-Id';

/**
 * The header API Gateway itself names every answer's request with, its own errors included. A gateway response can
 * map only request parameters and literals to headers, so on API Gateway's own errors the id is here and in the
 * body's `request_id`, not in `Request-Id`.
 */
export const API_GATEWAY_REQUEST_ID_HEADER = 'x-amzn-RequestId';

/** Where API Gateway's response templates put the request id (a VTL variable it substitutes). */
export const GATEWAY_REQUEST_ID = '$context.requestId';

export interface GatewayErrorDefinition {
  /** API Gateway response type (ResponseType in aws-cdk-lib). */
  readonly type: string;
  readonly status: number;
  readonly error: string;
  readonly message: string;
  /** Extra response headers, by name. */
  readonly headers?: Readonly<Record<string, string>>;
}

/** A path no route matches: where every route is listed, on this very API (the README's table is not at hand). */
export const ROUTE_NOT_FOUND_MESSAGE =
  'No route matches this method and path. Every route, with its fields and errors, is listed at /docs (the reference page) and /openapi.json (the OpenAPI document).';

export const gatewayErrors = [
  {
    type: 'UNAUTHORIZED',
    status: 401,
    error: 'unauthorized',
    message: 'Missing or invalid API key. Send the header "Authorization: Bearer <api key>".',
    headers: { 'WWW-Authenticate': 'Bearer' },
  },
  { type: 'ACCESS_DENIED', status: 403, error: 'access_denied', message: 'This API key is not allowed to call this route.' },
  { type: 'MISSING_AUTHENTICATION_TOKEN', status: 404, error: 'route_not_found', message: ROUTE_NOT_FOUND_MESSAGE },
  { type: 'RESOURCE_NOT_FOUND', status: 404, error: 'route_not_found', message: ROUTE_NOT_FOUND_MESSAGE },
  { type: 'REQUEST_TOO_LARGE', status: 413, error: 'request_too_large', message: 'The request body is larger than the 10 MB API Gateway accepts.' },
  {
    type: 'THROTTLED',
    status: 429,
    error: 'rate_limited',
    message: "Too many requests for this account's plan. Retry after the Retry-After seconds, with exponential backoff.",
    headers: { 'Retry-After': '1' },
  },
  { type: 'QUOTA_EXCEEDED', status: 429, error: 'quota_exceeded', message: "This account's daily request quota is used up; it resets at 00:00 UTC." },
  { type: 'UNSUPPORTED_MEDIA_TYPE', status: 415, error: 'unsupported_media_type', message: 'Send the request body as application/json.' },
  { type: 'BAD_REQUEST_BODY', status: 400, error: 'validation_error', message: 'The request body is not valid.' },
  { type: 'BAD_REQUEST_PARAMETERS', status: 400, error: 'validation_error', message: 'The request parameters are not valid.' },
  {
    type: 'INVALID_API_KEY',
    status: 403,
    error: 'access_denied',
    message: "This account has no usage plan; ask the operator to run 'levy accounts update --plan'.",
  },
  { type: 'EXPIRED_TOKEN', status: 403, error: 'access_denied', message: 'The credential has expired.' },
  { type: 'INVALID_SIGNATURE', status: 403, error: 'access_denied', message: 'The request signature is not valid.' },
  { type: 'WAF_FILTERED', status: 403, error: 'access_denied', message: 'The request was blocked by the firewall.' },
  {
    type: 'AUTHORIZER_FAILURE',
    status: 500,
    error: 'internal_error',
    message: 'The request could not be authorized because of an internal error. Retry later.',
  },
  {
    type: 'AUTHORIZER_CONFIGURATION_ERROR',
    status: 500,
    error: 'internal_error',
    message: 'The request could not be authorized because of an internal error. Retry later.',
  },
  { type: 'API_CONFIGURATION_ERROR', status: 500, error: 'internal_error', message: 'An internal error occurred. Retry later.' },
  { type: 'INTEGRATION_FAILURE', status: 502, error: 'internal_error', message: 'An internal error occurred. Retry later.' },
  { type: 'INTEGRATION_TIMEOUT', status: 504, error: 'timeout', message: 'The request took too long to complete. Retry later.' },
  // Fallbacks for response types not listed above.
  { type: 'DEFAULT_4XX', status: 400, error: 'bad_request', message: 'The request could not be accepted.' },
  { type: 'DEFAULT_5XX', status: 500, error: 'internal_error', message: 'An internal error occurred. Retry later.' },
] as const satisfies readonly GatewayErrorDefinition[];

/**
 * Lambda refuses a synchronous invocation whose request, the proxy event as JSON, is over 6 MB
 * (MAX_LAMBDA_REQUEST_BYTES: RequestEntityTooLargeException), before the function runs; a body API Gateway took
 * (up to 10 MB) can be past it, a binary one sooner since it arrives base64 (4 bytes per 3). API Gateway then answers
 * 413 with AWS's own body, `{"message":"Request Too Long"}` (x-amzn-ErrorType BadRequestException, as users report).
 * It is not one of the gateway response types the stack can set (an integration's refusal, not the gateway's own
 * limit; whether REQUEST_TOO_LARGE's body replaces it is documented nowhere, so deployed the body may be AWS's), so
 * it is not in `gatewayErrors`: only the local server answers it, with this body, so a test sees the 413 and its code.
 */
export const LAMBDA_REQUEST_TOO_LARGE = {
  type: 'LAMBDA_REQUEST_TOO_LARGE',
  status: 413,
  error: 'request_too_large',
  message: 'The request is larger than the 6 MB a Lambda function accepts, as the function receives it (a binary body is base64-encoded, 4 bytes for every 3).',
} as const satisfies GatewayErrorDefinition;

export type GatewayErrorType = (typeof gatewayErrors)[number]['type'] | typeof LAMBDA_REQUEST_TOO_LARGE.type;

export function gatewayError(type: GatewayErrorType): GatewayErrorDefinition {
  return type === LAMBDA_REQUEST_TOO_LARGE.type ? LAMBDA_REQUEST_TOO_LARGE : gatewayErrors.find((g) => g.type === type)!;
}

/** The exact JSON body the gateway answers with; the stack uses it as the response template (with GATEWAY_REQUEST_ID). */
export function gatewayErrorBody(g: GatewayErrorDefinition, requestId: string): string {
  return JSON.stringify({ error: g.error, message: g.message, status: g.status, request_id: requestId });
}
