/**
 * Secondary adapter (AWS over HTTPS): one request signed with the environment's credentials (sigv4.ts) and sent with
 * fetch, as the lean S3 and SQS adapters speak to AWS without an SDK client.
 */
import { environmentCredentials } from './environment-credentials';
import { signRequest } from './sigv4';

export interface SignedRequest {
  method: string;
  /** e.g. `sqs.us-east-1.amazonaws.com`: signed as `host`, sent as the URL's host. */
  host: string;
  /** The path, already URI-encoded. */
  path: string;
  headers: Record<string, string>;
  body?: string | Buffer;
}

export async function signedFetch(request: SignedRequest, scope: { region: string; service: string }, init: { signal?: AbortSignal } = {}): Promise<Response> {
  const { method, host, path, headers, body } = request;
  const signed = signRequest({ method, path, headers: { ...headers, host }, body: body ?? '' }, scope, await environmentCredentials(), new Date());
  // fetch sets Host itself from the URL (the same value that was signed).
  const { host: _host, ...sent } = signed;
  return fetch(`https://${host}${path}`, { method, headers: sent, body: body === undefined ? undefined : typeof body === 'string' ? body : new Uint8Array(body), ...init });
}
