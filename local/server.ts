/**
 * Local runtime: an HTTP server (node:http) that plays API Gateway's REST API for every route of
 * lib/routes.ts, in the order the gateway works:
 *
 *   route match (method + resource template) -> 404 MISSING_AUTHENTICATION_TOKEN body
 *   body over 10 MB                           -> 413 REQUEST_TOO_LARGE
 *   no Authorization header                  -> 401 UNAUTHORIZED, the authorizer is not called
 *   TOKEN authorizer (the real handler module, result cached per header value, 300 s by default)
 *     throws 'Unauthorized' -> 401; throws anything else or answers garbage -> 500;
 *     a policy that does not allow this method ARN -> 403 ACCESS_DENIED
 *   route handler (the real module, imported once) with the REST proxy event (payload 1.0)
 *     throws, answers garbage or outlives the Lambda timeout (10 s) -> 502 INTEGRATION_FAILURE
 *
 * Gateway errors carry the bodies of lib/gateway-responses.ts, like the deployed stack. Every
 * answer carries `x-amzn-RequestId`, and `Content-Type: application/json` unless the handler set one
 * (API Gateway's default for a proxy response). The caller sets the table env vars and
 * LEVY_DYNAMODB_ENDPOINT before the first request: the stores read them when first imported.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { APIGatewayAuthorizerResult, APIGatewayProxyEvent, APIGatewayProxyResult, APIGatewayTokenAuthorizerEvent, Context } from 'aws-lambda';
import { AUTHORIZER_CACHE_TTL_SECONDS, AUTHORIZER_TIMEOUT_SECONDS, FUNCTION_TIMEOUT_SECONDS } from '../lib/api-settings';
import { gatewayError, gatewayErrorBody, type GatewayErrorType } from '../lib/gateway-responses';
import { authorizer as authorizerDefinition, routes, type RouteDefinition } from '../lib/routes';
import { buildAuthorizerEvent, buildLambdaContext, buildProxyEvent } from './api-gateway-event';
import { importHandler } from './handler-module';

/** API Gateway's payload limit for REST APIs: 10 MB. */
export const MAX_BODY_BYTES = 10 * 1024 * 1024;
/** The stack's settings (lib/api-settings.ts); a timed-out invocation is a failed one (502). */
const DEFAULT_AUTH_CACHE_SECONDS = AUTHORIZER_CACHE_TTL_SECONDS;
const LAMBDA_TIMEOUT_MS = FUNCTION_TIMEOUT_SECONDS * 1000;
const AUTHORIZER_TIMEOUT_MS = AUTHORIZER_TIMEOUT_SECONDS * 1000;

export type RouteHandler = (event: APIGatewayProxyEvent, context: Context) => Promise<APIGatewayProxyResult>;
export type AuthorizerHandler = (event: APIGatewayTokenAuthorizerEvent, context: Context) => Promise<APIGatewayAuthorizerResult>;

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

interface CompiledRoute {
  route: RouteDefinition;
  pattern: RegExp;
  paramNames: string[];
}

/** `/vendors/{id}` -> /^\/vendors\/([^/]+)$/ with param names ['id']. */
export function compileRoute(route: RouteDefinition): CompiledRoute {
  const paramNames: string[] = [];
  const source = route.path
    .split('/')
    .map((segment) => {
      const param = /^\{(\w+)\}$/.exec(segment);
      if (param) {
        paramNames.push(param[1]);
        return '([^/]+)';
      }
      return segment.replace(/[.*+?^$()|[\]\\]/g, '\\$&');
    })
    .join('/');
  return { route, pattern: new RegExp(`^${source}$`), paramNames };
}

const compiledRoutes = routes.map(compileRoute);

const decode = (s: string): string => {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
};

/** The route for a method and path, with its path parameters; undefined answers 404. */
export function matchRoute(method: string, path: string): { route: RouteDefinition; pathParameters: Record<string, string> } | undefined {
  // API Gateway ignores one trailing slash on a resource path.
  const normalized = path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
  for (const compiled of compiledRoutes) {
    if (compiled.route.method !== method) continue;
    const match = compiled.pattern.exec(normalized);
    if (match) {
      const pathParameters = Object.fromEntries(compiled.paramNames.map((name, i) => [name, decode(match[i + 1])]));
      return { route: compiled.route, pathParameters };
    }
  }
  return undefined;
}

