/**
 * Local runtime (bundle mode): the check S3 makes of a pre-signed URL before it serves one (AWS Signature Version 4,
 * query-string form, as the SDK's presigner signs it): the signature recomputed from the request as it arrives (its
 * method, path, query without the signature, and the headers the URL names as signed, with the values sent) under the
 * secret key every bundled function is given (bundled-functions.ts). A URL used with another method, or a PUT of
 * another content type or length than it was signed for, or a changed URL, does not match: S3's 403
 * SignatureDoesNotMatch. Expiry is checked first: past X-Amz-Date + X-Amz-Expires, S3's 403 "Request has expired".
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';

/** The secret access key of every bundled function (their access key ids differ: each its logical id). */
export const LOCAL_SECRET_ACCESS_KEY = 'levylocal';

/** The SDK's escaping of a query key or value (RFC 3986: encodeURIComponent, and `!'()*` too). */
const escapeUri = (text: string): string => encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

const hmac = (key: Buffer | string, data: string): Buffer => createHmac('sha256', key).update(data, 'utf8').digest();

/** `20261128T031500Z` as a time. */
const amzDate = (text: string): number => Date.parse(text.replace(/^(\d{4})(\d\d)(\d\d)T(\d\d)(\d\d)(\d\d)Z$/, '$1-$2-$3T$4:$5:$6Z'));

export type PresignedCheck = { ok: true } | { ok: false; code: 'AccessDenied' | 'SignatureDoesNotMatch'; message: string };

/** Checks a request to a pre-signed URL: `rawPath` and `rawQuery` as sent (the query still encoded). */
export function checkPresigned(method: string, rawPath: string, rawQuery: string, headers: IncomingHttpHeaders, now: number): PresignedCheck {
  const query = new URLSearchParams(rawQuery);
  const signedAt = query.get('X-Amz-Date') ?? '';
  const expires = Number(query.get('X-Amz-Expires'));
  if (!Number.isFinite(amzDate(signedAt)) || !Number.isInteger(expires) || expires < 1 || expires > 604_800)
    return { ok: false, code: 'AccessDenied', message: 'X-Amz-Date and X-Amz-Expires (1 to 604800 seconds) must be given' };
  if (now > amzDate(signedAt) + expires * 1000) return { ok: false, code: 'AccessDenied', message: 'Request has expired' };
  const [, date, region, service] = (query.get('X-Amz-Credential') ?? '').split('/');
  const signedHeaders = (query.get('X-Amz-SignedHeaders') ?? '').split(';').filter(Boolean);
  const canonicalQuery = [...query]
    .filter(([name]) => name !== 'X-Amz-Signature')
    .map(([name, value]) => `${escapeUri(name)}=${escapeUri(value)}`)
    .sort()
    .join('&');
  const canonicalHeaders = signedHeaders.map((name) => `${name}:${String(headers[name] ?? '').trim()}\n`).join('');
  const canonicalRequest = [method, rawPath, canonicalQuery, canonicalHeaders, signedHeaders.join(';'), 'UNSIGNED-PAYLOAD'].join('\n');
  const scope = `${date}/${region}/${service}/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', signedAt, scope, createHash('sha256').update(canonicalRequest, 'utf8').digest('hex')].join('\n');
  const signingKey = hmac(hmac(hmac(hmac(`AWS4${LOCAL_SECRET_ACCESS_KEY}`, date), region), service), 'aws4_request');
  const expected = Buffer.from(createHmac('sha256', signingKey).update(stringToSign, 'utf8').digest('hex'));
  const given = Buffer.from(query.get('X-Amz-Signature') ?? '');
  if (given.length === expected.length && timingSafeEqual(given, expected)) return { ok: true };
  return {
    ok: false,
    code: 'SignatureDoesNotMatch',
    message: 'The request signature we calculated does not match the signature you provided. Check your key and signing method.',
  };
}
