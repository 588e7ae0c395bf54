/**
 * Config (single source of truth): the API Gateway and Lambda settings the local server must imitate. The stack
 * configures AWS from these; local/server/ and its event builder read the same values. Pure data: no CDK import.
 */

/** The REST API's stage: the base URL is `https://<api-id>.execute-api.<region>.amazonaws.com/v1`. */
export const API_STAGE_NAME = 'v1';

/** How long API Gateway caches an authorizer result per Authorization header. */
export const AUTHORIZER_CACHE_TTL_SECONDS = 300;

/** Lambda timeouts: every route function, and the authorizer. */
export const FUNCTION_TIMEOUT_SECONDS = 10;
export const AUTHORIZER_TIMEOUT_SECONDS = 5;
