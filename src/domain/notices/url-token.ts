/**
 * Domain (pure but for node:crypto's HMAC, as src/domain/webhooks signs): the token of a link Levy issues to someone
 * without an API key (a certificate request's page). `<account, base64url>.<expiry, epoch seconds>.<HMAC-SHA256 over
 * kind, account, record id and expiry, base64url>`: the URL names its account and record and cannot be changed or
 * prolonged without the deployment's secret. Single use is the record's own state, not the token's. Each part is read
 * strictly (src/domain/base64url.ts; the expiry in its one decimal form): a token with any character changed, added or
 * dropped is refused, even where the signed content would come out the same.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { decodeBase64Url, decodeBase64UrlText, encodeBase64Url } from '../base64url';

const mac = (secret: Buffer, kind: string, accountId: string, recordId: string, expiresEpoch: number): Buffer =>
  createHmac('sha256', secret).update(`${kind}|${accountId}|${recordId}|${expiresEpoch}`).digest();

export function signUrlToken(secret: Buffer, kind: string, accountId: string, recordId: string, expiresAt: Date): string {
  const expiresEpoch = Math.floor(expiresAt.getTime() / 1000);
  return `${encodeBase64Url(accountId)}.${expiresEpoch}.${encodeBase64Url(mac(secret, kind, accountId, recordId, expiresEpoch))}`;
}

export type UrlTokenCheck = { ok: true; accountId: string } | { ok: false; reason: 'malformed' | 'bad_signature' | 'expired' };

/** Whether the token was signed with `secret` for this kind of record and id, and has not expired at `now`. */
export function checkUrlToken(secret: Buffer, kind: string, recordId: string, token: string, now: Date): UrlTokenCheck {
  const parts = token.split('.');
  if (parts.length !== 3 || !/^(0|[1-9]\d{0,11})$/.test(parts[1])) return { ok: false, reason: 'malformed' };
  const accountId = decodeBase64UrlText(parts[0]);
  const given = decodeBase64Url(parts[2]);
  if (!accountId || !given) return { ok: false, reason: 'malformed' };
  const expiresEpoch = Number(parts[1]);
  const expected = mac(secret, kind, accountId, recordId, expiresEpoch);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: 'bad_signature' };
  if (now.getTime() >= expiresEpoch * 1000) return { ok: false, reason: 'expired' };
  return { ok: true, accountId };
}
