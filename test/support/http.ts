/**
 * Test support: HTTP requests to a local server (local/server/) as a client sends them, checking on every answer what
 * API Gateway guarantees: a JSON content type (or the one docs/openapi.json documents for the route, the docs page),
 * the request id in `x-amzn-RequestId` (and, on a Levy function's answer, in `Request-Id`), and in an error body as
 * `request_id` (replaced by 'ID' in the returned body, so tests compare the rest). Every answer of a route is checked
 * against docs/openapi.json (test/support/contract.ts): an undocumented status or field fails the test.
 */
import { gatewayError, gatewayErrorBody, type GatewayErrorType } from '../../src/config/gateway-responses';
import { answersWithoutKey } from '../../src/config/routes';
import { matchRoute, startServer, type LocalServer } from '../../local/server/server';
import { assertDocumentedResponse } from './contract';

export interface HttpResult {
  status: number;
  body: any;
  headers: Headers;
}

/** A gateway error's body; its request_id is the answer's own (checked against x-amzn-RequestId below). */
export const gatewayBody = (type: GatewayErrorType) => JSON.parse(gatewayErrorBody(gatewayError(type), 'ID')) as Record<string, unknown>;

/**
 * `contract: false` only for a server whose handlers are stand-ins (loadHandler): their answers are not Levy's, so
 * docs/openapi.json has nothing to say about them.
 */
export function requester(server: () => LocalServer, options: { contract?: boolean } = {}) {
  const checkContract = options.contract ?? true;
  return async function request(
    method: string,
    path: string,
    options: { key?: string; authorization?: string; body?: unknown; headers?: Record<string, string> } = {},
  ): Promise<HttpResult> {
    const headers: Record<string, string> = { ...options.headers };
    if (options.authorization !== undefined) headers.Authorization = options.authorization;
    else if (options.key) headers.Authorization = `Bearer ${options.key}`;
    let body: string | Buffer | undefined;
    if (options.body !== undefined) {
      body = typeof options.body === 'string' || Buffer.isBuffer(options.body) ? options.body : JSON.stringify(options.body);
      headers['Content-Type'] ??= 'application/json';
    }
    const res = await fetch(`${server().url}${path}`, { method, headers, body });
    const text = await res.text();
    const contentType = res.headers.get('content-type');
    const isJson = /^application\/json\b/.test(contentType ?? '');
    const route = matchRoute(method.toUpperCase(), new URL(path, 'http://localhost').pathname)?.route;
    // Every answer, the gateway's own and the handlers', is JSON (also a 204's header), but a documented text answer.
    if (!isJson) expect(route !== undefined && answersWithoutKey(route)).toBe(true);
    expect(res.headers.get('x-amzn-requestid')).toMatch(/^[0-9a-f-]{36}$/);
    // API Gateway's own errors carry the id only there (a gateway response cannot map it to another header).
    if (res.headers.has('request-id')) expect(res.headers.get('request-id')).toBe(res.headers.get('x-amzn-requestid'));
    const parsed = text ? (isJson ? JSON.parse(text) : text) : undefined;
    // A path no route matches is API Gateway's own 404 (its body is checked by the tests): no operation to check against.
    if (route && checkContract) assertDocumentedResponse({ method: route.method, path: route.path, status: res.status, contentType, body: parsed });
    // Every error body names the request it answers; the tests compare the rest.
    if (parsed && typeof parsed === 'object' && 'error' in parsed) {
      expect(parsed.request_id).toBe(res.headers.get('x-amzn-requestid'));
      parsed.request_id = 'ID';
    }
    return { status: res.status, body: parsed, headers: res.headers };
  };
}

/**
 * A suite's own local server, started before its tests and closed after them, with no authorizer cache (a revoked key
 * is refused at once; API Gateway: up to 300 s later): its request function, and the server for a raw socket or URL.
 */
export function serveForSuite(): { request: ReturnType<typeof requester>; server: () => LocalServer } {
  let server: LocalServer | undefined;
  beforeAll(async () => {
    server = await startServer({ port: 0, authCacheSeconds: 0 });
  });
  afterAll(async () => {
    await server?.close();
  });
  const current = (): LocalServer => server!;
  return { request: requester(current), server: current };
}
