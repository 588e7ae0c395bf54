/**
 * Local runtime: an HTTP server (node:http) that plays API Gateway's REST API for every route of
 * src/config/routes.ts (the TypeScript handlers in process, or with LEVY_LOCAL_BUNDLES=1 the synthesized bundles on
 * Node 22: local/bundles/), in the order the gateway works (gateway.ts takes the steps, route-invocation.ts is the
 * Lambda integration; this module builds them from the options and listens):
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
 *   the REST proxy event (payload 1.0) over 6 MB as JSON -> 413 LAMBDA_REQUEST_TOO_LARGE, the handler is not run
 *   route handler (the real module, imported once) with the REST proxy event
 *     throws, answers garbage, answers over 6 MB or outlives the Lambda timeout (10 s) -> 502 INTEGRATION_FAILURE
 *
 * Gateway errors carry the bodies of src/config/gateway-responses.ts with the request id, like the deployed stack.
 * Every answer carries `Request-Id` (and `x-amzn-RequestId`), and `Content-Type: application/json` unless the
 * handler set one. `POST /__levy/authorizer-cache/flush` from the loopback interface forgets every cached authorizer
 * result, as FlushStageAuthorizersCache does in AWS (`levy keys revoke` calls it). `PUT/GET /__levy/documents/...`
 * are the pre-signed document URLs S3 serves when deployed (document-urls.ts).
 */
import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  AUTHORIZER_CACHE_TTL_SECONDS,
  AUTHORIZER_TIMEOUT_SECONDS,
  FUNCTION_TIMEOUT_SECONDS,
  MAX_BODY_BYTES,
  MAX_HEADER_BYTES,
} from '../../src/config/api-settings';
import { authorizer as authorizerDefinition, type RouteDefinition } from '../../src/config/routes';
import { bundleModeRequested, iamEnforcementRequested, startLocalBundles, type LocalBundles } from '../bundles/local-bundles';
import { AuthorizerEmulation, type AuthorizerHandler } from './authorizer-emulation';
import { handleRequest, type Gateway } from './gateway';
import { importHandler } from './handler-module';
import { answerUnparsableRequest, sendGatewayError } from './http-io';
import { loadOnce } from './lambda-invocation';
import { routeInvoker, type AccessLogEntry, type RequestLog, type RouteHandler } from './route-invocation';
import { UsagePlanEnforcer } from './usage-plans';

export { compileRoute, matchRoute } from './route-matching';
export type { AccessLogEntry, AuthorizerHandler, RouteHandler };

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
  /**
   * Serve every route and the authorizer from the synthesized bundles on Node 22 (local/bundles/). Default: started by
   * the server itself when LEVY_LOCAL_BUNDLES=1 (and no loadHandler is given), and stopped with it.
   */
  bundles?: LocalBundles;
}

export interface LocalServer {
  /** e.g. http://127.0.0.1:3000, no trailing slash. */
  url: string;
  port: number;
  close(): Promise<void>;
  /** Forgets every cached authorizer result (as redeploying the stage does). */
  clearAuthCache(): void;
  /** Set when the routes are served from the synthesized bundles. */
  bundles?: LocalBundles;
}

function authCacheSecondsFromEnv(): number {
  const raw = process.env.LEVY_AUTH_CACHE_SECONDS;
  if (raw === undefined || raw === '') return AUTHORIZER_CACHE_TTL_SECONDS;
  const seconds = Number(raw);
  if (!Number.isFinite(seconds) || seconds < 0) throw new Error(`LEVY_AUTH_CACHE_SECONDS must be a number of seconds >= 0, got '${raw}'`);
  return seconds;
}

/** The gateway's parts from the options: handler modules loaded once, the authorizer and its cache, the plans. */
function gatewayFrom(options: ServerOptions): Gateway {
  const lambdaTimeoutMs = options.lambdaTimeoutMs ?? FUNCTION_TIMEOUT_SECONDS * 1000;
  const bundled = options.bundles?.functions;
  // A bundled function's container is started and its module loaded (Lambda's init phase) before the timeout's timer.
  const loadRoute = bundled
    ? (route: RouteDefinition) => bundled.loadHandler<Parameters<RouteHandler>[0], Awaited<ReturnType<RouteHandler>>>(bundled.functionOfRoute(route.name))
    : (route: RouteDefinition) => importHandler<RouteHandler>(route.entry);
  const loadAuthorizer = bundled
    ? () => bundled.loadHandler(bundled.authorizer) as Promise<AuthorizerHandler>
    : () => importHandler<AuthorizerHandler>(authorizerDefinition.entry);
  // One import per route (like one warm Lambda container), shared by concurrent first requests.
  const handlerFor = loadOnce(options.loadHandler ?? loadRoute, (route) => route.name);
  const authorizerModule = loadOnce<void, AuthorizerHandler>(options.loadAuthorizer ?? loadAuthorizer);
  const authorizer = new AuthorizerEmulation(
    () => authorizerModule(),
    (options.authCacheSeconds ?? authCacheSecondsFromEnv()) * 1000,
    Math.min(lambdaTimeoutMs, AUTHORIZER_TIMEOUT_SECONDS * 1000),
  );
  const enforcePlans = options.enforcePlans ?? process.env.LEVY_ENFORCE_PLANS === '1';
  return {
    authorizer,
    usagePlans: enforcePlans ? new UsagePlanEnforcer() : undefined,
    maxBodyBytes: options.maxBodyBytes ?? MAX_BODY_BYTES,
    invoke: routeInvoker(handlerFor, lambdaTimeoutMs),
  };
}

function listen(server: Server, port: number, host: string): Promise<number> {
  return new Promise<number>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

/** The bundles to serve from: the options', else started here when the environment asks for them. */
async function bundlesFor(options: ServerOptions): Promise<{ bundles?: LocalBundles; owned: boolean }> {
  if (options.bundles) return { bundles: options.bundles, owned: false };
  if (options.loadHandler || !bundleModeRequested()) {
    if (iamEnforcementRequested() && !options.loadHandler)
      throw new Error('LEVY_ENFORCE_IAM=1 holds the bundled functions to their grants: it needs LEVY_LOCAL_BUNDLES=1');
    return { owned: false };
  }
  return { bundles: await startLocalBundles({ log: () => undefined }), owned: true };
}

export async function startServer(options: ServerOptions = {}): Promise<LocalServer> {
  const host = options.host ?? '127.0.0.1';
  const { bundles, owned } = await bundlesFor(options);
  const gateway = gatewayFrom({ ...options, bundles });
  const server = createServer({ maxHeaderSize: MAX_HEADER_BYTES }, (req, res) => {
    const started = performance.now();
    const log: RequestLog = { requestId: randomUUID() };
    handleRequest(gateway, req, res, log)
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

  const port = await listen(server, options.port ?? 0, host).catch(async (error) => {
    if (owned) await bundles?.close();
    throw error;
  });
  const urlHost = host.includes(':') ? `[${host}]` : host;
  return {
    url: `http://${urlHost}:${port}`,
    port,
    bundles,
    clearAuthCache: () => gateway.authorizer.clear(),
    close: async () => {
      await new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      });
      if (owned) await bundles?.close();
    },
  };
}