/** The headers as sent (original case); for a repeated header the last value wins, as in `headers` of the event. */
function headersAsSent(req: IncomingMessage): Record<string, string> {
  const headers: Record<string, string> = {};
  for (let i = 0; i < req.rawHeaders.length; i += 2) headers[req.rawHeaders[i]] = req.rawHeaders[i + 1];
  return headers;
}

function headerValue(headers: Record<string, string>, name: string): string | undefined {
  const key = Object.keys(headers).find((k) => k.toLowerCase() === name);
  return key === undefined ? undefined : headers[key];
}

/** Reads the body up to `limit` bytes; null when it is larger (the rest is drained, not kept). */
function readBody(req: IncomingMessage, limit: number): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const declared = Number(req.headers['content-length']);
    if (Number.isFinite(declared) && declared > limit) {
      req.resume();
      resolve(null);
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = false;
    req.on('data', (chunk: Buffer) => {
      if (tooLarge) return;
      size += chunk.length;
      if (size > limit) {
        tooLarge = true;
        chunks.length = 0;
        resolve(null);
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => {
      if (!tooLarge) resolve(Buffer.concat(chunks));
    });
    req.on('error', reject);
  });
}

/** IAM-style wildcard match of a policy resource (`*` any characters, `?` one) against an ARN. */
function arnMatches(pattern: string, arn: string): boolean {
  const source = pattern.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*').replace(/\?/g, '.');
  return new RegExp(`^${source}$`).test(arn);
}

type PolicyOutcome = 'allow' | 'deny';

/** Explicit Deny wins, then an Allow on the method ARN, else deny (API Gateway's evaluation). */
function evaluatePolicy(result: APIGatewayAuthorizerResult, methodArn: string): PolicyOutcome {
  const statements = [result.policyDocument.Statement].flat() as unknown as Array<Record<string, unknown>>;
  const applies = (s: Record<string, unknown>) => {
    const actions = [s.Action ?? []].flat() as string[];
    const resources = [s.Resource ?? []].flat() as string[];
    return actions.some((a) => a === '*' || a === 'execute-api:*' || a === 'execute-api:Invoke') && resources.some((r) => arnMatches(r, methodArn));
  };
  if (statements.some((s) => s.Effect === 'Deny' && applies(s))) return 'deny';
  return statements.some((s) => s.Effect === 'Allow' && applies(s)) ? 'allow' : 'deny';
}

function isAuthorizerResult(value: unknown): value is APIGatewayAuthorizerResult {
  const r = value as APIGatewayAuthorizerResult | undefined;
  return !!r && typeof r.principalId === 'string' && !!r.policyDocument && r.policyDocument.Statement !== undefined;
}

function isProxyResult(value: unknown): value is APIGatewayProxyResult {
  const r = value as APIGatewayProxyResult | undefined;
  return !!r && typeof r === 'object' && Number.isInteger(r.statusCode) && r.statusCode >= 100 && r.statusCode <= 599 &&
    (r.body === undefined || r.body === null || typeof r.body === 'string');
}

