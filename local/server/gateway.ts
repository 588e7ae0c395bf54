/**
 * Local runtime (API Gateway emulation): one request through the gateway's steps, in the order API Gateway takes
 * them (server.ts lists them): the local-only paths, route match, body size, the authorizer (and its cache), the usage
 * plan, then the route's Lambda integration with the REST proxy event.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { APIGatewayProxyEvent } from 'aws-lambda';
import { isGatewayBinaryMediaType } from '../../src/config/api-settings';
import { LOCAL_DOCUMENT_URLS_PATH } from '../../src/config/documents';
import type { GatewayErrorType } from '../../src/config/gateway-responses';
import { answersWithoutKey, type RouteDefinition } from '../../src/config/routes';
import { LOCAL_FLUSH_PATH } from '../admin/authorizer-cache';
import { buildProxyEvent } from './api-gateway-event';
import type { AuthorizerEmulation } from './authorizer-emulation';
import { serveDocumentUrl } from './document-urls';
import { headersAsSent, headerValue, readBody, requestIdHeaders, send, sendGatewayError } from './http-io';
import type { RequestLog, RouteInvoker } from './route-invocation';
import { matchRoute } from './route-matching';
import type { UsagePlanEnforcer } from './usage-plans';

export interface Gateway {
  authorizer: AuthorizerEmulation;
  /** Undefined when plans are not enforced (the default locally). */
  usagePlans: UsagePlanEnforcer | undefined;
  maxBodyBytes: number;
  invoke: RouteInvoker;
}

const isLoopback = (address: string | undefined) => address === '127.0.0.1' || address === '::1' || address === '::ffff:127.0.0.1';

/** The REST proxy event (payload 1.0) of the request, before the authorizer has said whose it is. */
function proxyEventFor(
  req: IncomingMessage,
  url: URL,
  route: RouteDefinition,
  pathParameters: Record<string, string>,
  body: Buffer,
  requestId: string,
): APIGatewayProxyEvent {
  const headers = headersAsSent(req);
  const sourceIp = (req.socket.remoteAddress ?? '127.0.0.1').replace(/^::ffff:/, '');
  const query: Record<string, string> = {};
  url.searchParams.forEach((value, key) => (query[key] = value)); // last value wins, as in queryStringParameters
  const event = buildProxyEvent({
    route,
    path: url.pathname,
    pathParameters,
    query,
    headers: {
      ...headers,
      // API Gateway adds these for its integrations.
      'X-Forwarded-For': headerValue(headers, 'x-forwarded-for') ?? sourceIp,
      'X-Forwarded-Proto': 'http',
      'X-Forwarded-Port': String(req.socket.localPort ?? ''),
    },
    // A binary media type reaches the function base64-encoded, as API Gateway sends it (binaryMediaTypes).
    ...(isGatewayBinaryMediaType(headerValue(headers, 'content-type')) && body.length > 0
      ? { body: body.toString('base64'), isBase64Encoded: true }
      : { body: body.length > 0 ? body.toString('utf8') : null }),
    accountId: '',
    sourceIp,
  });
  event.requestContext.requestId = requestId;
  // The path as the client sent it: locally no stage precedes the route's path (as on a custom domain; on the stage URL /live/...).
  event.requestContext.path = url.pathname;
  return event;
}

/** The authorizer, the usage key and plan, then the integration with the authorizer's context on the event. */
async function authorizedInvoke(
  gateway: Gateway,
  route: RouteDefinition,
  token: string,
  event: APIGatewayProxyEvent,
  res: ServerResponse,
  log: RequestLog,
): Promise<number> {
  const gatewayAnswer = (type: GatewayErrorType) => {
    log.gatewayResponse = type;
    return sendGatewayError(res, type, log.requestId);
  };
  const auth = await gateway.authorizer.authorize(token, route, event);
  if (!auth.ok) return gatewayAnswer(auth.error);
  // Every method requires the usage key the authorizer returns (apiKeySourceType AUTHORIZER); its plan applies.
  const usageKey = auth.result.usageIdentifierKey;
  if (!usageKey) return gatewayAnswer('INVALID_API_KEY');
  const context = auth.result.context ?? {};
  if (gateway.usagePlans) {
    const verdict = gateway.usagePlans.take(usageKey, String(context.plan ?? ''));
    if (!verdict.ok) return gatewayAnswer(verdict.type);
  }
  // The whole authorizer context reaches the handler, as API Gateway passes it.
  event.requestContext.authorizer = { ...context, principalId: auth.result.principalId, integrationLatency: 0 };
  return gateway.invoke(route, event, res, log);
}

/** Answers one request; resolves to the status sent. */
export async function handleRequest(gateway: Gateway, req: IncomingMessage, res: ServerResponse, log: RequestLog): Promise<number> {
  const url = new URL(req.url ?? '/', 'http://localhost');
  const gatewayAnswer = (type: GatewayErrorType, extra?: Record<string, string>) => {
    log.gatewayResponse = type;
    return sendGatewayError(res, type, log.requestId, extra);
  };
  if (req.method === 'POST' && url.pathname === LOCAL_FLUSH_PATH && isLoopback(req.socket.remoteAddress)) {
    req.resume();
    gateway.authorizer.clear();
    send(res, 204, requestIdHeaders(log.requestId), '');
    return 204;
  }
  // Pre-signed document URLs (S3's part when deployed): the signature is the authority, not an API key.
  if (url.pathname.startsWith(`${LOCAL_DOCUMENT_URLS_PATH}/`)) return serveDocumentUrl(req, res, url, log.requestId);
  const match = matchRoute((req.method ?? 'GET').toUpperCase(), url.pathname);
  if (!match) {
    req.resume();
    return gatewayAnswer('MISSING_AUTHENTICATION_TOKEN');
  }
  const { route, pathParameters } = match;
  log.route = route.name;

  const body = await readBody(req, gateway.maxBodyBytes);
  if (body === null) return gatewayAnswer('REQUEST_TOO_LARGE', { Connection: 'close' });

  const token = headerValue(headersAsSent(req), 'authorization');
  // An authorizer whose identity source is missing or empty is not called: 401 straight away.
  if (!token && !answersWithoutKey(route)) return gatewayAnswer('UNAUTHORIZED');

  const event = proxyEventFor(req, url, route, pathParameters, body, log.requestId);
  if (answersWithoutKey(route)) {
    // A method without an authorizer (the documentation, a URL-token route): no key is read and no plan applies, as in the stack.
    event.requestContext.authorizer = null;
    return gateway.invoke(route, event, res, log);
  }
  return authorizedInvoke(gateway, route, token!, event, res, log);
}
