/** Local runtime (API Gateway emulation): reading a Node HTTP request and writing the answer, as API Gateway does. */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { API_GATEWAY_REQUEST_ID_HEADER, gatewayError, gatewayErrorBody, REQUEST_ID_HEADER, type GatewayErrorType } from '../../src/config/gateway-responses';

/** The headers as sent (original case); for a repeated header the last value wins, as in `headers` of the event. */
export function headersAsSent(req: IncomingMessage): Record<string, string> {
  const headers: Record<string, string> = {};
  for (let i = 0; i < req.rawHeaders.length; i += 2) headers[req.rawHeaders[i]] = req.rawHeaders[i + 1];
  return headers;
}

export function headerValue(headers: Record<string, string>, name: string): string | undefined {
  const key = Object.keys(headers).find((k) => k.toLowerCase() === name);
  return key === undefined ? undefined : headers[key];
}

/** The whole body, with no limit (the local AWS stand-ins behind the server, which answer an oversized call themselves). */
export const readAll = (req: IncomingMessage): Promise<Buffer> => readBody(req, Number.POSITIVE_INFINITY) as Promise<Buffer>;

/** Reads the body up to `limit` bytes; null when it is larger (the rest is drained, not kept). */
export function readBody(req: IncomingMessage, limit: number): Promise<Buffer | null> {
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

/** Writes an answer; `Content-Type: application/json` unless one is given (API Gateway's default for a proxy response). */
export function send(res: ServerResponse, status: number, headers: Record<string, string | string[]>, body: string | Buffer): void {
  const hasContentType = Object.keys(headers).some((k) => k.toLowerCase() === 'content-type');
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
  if (!hasContentType) res.setHeader('Content-Type', 'application/json');
  res.setHeader('Content-Length', Buffer.byteLength(body));
  res.writeHead(status);
  res.end(body);
}

/** The header API Gateway names every answer's request with, its own errors included. */
const gatewayRequestIdHeader = (requestId: string) => ({ [API_GATEWAY_REQUEST_ID_HEADER]: requestId });

/** The headers of an answer from a Levy function: the request's id as API Gateway names it and as Levy does. */
export const requestIdHeaders = (requestId: string) => ({ ...gatewayRequestIdHeader(requestId), [REQUEST_ID_HEADER]: requestId });

/**
 * One of API Gateway's own answers (src/config/gateway-responses.ts), with its static headers and, like API Gateway,
 * the request id in `x-amzn-RequestId` and the body only (a gateway response cannot map it to another header).
 */
export function sendGatewayError(res: ServerResponse, type: GatewayErrorType, requestId: string, extra: Record<string, string> = {}): number {
  const definition = gatewayError(type);
  send(
    res,
    definition.status,
    { 'Content-Type': 'application/json', ...gatewayRequestIdHeader(requestId), ...definition.headers, ...extra },
    gatewayErrorBody(definition, requestId),
  );
  return definition.status;
}

/** Node's parser and timeout errors, and what each is answered with. */
function unparsableAnswer(code: string | undefined): { status: number; reason: string; error: string; message: string } {
  if (code === 'HPE_HEADER_OVERFLOW') {
    return {
      status: 431,
      reason: 'Request Header Fields Too Large',
      error: 'request_header_fields_too_large',
      message: 'The request line and headers are larger than the 10 KB API Gateway accepts. Send a shorter Authorization header or fewer headers.',
    };
  }
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    return { status: 408, reason: 'Request Timeout', error: 'request_timeout', message: 'The request was not received in full in time. Send it again.' };
  }
  return { status: 400, reason: 'Bad Request', error: 'bad_request', message: 'The request is not valid HTTP/1.1.' };
}

/** The JSON error body the local server writes itself (not through a handler): the API's error shape. */
export const errorBody = (status: number, error: string, message: string, requestId: string): string =>
  JSON.stringify({ error, message, status, request_id: requestId });

/**
 * The answer to a request Node could not even parse or receive (headers over the limit, malformed HTTP, too slow),
 * written on the raw socket with the error body: 431 for oversized headers, 408 for a timeout, 400 for anything else.
 */
export function answerUnparsableRequest(error: NodeJS.ErrnoException, socket: Duplex, requestId: string): void {
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  const { status, reason, error: code, message } = unparsableAnswer(error.code);
  const body = errorBody(status, code, message, requestId);
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
      `${API_GATEWAY_REQUEST_ID_HEADER}: ${requestId}\r\nConnection: close\r\n\r\n${body}`,
  );
}
