/**
 * Secondary adapter (local files): the pre-signed URLs of the folder blob store, so that `npm start` and the tests
 * offer the upload-URL flow S3 offers when deployed (docs/customers.md). A URL names the key, what may be done with
 * it (method, and for a PUT the content type and length), when it expires, and an HMAC-SHA256 of all of these under a
 * secret of the process; the local server (local/server/document-urls.ts) checks it before it reads or writes.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { DOCUMENTS_URL_ENV_VAR, DOCUMENTS_URL_SECRET_ENV_VAR, LOCAL_DOCUMENT_URLS_PATH } from '../../config/documents';

export interface LocalUrlGrant {
  method: 'PUT' | 'GET';
  key: string;
  /** Unix seconds after which the URL is refused. */
  expires: number;
  /** A PUT's content type and length, which the request must send as given. */
  contentType?: string;
  contentLength?: number;
}

const DEFAULT_LOCAL_SERVER_URL = 'http://127.0.0.1:3000';

/**
 * The HMAC key: LEVY_DOCUMENTS_URL_SECRET, else one made at first use and kept in the environment (one per process).
 * Bundle mode makes it before it starts the functions' processes, which inherit it: the URLs they sign are the ones
 * the local server checks.
 */
export function localDocumentUrlSecret(): string {
  const existing = process.env[DOCUMENTS_URL_SECRET_ENV_VAR];
  if (existing) return existing;
  const made = randomBytes(32).toString('hex');
  process.env[DOCUMENTS_URL_SECRET_ENV_VAR] = made;
  return made;
}

const signatureOf = (grant: LocalUrlGrant): string =>
  createHmac('sha256', localDocumentUrlSecret())
    .update([grant.method, grant.key, grant.expires, grant.contentType ?? '', grant.contentLength ?? ''].join('\n'))
    .digest('hex');

/** The local server's URL the grant may be used at (the server's base from LEVY_DOCUMENTS_URL, else npm start's default). */
export function localBlobUrl(grant: LocalUrlGrant): string {
  // Unset (a handler run by `npm run invoke`, outside any server): where `npm start` listens by default.
  const base = process.env[DOCUMENTS_URL_ENV_VAR] || DEFAULT_LOCAL_SERVER_URL;
  const query = new URLSearchParams({ method: grant.method, expires: String(grant.expires) });
  if (grant.contentType !== undefined) query.set('content_type', grant.contentType);
  if (grant.contentLength !== undefined) query.set('content_length', String(grant.contentLength));
  query.set('signature', signatureOf(grant));
  return `${base.replace(/\/$/, '')}${LOCAL_DOCUMENT_URLS_PATH}/${grant.key.split('/').map(encodeURIComponent).join('/')}?${query}`;
}

export type LocalUrlCheck = { ok: true; grant: LocalUrlGrant } | { ok: false; status: 403 | 404; error: string; message: string };

/**
 * Checks a request to a local document URL (its method, path and query, and the Content-Type and Content-Length it
 * sends) as S3 checks a pre-signed one: a changed URL, another method, type or size, or a late request is refused (403).
 */
export function checkLocalBlobUrl(method: string, url: URL, sent: { contentType?: string; contentLength?: number }, now: Date): LocalUrlCheck {
  const encodedKey = url.pathname.slice(LOCAL_DOCUMENT_URLS_PATH.length + 1);
  if (!url.pathname.startsWith(`${LOCAL_DOCUMENT_URLS_PATH}/`) || encodedKey === '')
    return { ok: false, status: 404, error: 'not_found', message: 'No document URL here.' };
  const q = url.searchParams;
  const expires = Number(q.get('expires'));
  const grant: LocalUrlGrant = {
    method: q.get('method') === 'PUT' ? 'PUT' : 'GET',
    key: encodedKey.split('/').map(decodeURIComponent).join('/'),
    expires,
    ...(q.has('content_type') ? { contentType: q.get('content_type')! } : {}),
    ...(q.has('content_length') ? { contentLength: Number(q.get('content_length')) } : {}),
  };
  const given = Buffer.from(q.get('signature') ?? '', 'utf8');
  const expected = Buffer.from(signatureOf(grant), 'utf8');
  const denied = (message: string): LocalUrlCheck => ({ ok: false, status: 403, error: 'signature_does_not_match', message });
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return denied('The URL is not one Levy signed (changed or made up).');
  if (method !== grant.method) return denied(`The URL was signed for ${grant.method}, not ${method}.`);
  if (!Number.isFinite(expires) || now.getTime() / 1000 > expires)
    return { ok: false, status: 403, error: 'request_expired', message: 'The URL has expired; ask Levy for a new one.' };
  if (grant.method === 'PUT') {
    if (sent.contentType !== grant.contentType) return denied(`The URL was signed for Content-Type ${grant.contentType}, not ${sent.contentType ?? 'none'}.`);
    if (sent.contentLength !== grant.contentLength)
      return denied(`The URL was signed for Content-Length ${grant.contentLength}, not ${sent.contentLength ?? 'none'}.`);
  }
  return { ok: true, grant };
}
