/**
 * Local runtime: an HTTP server (node:http) that plays API Gateway's REST API for every route of
 * src/config/routes.ts, in the order the gateway works:
 *
 *   request line and headers over 10 KB, or not HTTP -> 431 / 400 with the error body (Node's parser refuses them)
 *   route match (method + resource template) -> 404 MISSING_AUTHENTICATION_TOKEN body
 *   body over 10 MB                           -> 413 REQUEST_TOO_LARGE
 *   a public route (the documentation)        -> its handler straight away: no authorizer, no usage plan
 *   a urlToken route (its URL's token)        -> likewise; its function checks the token
 *   no Authorization header                  -> 401 UNAUTHORIZED, the authorizer is not called
 *   REQUEST authorizer (authorizer-emulation.ts: the real module, result cached per header value, 300 s by default)
 *     throws 'Unauthorized' -> 401; throws anything else or answers garbage -> 500;
 *     a policy that does not allow this method ARN -> 403 ACCESS_DENIED; no usage key -> 403 INVALID_API_KEY
 *   usage plan of the account (usage-plans.ts), only with LEVY_ENFORCE_PLANS=1 -> 429 THROTTLED / QUOTA_EXCEEDED
 *   route handler (the real module, imported once) with the REST proxy event (payload 1.0)
 *     throws, answers garbage or outlives the Lambda timeout (10 s) -> 502 INTEGRATION_FAILURE
 *
 * Gateway errors carry the bodies of src/config/gateway-responses.ts with the request id, like the deployed stack.
 * Every answer carries `Request-Id` (and `x-amzn-RequestId`), and `Content-Type: application/json` unless the
 * handler set one. `POST /__levy/authorizer-cache/flush` from the loopback interface forgets every cached authorizer
 * result, as FlushStageAuthorizersCache does in AWS (`levy keys revoke` calls it). `PUT/GET /__levy/documents/...`
 * are the pre-signed document URLs S3 serves when deployed (document-urls.ts).
 */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { APIGatewayProxyEvent, APIGatewayProxyResult, Context } from 'aws-lambda';
import { AUTHORIZER_CACHE_TTL_SECONDS, AUTHORIZER_TIMEOUT_SECONDS, FUNCTION_TIMEOUT_SECONDS, isGatewayBinaryMediaType } from '../../src/config/api-settings';
import type { GatewayErrorType } from '../../src/config/gateway-responses';
import { answersWithoutKey, authorizer as authorizerDefinition, type RouteDefinition } from '../../src/config/routes';
import { buildLambdaContext, buildProxyEvent } from './api-gateway-event';
import { LOCAL_FLUSH_PATH } from '../admin/authorizer-cache';
import { LOCAL_DOCUMENT_URLS_PATH } from '../../src/config/documents';
import { serveDocumentUrl } from './document-urls';
import { AuthorizerEmulation, type AuthorizerHandler } from './authorizer-emulation';
import { importHandler } from './handler-module';
import { answerUnparsableRequest, headersAsSent, headerValue, readBody, requestIdHeaders, send, sendGatewayError } from './http-io';
import { isProxyResult, LambdaTimeout, loadOnce, withTimeout } from './lambda-invocation';
import { matchRoute } from './route-matching';
import { UsagePlanEnforcer } from './usage-plans';

export { compileRoute, matchRoute } from './route-matching';
export type { AuthorizerHandler };

/** API Gateway's payload limit for REST APIs: 10 MB. */
export const MAX_BODY_BYTES = 10 * 1024 * 1024;
/** API Gateway's limit on a REST request's line and headers together: 10 KB. */
export const MAX_HEADER_BYTES = 10 * 1024;

export type RouteHandler = (event: APIGatewayProxyEvent, context: Context) => Promise<APIGatewayProxyResult>;

export interface ServerOptions {
  /** 0 or unset: a free port. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** Authorizer result cache TTL; default LEVY_AUTH_CACHE_SECONDS or 300. 0 calls the authorizer every time. */
  authCacheSeconds?: number;
  /** Default 10 MB. */
  maxBodyBytes?: number;
  /** Default 10 s, the functions' Lambda timeout. */
  lambdaTimeoutMs?: number;
  /** Enforce the accounts' usage plans (429s); default LEVY_ENFORCE_PLANS=1, else off. */
  enforcePlans?: boolean;
  /** Called once per request after the answer is sent (e.g. an access log line). */
  onRequest?: (entry: AccessLogEntry) => void;
  /** Replaces the import of a route's handler module (tests). */
  loadHandler?: (route: RouteDefinition) => Promise<RouteHandler>;
  /** Replaces the import of functions/authorizer/handler.ts (tests). */
  loadAuthorizer?: () => Promise<AuthorizerHandler>;
}

