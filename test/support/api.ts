/**
 * Test support: calls a route's handler module the way API Gateway does (same event builder as
 * the local server), and creates accounts through the admin use case. Every answer is checked
 * against docs/openapi.json (test/support/contract.ts): an undocumented status or field fails the test.
 * With LEVY_LOCAL_BUNDLES=1 the route's synthesized bundle answers instead, on Node 22 (local/bundles/).
 */
import type { APIGatewayProxyResult } from 'aws-lambda';
import { routeByName, type RouteName } from '../../src/config/routes';
import { buildLambdaContext, buildProxyEvent } from '../../local/server/api-gateway-event';
import { proxyResultBytes } from '../../local/server/route-invocation';
import { isGatewayBinaryMediaType } from '../../src/config/api-settings';
import { ports } from '../../src/composition/all-ports';
import { createAccount } from '../../local/admin/accounts';
import { importHandler } from '../../local/server/handler-module';
import { bundleModeRequested, startLocalBundles, type LocalBundles } from '../../local/bundles/local-bundles';
import { assertDocumentedResponse } from './contract';

export interface CallOptions {
  accountId: string;
  /** An object is sent as JSON; a string is sent as is; a Buffer as bytes (base64, as API Gateway sends binary media types). */
  body?: unknown;
  headers?: Record<string, string>;
  /** Undefined values are left out, as a client would. */
  query?: Record<string, string | undefined>;
  pathParameters?: Record<string, string>;
}

export interface CallResult {
  status: number;
  /** Parsed JSON, the text of another media type, or a Buffer for a base64 (binary) answer. */
  body: any;
  headers: Record<string, unknown>;
  /** The result as Lambda measures it against its 6 MB response limit: its JSON's bytes (MAX_LAMBDA_RESPONSE_BYTES). */
  resultBytes: number;
}

type Handler = (event: unknown, context: unknown) => Promise<APIGatewayProxyResult>;

/** The bundled functions of this test file, started by its first call in bundle mode and stopped after it. */
let bundles: Promise<LocalBundles> | undefined;
if (bundleModeRequested()) {
  afterAll(async () => {
    const started = bundles;
    bundles = undefined;
    await (await started)?.close();
  });
}

async function handlerOf(name: RouteName): Promise<Handler> {
  const route = routeByName(name);
  if (!bundleModeRequested()) return importHandler<Handler>(route.entry);
  bundles ??= startLocalBundles({ log: () => undefined });
  const { functions } = await bundles;
  return (await functions.loadHandler(functions.functionOfRoute(route.name))) as Handler;
}

export async function callRoute(name: RouteName, options: CallOptions): Promise<CallResult> {
  const route = routeByName(name);
  const handler = await handlerOf(name);
  const bytes = Buffer.isBuffer(options.body);
  const sentType =
    Object.entries(options.headers ?? {}).find(([name]) => name.toLowerCase() === 'content-type')?.[1] ??
    (bytes ? 'application/octet-stream' : 'application/json');
  // As API Gateway does: bytes of a binary media type arrive base64-encoded, any other body as text.
  const binary = bytes && isGatewayBinaryMediaType(sentType);
  const body =
    options.body === undefined
      ? null
      : bytes
        ? (options.body as Buffer).toString(binary ? 'base64' : 'utf8')
        : typeof options.body === 'string'
          ? options.body
          : JSON.stringify(options.body);
  const path = route.path.replace(/\{(\w+)\}/g, (_, p: string) => options.pathParameters?.[p] ?? '');
  const event = buildProxyEvent({
    route,
    path,
    pathParameters: options.pathParameters,
    query: options.query && (Object.fromEntries(Object.entries(options.query).filter(([, v]) => v !== undefined)) as Record<string, string>),
    headers: { ...(body !== null ? { 'Content-Type': sentType } : {}), ...options.headers },
    body,
    isBase64Encoded: binary,
    accountId: options.accountId,
  });
  const result = await handler(event, buildLambdaContext(route.name));
  const headers = result.headers ?? {};
  const contentType = Object.entries(headers).find(([name]) => name.toLowerCase() === 'content-type')?.[1] as string | undefined;
  const isJson = /^application\/json\b/i.test(contentType ?? '');
  const parsed = result.body ? (result.isBase64Encoded ? Buffer.from(result.body, 'base64') : isJson ? JSON.parse(result.body) : result.body) : undefined;
  // The contract check reads a non-JSON body as text (it checks only that there is one).
  const observed = Buffer.isBuffer(parsed) ? parsed.toString('latin1') : parsed;
  assertDocumentedResponse({ method: route.method, path: route.path, status: result.statusCode, contentType, body: observed });
  return { status: result.statusCode, body: parsed, headers, resultBytes: proxyResultBytes(result) };
}

export async function newTestAccount(country = 'DE', name = 'Test GmbH') {
  return createAccount(ports, { name, country });
}
