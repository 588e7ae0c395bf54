/** Unit: what the local server answers a request Node's HTTP parser refuses, on a socket stand-in. */
import { PassThrough } from 'node:stream';
import { answerUnparsableRequest } from '../../../local/server/http-io';

function answerTo(code: string): string {
  const socket = new PassThrough();
  let written = '';
  socket.on('data', (chunk) => (written += chunk));
  answerUnparsableRequest(Object.assign(new Error(code), { code }), socket, '00000000-0000-4000-8000-000000000000');
  return written;
}

const bodyOf = (reply: string) => JSON.parse(reply.slice(reply.indexOf('\r\n\r\n') + 4));

describe('answerUnparsableRequest', () => {
  it.each([
    ['HPE_HEADER_OVERFLOW', 431, 'request_header_fields_too_large'],
    ['ERR_HTTP_REQUEST_TIMEOUT', 408, 'request_timeout'],
    ['HPE_INVALID_METHOD', 400, 'bad_request'],
  ])('%s answers %i %s with the error body and the request id', (code, status, error) => {
    const reply = answerTo(code);
    expect(reply.startsWith(`HTTP/1.1 ${status} `)).toBe(true);
    expect(reply).toContain('\r\nx-amzn-RequestId: 00000000-0000-4000-8000-000000000000\r\n');
    expect(bodyOf(reply)).toEqual({ error, message: expect.any(String), status, request_id: '00000000-0000-4000-8000-000000000000' });
  });
});