export interface AccessLogEntry {
  method: string;
  path: string;
  status: number;
  durationMs: number;
  requestId: string;
  route?: string;
  /** Set when the gateway itself answered (its response type), not the route's handler. */
  gatewayResponse?: GatewayErrorType;
}

export interface LocalServer {
  /** e.g. http://127.0.0.1:3000, no trailing slash. */
  url: string;
  port: number;
  close(): Promise<void>;
  /** Forgets every cached authorizer result (as redeploying the stage does). */
  clearAuthCache(): void;
}

type RequestLog = Partial<AccessLogEntry> & { requestId: string };

const isLoopback = (address: string | undefined) => address === '127.0.0.1' || address === '::1' || address === '::ffff:127.0.0.1';

function authCacheSecondsFromEnv(): number {
  const raw = process.env.LEVY_AUTH_CACHE_SECONDS;
  if (raw === undefined || raw === '') return AUTHORIZER_CACHE_TTL_SECONDS;
  const seconds = Number(raw);
  if (!Number.isFinite(seconds) || seconds < 0) throw new Error(`LEVY_AUTH_CACHE_SECONDS must be a number of seconds >= 0, got '${raw}'`);
  return seconds;
}

/** The proxy result as the HTTP answer: headers and multi-value headers merged, the body decoded. */
function writeProxyResult(res: ServerResponse, result: APIGatewayProxyResult, requestId: string): void {
  const headers: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(result.headers ?? {})) headers[name] = String(value);
  for (const [name, values] of Object.entries(result.multiValueHeaders ?? {})) headers[name] = [...[headers[name] ?? []].flat(), ...values.map(String)];
  Object.assign(headers, requestIdHeaders(requestId));
  const rawBody = result.body ?? '';
  send(res, result.statusCode, headers, result.isBase64Encoded ? Buffer.from(rawBody, 'base64') : rawBody);
}

