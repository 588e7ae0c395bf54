/** Unit: the Levy-Signature header (Stripe's scheme) and its verification. */
import { createHmac } from 'node:crypto';
import { signatureHeader, verifySignature } from '../../../src/domain/webhooks/signature';
import { retryDelaySeconds, signingSecrets } from '../../../src/domain/webhooks/endpoint';

describe('Levy-Signature', () => {
  const body = '{"id":"evt_1","type":"customer.created"}';

  it('is t=<unix>,v1=<hex HMAC-SHA256 of "t.body"> (Stripe webhook signing scheme)', () => {
    const header = signatureHeader(['whsec_a'], 1_700_000_000, body);
    // Computed independently: HMAC-SHA256 with the secret over `${t}.${body}` (https://docs.stripe.com/webhooks#verify-manually).
    const expected = createHmac('sha256', 'whsec_a').update(`1700000000.${body}`).digest('hex');
    expect(header).toBe(`t=1700000000,v1=${expected}`);
  });

  it('verifies any matching v1 within 300 s either side; refuses a stale or future t, another body or secret', () => {
    const header = signatureHeader(['whsec_new', 'whsec_old'], 1_700_000_000, body);
    expect(verifySignature(header, body, 'whsec_new', 1_700_000_000)).toBe(true);
    expect(verifySignature(header, body, 'whsec_old', 1_700_000_300)).toBe(true);
    expect(verifySignature(header, body, 'whsec_old', 1_700_000_301)).toBe(false);
    expect(verifySignature(header, body, 'whsec_old', 1_699_999_699)).toBe(false);
    expect(verifySignature(header, `${body} `, 'whsec_new', 1_700_000_000)).toBe(false);
    expect(verifySignature(header, body, 'whsec_other', 1_700_000_000)).toBe(false);
    expect(verifySignature('v1=abc', body, 'whsec_new', 1_700_000_000)).toBe(false);
  });

  it('signs with the previous secret too until its overlap ends', () => {
    const endpoint = { secret: 'whsec_new', previous_secret: 'whsec_old', previous_secret_expires_at: '2026-01-02T00:00:00.000Z', failing_since: null };
    expect(signingSecrets(endpoint, new Date('2026-01-01T23:59:59Z'))).toEqual(['whsec_new', 'whsec_old']);
    expect(signingSecrets(endpoint, new Date('2026-01-02T00:00:00Z'))).toEqual(['whsec_new']);
  });

  it('retries wait first·2^(n-1) s with 50-100 % jitter, capped at 12 h', () => {
    expect(retryDelaySeconds(1, 60, () => 1)).toBe(60);
    expect(retryDelaySeconds(1, 60, () => 0)).toBe(30);
    expect(retryDelaySeconds(4, 60, () => 1)).toBe(480);
    expect(retryDelaySeconds(30, 60, () => 1)).toBe(43_200);
  });
});
