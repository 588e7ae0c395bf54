/**
 * Local runtime (API Gateway emulation): the Lambda integration of a route: its handler module (imported once, as a
 * warm container) run on the proxy event under the function's timeout, and its proxy result written back as API
 * Gateway would, or a 502 when Lambda would report the invocation as failed; an event over Lambda's 6 MB request
 * limit is a 413 and the handler never runs.
 */
import type { ServerResponse } from 'node:http';
import type { APIGatewayProxyEvent, APIGatewayProxyResult, Context } from 'aws-lambda';
import { MAX_LAMBDA_REQUEST_BYTES, MAX_LAMBDA_RESPONSE_BYTES } from '../../src/config/api-settings';
import type { GatewayErrorType } from '../../src/config/gateway-responses';
import type { RouteDefinition } from '../../src/config/routes';
import { buildLambdaContext } from './api-gateway-event';
import { requestIdHeaders, send, sendGatewayError } from './http-io';
import { isProxyResult, LambdaTimeout, withTimeout } from './lambda-invocation';

export type RouteHandler = (event: APIGatewayProxyEvent, context: Context) => Promise<APIGatewayProxyResult>;

/** One line of the access log: what was asked, what was answered, and by whom. */
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

/** The entry as a request fills it in on its way through the gateway. */
export type RequestLog = Partial<AccessLogEntry> & { requestId: string };

/** The proxy result as the HTTP answer: headers and multi-value headers merged, the body decoded. */
function writeProxyResult(res: ServerResponse, result: APIGatewayProxyResult, requestId: string): void {
  const headers: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(result.headers ?? {})) headers[name] = String(value);
  for (const [name, values] of Object.entries(result.multiValueHeaders ?? {})) headers[name] = [...[headers[name] ?? []].flat(), ...values.map(String)];
  Object.assign(headers, requestIdHeaders(requestId));
  const rawBody = result.body ?? '';
  send(res, result.statusCode, headers, result.isBase64Encoded ? Buffer.from(rawBody, 'base64') : rawBody);
}

/** The last large body measured and its size as a JSON string (a route answering one cached document is measured once). */
let measured: { body: string; bytes: number } | undefined;

/** The result's size as Lambda counts it: its JSON. */
export function proxyResultBytes(result: APIGatewayProxyResult): number {
  const body = result.body ?? '';
  if (body.length < 64 * 1024) return Buffer.byteLength(JSON.stringify(result));
  if (measured?.body !== body) measured = { body, bytes: Buffer.byteLength(JSON.stringify(body)) };
  // The rest as JSON with an empty body (its `""` replaced by the body's own quoted bytes).
  return Buffer.byteLength(JSON.stringify({ ...result, body: '' })) - 2 + measured.bytes;
}

export type RouteInvoker = (route: RouteDefinition, event: APIGatewayProxyEvent, res: ServerResponse, log: RequestLog) => Promise<number>;

/** Runs the route's handler and writes its answer; a failed invocation is a 502. Answers the status sent. */
export function routeInvoker(handlerFor: (route: RouteDefinition) => Promise<RouteHandler>, lambdaTimeoutMs: number): RouteInvoker {
  return async (route, event, res, log) => {
    const eventBytes = Buffer.byteLength(JSON.stringify(event));
    if (eventBytes > MAX_LAMBDA_REQUEST_BYTES) {
      console.error(
        `[levy local] ${route.name} was not invoked: its event is ${eventBytes} bytes, over Lambda's ${MAX_LAMBDA_REQUEST_BYTES}-byte request limit`,
      );
      log.gatewayResponse = 'LAMBDA_REQUEST_TOO_LARGE';
      return sendGatewayError(res, 'LAMBDA_REQUEST_TOO_LARGE', log.requestId);
    }
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
    const resultBytes = proxyResultBytes(result);
    if (resultBytes > MAX_LAMBDA_RESPONSE_BYTES) {
      console.error(`[levy local] ${route.name} answered ${resultBytes} bytes, over Lambda's ${MAX_LAMBDA_RESPONSE_BYTES}-byte response limit`);
      log.gatewayResponse = 'INTEGRATION_FAILURE';
      return sendGatewayError(res, 'INTEGRATION_FAILURE', log.requestId);
    }
    writeProxyResult(res, result, log.requestId);
    return result.statusCode;
  };
}
