/**
 * Config (single source of truth): the API Gateway and Lambda settings the local server must imitate. The stack
 * configures AWS from these; local/server/ and its event builder read the same values. Pure data: no CDK import.
 */

/**
 * The REST API's stage (the default; `npx cdk deploy -c stageName=<name>` names it otherwise). The stage URL
 * `https://<api-id>.execute-api.<region>.amazonaws.com/live` is the spec's `{base_url}`: every route answers at it
 * followed by its path exactly as the spec writes it (`.../live/v1/tax/rate`, `.../live/vendors`); on a custom domain
 * the base is the domain (`https://api.example.com/v1/tax/rate`). Never `v1` (that doubled the tax paths' version,
 * `.../v1/v1/tax/rate`) nor any other first segment of a route's path (lib/stack/api.ts refuses them).
 */
export const API_STAGE_NAME = 'live';

/** How long API Gateway caches an authorizer result per Authorization header. */
export const AUTHORIZER_CACHE_TTL_SECONDS = 300;

/** Lambda timeouts: every route function, and the authorizer. */
export const FUNCTION_TIMEOUT_SECONDS = 10;
export const AUTHORIZER_TIMEOUT_SECONDS = 5;

/** API Gateway's payload limit for REST APIs: 10 MB. */
export const MAX_BODY_BYTES = 10 * 1024 * 1024;
/** API Gateway's limit on a REST request's line and headers together: 10 KB. */
export const MAX_HEADER_BYTES = 10 * 1024;
/**
 * Lambda's limit on a synchronous invocation's response: 6 MB of the result as JSON. Past it Lambda reports the
 * invocation as failed (Function.ResponseSizeTooLarge) and API Gateway answers 502.
 */
export const MAX_LAMBDA_RESPONSE_BYTES = 6 * 1024 * 1024;
/**
 * Lambda's limit on a synchronous invocation's request: 6 MB of the proxy event as JSON (a binary body in it as
 * base64). Past it Lambda refuses the invocation before the function runs and API Gateway answers 413
 * (LAMBDA_REQUEST_TOO_LARGE in src/config/gateway-responses.ts); a direct document upload is held under it
 * (MAX_INLINE_DOCUMENT_BYTES in src/config/documents.ts).
 */
export const MAX_LAMBDA_REQUEST_BYTES = 6 * 1024 * 1024;
/**
 * A list route's page, as the result carries it (its JSON inside the result's JSON string), is held to this: a page
 * ends early, `has_more` true, before its items pass it (src/adapters/http/page-size.ts). The rest of the 6 MB is the
 * result's status and headers, a few hundred bytes.
 */
export const MAX_PAGE_RESULT_BYTES = MAX_LAMBDA_RESPONSE_BYTES - 64 * 1024;

/**
 * Per-container read caches of what a rate quote reads (src/adapters/cache): the seller entity and the imported ZIP
 * rows. A container that writes an entity drops its own copy at once; another container's copy lives at most the
 * TTL, so a change made elsewhere (entities-update is its own Lambda; `levy rates import` runs on a laptop) reaches
 * every quote within this many seconds. Bounded so a container serving many accounts or ZIPs keeps a fixed footprint.
 */
export const READ_CACHE_TTL_SECONDS = 60;
export const ENTITY_CACHE_MAX_ENTRIES = 1_000;
export const ZIP_RATE_CACHE_MAX_ENTRIES = 5_000;

/**
 * The REST API's binary media types: a request body of these types reaches the function base64-encoded
 * (`isBase64Encoded`), and a base64 answer goes out as bytes when the client's first Accept type is one of them
 * (API Gateway's rule; docs/customers.md). Only exemption certificate documents use them; JSON stays text.
 */
export const BINARY_MEDIA_TYPES = ['application/pdf', 'image/png', 'image/jpeg', 'application/octet-stream'] as const;

/** A Content-Type's media type: its parameters dropped, lower case (`Application/PDF; x=1` -> `application/pdf`). */
export const mediaTypeOf = (contentType: string | null | undefined): string => (contentType ?? '').split(';')[0]!.trim().toLowerCase();

/** An HTML form with a file (the certificate request page, docs/notices.md): only a urlToken route takes it. */
export const FORM_MEDIA_TYPE = 'multipart/form-data';

/** What API Gateway hands over as bytes: the documents' types and the form's (a file inside it must stay bytes). */
export const GATEWAY_BINARY_MEDIA_TYPES = [...BINARY_MEDIA_TYPES, FORM_MEDIA_TYPE] as const;

export const isGatewayBinaryMediaType = (contentType: string | undefined): boolean =>
  (GATEWAY_BINARY_MEDIA_TYPES as readonly string[]).includes(mediaTypeOf(contentType));
