/**
 * Docs: every error a route can answer, by status, for the OpenAPI document (openapi.ts): implied by the route's traits
 * (a body, path ids, a key, idempotency) and API Gateway's own answers, plus the codes its handler declares.
 */
import type { RouteContract } from '../../src/adapters/http/route-types';
import { errorCode, type ErrorCode } from '../../src/config/error-codes';
import { gatewayError, type GatewayErrorType } from '../../src/config/gateway-responses';
import { answersWithoutKey, type RouteDefinition } from '../../src/config/routes';

/** Every error a route can answer, by status: implied by its traits, plus the codes its handler declares. */
export function routeErrors(route: RouteDefinition, contract: RouteContract): Map<number, ErrorCode[]> {
  // API Gateway's own answers, with the status and code src/config/gateway-responses.ts gives them.
  const gateway = (type: GatewayErrorType): [number, ErrorCode] => {
    const g = gatewayError(type);
    return [g.status, g.error as ErrorCode];
  };
  const codes: [number, ErrorCode][] = [
    // Any request: an unknown query parameter or a body where none is taken; API Gateway's own limits and failures.
    [400, 'validation_error'],
    gateway('REQUEST_TOO_LARGE'),
    [500, 'internal_error'],
    [503, 'deadline_exceeded'],
    gateway('INTEGRATION_FAILURE'),
    gateway('INTEGRATION_TIMEOUT'),
  ];
  if (!answersWithoutKey(route)) codes.push(gateway('UNAUTHORIZED'), gateway('ACCESS_DENIED'), gateway('THROTTLED'), gateway('QUOTA_EXCEEDED'));
  // A method that can carry a body is checked for one even where the route takes none: a non-JSON body is a 415 and
  // malformed JSON a 400 before the route's own "takes no body" (src/adapters/http/request-middleware.ts); a route
  // that takes bytes refuses other media types with a 415.
  if (['POST', 'PUT', 'PATCH'].includes(route.method))
    codes.push(...(contract.rawBody ? [] : [[400, 'invalid_json'] as [number, ErrorCode]]), [415, 'unsupported_media_type']);
  if (contract.body) codes.push([400, 'invalid_body']);
  // A write whose record is over DynamoDB's item limit (src/adapters/dynamodb/item-size.ts).
  if (['POST', 'PUT', 'PATCH'].includes(route.method)) codes.push([422, 'record_too_large']);
  if (route.pathIds) codes.push([404, 'not_found']);
  if (route.idempotent) codes.push([409, 'idempotency_key_in_use'], [422, 'idempotency_key_reused'], [422, 'response_too_large']);
  for (const code of contract.errors ?? []) codes.push([errorCode(code).status, code]);
  const byStatus = new Map<number, ErrorCode[]>();
  for (const [status, code] of codes) {
    errorCode(code, status); // a code with a status src/config/error-codes.ts does not list fails the generation
    const list = byStatus.get(status) ?? [];
    if (!list.includes(code)) list.push(code);
    byStatus.set(status, list);
  }
  return new Map([...byStatus.entries()].sort(([a], [b]) => a - b));
}