class LambdaTimeout extends Error {}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new LambdaTimeout(`Timed out after ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

function authCacheSecondsFromEnv(): number {
  const raw = process.env.LEVY_AUTH_CACHE_SECONDS;
  if (raw === undefined || raw === '') return DEFAULT_AUTH_CACHE_SECONDS;
  const seconds = Number(raw);
  if (!Number.isFinite(seconds) || seconds < 0) throw new Error(`LEVY_AUTH_CACHE_SECONDS must be a number of seconds >= 0, got '${raw}'`);
  return seconds;
}

const importRouteHandler = (route: RouteDefinition) => importHandler<RouteHandler>(route.entry);
const importAuthorizer = () => importHandler<AuthorizerHandler>(authorizerDefinition.entry);

export async function startServer(options: ServerOptions = {}): Promise<LocalServer> {
  const host = options.host ?? '127.0.0.1';
  const authCacheMs = (options.authCacheSeconds ?? authCacheSecondsFromEnv()) * 1000;
  const maxBodyBytes = options.maxBodyBytes ?? MAX_BODY_BYTES;
  const lambdaTimeoutMs = options.lambdaTimeoutMs ?? LAMBDA_TIMEOUT_MS;
  const authorizerTimeoutMs = Math.min(lambdaTimeoutMs, AUTHORIZER_TIMEOUT_MS);
  const loadHandler = options.loadHandler ?? importRouteHandler;
  const loadAuthorizer = options.loadAuthorizer ?? importAuthorizer;

  // One import per route (like one warm Lambda container), shared by concurrent first requests.
  const handlers = new Map<string, Promise<RouteHandler>>();
  const handlerFor = (route: RouteDefinition): Promise<RouteHandler> => {
    let pending = handlers.get(route.name);
    if (!pending) {
      pending = loadHandler(route);
      // A module that failed to load is retried on the next request (e.g. after fixing a syntax error).
      pending.catch(() => handlers.delete(route.name));
      handlers.set(route.name, pending);
    }
    return pending;
  };
  let authorizerModule: Promise<AuthorizerHandler> | undefined;
  const authorizerHandler = (): Promise<AuthorizerHandler> => {
    if (!authorizerModule) {
      authorizerModule = loadAuthorizer();
      authorizerModule.catch(() => (authorizerModule = undefined));
    }
    return authorizerModule;
  };

  /** Allowed results by Authorization header value, as API Gateway caches them (failures are not cached). */
  const authCache = new Map<string, { result: APIGatewayAuthorizerResult; expiresAt: number }>();

  type AuthOutcome = { ok: true; result: APIGatewayAuthorizerResult } | { ok: false; error: GatewayErrorType };

  async function authorize(token: string, route: RouteDefinition): Promise<AuthOutcome> {
    const event = buildAuthorizerEvent(token, route);
    let result: APIGatewayAuthorizerResult;
    const cached = authCache.get(token);
    if (cached && cached.expiresAt > Date.now()) {
      result = cached.result;
    } else {
      if (cached) authCache.delete(token);
      try {
        const handler = await authorizerHandler();
        const answer: unknown = await withTimeout(handler(event, buildLambdaContext(authorizerDefinition.name, authorizerTimeoutMs)), authorizerTimeoutMs);
        if (!isAuthorizerResult(answer)) {
          console.error('[levy local] the authorizer answered without principalId/policyDocument:', answer);
          return { ok: false, error: 'AUTHORIZER_CONFIGURATION_ERROR' };
        }
        result = answer;
      } catch (error) {
        if ((error as Error | undefined)?.message === 'Unauthorized') return { ok: false, error: 'UNAUTHORIZED' };
        console.error('[levy local] the authorizer failed:', error);
        return { ok: false, error: 'AUTHORIZER_FAILURE' };
      }
      if (authCacheMs > 0) authCache.set(token, { result, expiresAt: Date.now() + authCacheMs });
    }
    // The (possibly cached) policy is evaluated against this request's method ARN.
    return evaluatePolicy(result, event.methodArn) === 'allow' ? { ok: true, result } : { ok: false, error: 'ACCESS_DENIED' };
  }

  function send(res: ServerResponse, status: number, headers: Record<string, string | string[]>, body: string | Buffer): void {
    const hasContentType = Object.keys(headers).some((k) => k.toLowerCase() === 'content-type');
    for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
    if (!hasContentType) res.setHeader('Content-Type', 'application/json');
    res.setHeader('Content-Length', Buffer.byteLength(body));
    res.writeHead(status);
    res.end(body);
  }

  function sendGatewayError(res: ServerResponse, type: GatewayErrorType, requestId: string, extra: Record<string, string> = {}): number {
    const definition = gatewayError(type);
    send(res, definition.status, { 'Content-Type': 'application/json', 'x-amzn-RequestId': requestId, ...definition.headers, ...extra }, gatewayErrorBody(definition));
    return definition.status;
  }

  async function handle(req: IncomingMessage, res: ServerResponse, log: Partial<AccessLogEntry> & { requestId: string }): Promise<number> {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const method = (req.method ?? 'GET').toUpperCase();
    const match = matchRoute(method, url.pathname);
    if (!match) {
      req.resume();
      log.gatewayResponse = 'MISSING_AUTHENTICATION_TOKEN';
      return sendGatewayError(res, 'MISSING_AUTHENTICATION_TOKEN', log.requestId);
    }
    const { route, pathParameters } = match;
    log.route = route.name;

    const body = await readBody(req, maxBodyBytes);
    if (body === null) {
      log.gatewayResponse = 'REQUEST_TOO_LARGE';
      return sendGatewayError(res, 'REQUEST_TOO_LARGE', log.requestId, { Connection: 'close' });
    }

    const headers = headersAsSent(req);
    const token = headerValue(headers, 'authorization');
    // A TOKEN authorizer whose identity source is missing or empty is not called: 401 straight away.
    if (!token) {
      log.gatewayResponse = 'UNAUTHORIZED';
      return sendGatewayError(res, 'UNAUTHORIZED', log.requestId);
    }
    const auth = await authorize(token, route);
    if (!auth.ok) {
      log.gatewayResponse = auth.error;
      return sendGatewayError(res, auth.error, log.requestId);
    }

    const sourceIp = (req.socket.remoteAddress ?? '127.0.0.1').replace(/^::ffff:/, '');
    const query: Record<string, string> = {};
    url.searchParams.forEach((value, key) => (query[key] = value)); // last value wins, as in queryStringParameters
    const context = auth.result.context ?? {};
    const accountId = typeof context.accountId === 'string' ? context.accountId : '';
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
        'X-Forwarded-Port': String((req.socket.localPort ?? '')),
      },
      body: body.length > 0 ? body.toString('utf8') : null,
      accountId,
      sourceIp,
    });
    // The whole authorizer context reaches the handler, as API Gateway passes it.
    event.requestContext.authorizer = { ...event.requestContext.authorizer, ...context, principalId: auth.result.principalId };
    event.requestContext.requestId = log.requestId;

    let result: unknown;
    try {
      const handler = await handlerFor(route);
      result = await withTimeout(handler(event, buildLambdaContext(route.name, lambdaTimeoutMs)), lambdaTimeoutMs);
    } catch (error) {
      // In Lambda an uncaught error or a timeout is a failed invocation; API Gateway answers 502.
      if (error instanceof LambdaTimeout) console.error(`[levy local] ${route.name} did not answer within the ${lambdaTimeoutMs} ms Lambda timeout`);
      else console.error(`[levy local] ${route.name} threw:`, error);
      log.gatewayResponse = 'INTEGRATION_FAILURE';
      return sendGatewayError(res, 'INTEGRATION_FAILURE', log.requestId);
    }
    if (!isProxyResult(result)) {
      console.error(`[levy local] ${route.name} answered a malformed Lambda proxy response:`, result);
      log.gatewayResponse = 'INTEGRATION_FAILURE';
      return sendGatewayError(res, 'INTEGRATION_FAILURE', log.requestId);
    }
    const outHeaders: Record<string, string | string[]> = {};
    for (const [name, value] of Object.entries(result.headers ?? {})) outHeaders[name] = String(value);
    for (const [name, values] of Object.entries(result.multiValueHeaders ?? {})) {
      outHeaders[name] = [...[outHeaders[name] ?? []].flat(), ...values.map(String)];
    }
    outHeaders['x-amzn-RequestId'] = log.requestId;
    const rawBody = result.body ?? '';
    send(res, result.statusCode, outHeaders, result.isBase64Encoded ? Buffer.from(rawBody, 'base64') : rawBody);
    return result.statusCode;
  }

  const server = createServer((req, res) => {
    const started = performance.now();
    const log: Partial<AccessLogEntry> & { requestId: string } = { requestId: randomUUID() };
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
    clearAuthCache: () => authCache.clear(),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