export async function startServer(options: ServerOptions = {}): Promise<LocalServer> {
  const host = options.host ?? '127.0.0.1';
  const maxBodyBytes = options.maxBodyBytes ?? MAX_BODY_BYTES;
  const lambdaTimeoutMs = options.lambdaTimeoutMs ?? FUNCTION_TIMEOUT_SECONDS * 1000;
  // One import per route (like one warm Lambda container), shared by concurrent first requests.
  const handlerFor = loadOnce(options.loadHandler ?? ((route: RouteDefinition) => importHandler<RouteHandler>(route.entry)), (route) => route.name);
  const authorizerModule = loadOnce<void, AuthorizerHandler>(options.loadAuthorizer ?? (() => importHandler<AuthorizerHandler>(authorizerDefinition.entry)));
  const authorizer = new AuthorizerEmulation(
    () => authorizerModule(),
    (options.authCacheSeconds ?? authCacheSecondsFromEnv()) * 1000,
    Math.min(lambdaTimeoutMs, AUTHORIZER_TIMEOUT_SECONDS * 1000),
  );
  const enforcePlans = options.enforcePlans ?? process.env.LEVY_ENFORCE_PLANS === '1';
  const usagePlans = new UsagePlanEnforcer();

  /** Runs the route's handler (the real module, imported once) and writes its answer; a failed invocation is a 502. */
  async function invoke(route: RouteDefinition, event: APIGatewayProxyEvent, res: ServerResponse, log: RequestLog): Promise<number> {
    let result: unknown;
    let running: Promise<unknown> | undefined;
    try {
      const handler = await handlerFor(route);
      running = handler(event, buildLambdaContext(route.name, lambdaTimeoutMs));
      result = await withTimeout(running, lambdaTimeoutMs);
    } catch (error) {
      // In Lambda an uncaught error or a timeout is a failed invocation; API Gateway answers 502.
      if (error instanceof LambdaTimeout) {
        console.error(`[levy local] ${route.name} did not answer within the ${lambdaTimeoutMs} ms Lambda timeout`);
        // Lambda would have stopped it; here it runs on, so the 502 waits until it has (it starts no write past its
        // deadline: src/adapters/invocation/deadline.ts), and nothing it does lands after the answer.
        await running?.catch(() => undefined);
      } else console.error(`[levy local] ${route.name} threw:`, error);
      log.gatewayResponse = 'INTEGRATION_FAILURE';
      return sendGatewayError(res, 'INTEGRATION_FAILURE', log.requestId);
    }
    if (!isProxyResult(result)) {
      console.error(`[levy local] ${route.name} answered a malformed Lambda proxy response:`, result);
      log.gatewayResponse = 'INTEGRATION_FAILURE';
      return sendGatewayError(res, 'INTEGRATION_FAILURE', log.requestId);
    }
    writeProxyResult(res, result, log.requestId);
    return result.statusCode;
  }

  async function handle(req: IncomingMessage, res: ServerResponse, log: RequestLog): Promise<number> {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const gatewayAnswer = (type: GatewayErrorType, extra?: Record<string, string>) => {
      log.gatewayResponse = type;
      return sendGatewayError(res, type, log.requestId, extra);
    };
    if (req.method === 'POST' && url.pathname === LOCAL_FLUSH_PATH && isLoopback(req.socket.remoteAddress)) {
      req.resume();
      authorizer.clear();
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

    const body = await readBody(req, maxBodyBytes);
    if (body === null) return gatewayAnswer('REQUEST_TOO_LARGE', { Connection: 'close' });

    const headers = headersAsSent(req);
    const token = headerValue(headers, 'authorization');
    // An authorizer whose identity source is missing or empty is not called: 401 straight away.
    if (!token && !answersWithoutKey(route)) return gatewayAnswer('UNAUTHORIZED');

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
    event.requestContext.requestId = log.requestId;
    // The path as the client sent it: locally no stage precedes the route's path (in AWS: /v1/...).
    event.requestContext.path = url.pathname;

    if (answersWithoutKey(route)) {
      // A method without an authorizer (the documentation, a URL-token route): no key is read and no plan applies, as in the stack.
      event.requestContext.authorizer = null;
      return invoke(route, event, res, log);
    }
    const auth = await authorizer.authorize(token!, route, event);
    if (!auth.ok) return gatewayAnswer(auth.error);
    // Every method requires the usage key the authorizer returns (apiKeySourceType AUTHORIZER); its plan applies.
    const usageKey = auth.result.usageIdentifierKey;
    if (!usageKey) return gatewayAnswer('INVALID_API_KEY');
    const context = auth.result.context ?? {};
    if (enforcePlans) {
      const verdict = usagePlans.take(usageKey, String(context.plan ?? ''));
      if (!verdict.ok) return gatewayAnswer(verdict.type);
    }
    // The whole authorizer context reaches the handler, as API Gateway passes it.
    event.requestContext.authorizer = { ...context, principalId: auth.result.principalId, integrationLatency: 0 };
    return invoke(route, event, res, log);

  }

  const server = createServer({ maxHeaderSize: MAX_HEADER_BYTES }, (req, res) => {
    const started = performance.now();
    const log: RequestLog = { requestId: randomUUID() };
    handle(req, res, log)
      .catch((error) => {
        // A bug of this server, not of a handler: answer like API Gateway's own 5XX.
        console.error('[levy local] unexpected server error:', error);
        if (!res.headersSent) return sendGatewayError(res, 'DEFAULT_5XX', log.requestId);
        res.destroy();
        return 500;
      })
      .then((status) => {
        options.onRequest?.({
          ...log,
          method: req.method ?? '',
          path: req.url ?? '',
          status,
          durationMs: Math.round((performance.now() - started) * 10) / 10,
        });
      });
  });
  // A request Node cannot parse never reaches the handler above: answer it in the error shape, not with silence.
  server.on('clientError', (error: NodeJS.ErrnoException, socket) => answerUnparsableRequest(error, socket, randomUUID()));
  // API Gateway closes idle client connections; keep ours short so close() is quick.
  server.keepAliveTimeout = 5_000;

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const urlHost = host.includes(':') ? `[${host}]` : host;
  return {
    url: `http://${urlHost}:${port}`,
    port,
    clearAuthCache: () => authorizer.clear(),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
