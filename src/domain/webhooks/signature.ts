/**
 * Domain (pure): the `Levy-Signature` header of a webhook delivery, byte-compatible with Stripe's scheme so existing
 * verifiers work: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`, one `v1` per secret that signs (two during
 * a rotation's overlap). The verifier accepts any matching `v1` within a tolerance on both sides of now
 * (docs/webhooks.md; stripe-php#657: a one-sided check lets a far-future timestamp through).
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export const SIGNATURE_HEADER = 'Levy-Signature';
export const DEFAULT_TOLERANCE_SECONDS = 300;

export const newWebhookSecret = (): string => `whsec_${randomBytes(24).toString('base64url')}`;

export const signPayload = (secret: string, timestamp: number, body: string): string =>
  createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');

export function signatureHeader(secrets: readonly string[], timestamp: number, body: string): string {
  return [`t=${timestamp}`, ...secrets.map((s) => `v1=${signPayload(s, timestamp, body)}`)].join(',');
}

/** True when one `v1` of the header is the body's HMAC with `secret` and `t` is within the tolerance of `nowSeconds`. */
export function verifySignature(header: string, body: string, secret: string, nowSeconds: number, tolerance = DEFAULT_TOLERANCE_SECONDS): boolean {
  const parts = header.split(',').map((p) => p.split('=', 2) as [string, string]);
  const t = Number(parts.find(([k]) => k === 't')?.[1]);
  if (!Number.isInteger(t) || Math.abs(nowSeconds - t) > tolerance) return false;
  const expected = Buffer.from(signPayload(secret, t, body), 'hex');
  return parts.some(([k, v]) => k === 'v1' && /^[0-9a-f]{64}$/.test(v) && timingSafeEqual(Buffer.from(v, 'hex'), expected));
}
