/**
 * Unit: a URL token (src/domain/notices/url-token.ts) with a stray character in one of its base64url parts is refused,
 * although Node's lenient decoding gives that part's bytes unchanged.
 */
import { checkUrlToken, signUrlToken } from '../../../src/domain/notices/url-token';

const secret = Buffer.alloc(32, 7);
const now = new Date('2026-03-03T09:30:00.000Z');
const token = signUrlToken(secret, 'certificate_request', 'acct_1', 'crq_1', new Date('2026-03-17T09:30:00.000Z'));
const check = (t: string) => checkUrlToken(secret, 'certificate_request', 'crq_1', t, now);

describe('url tokens are decoded strictly', () => {
  it('refuses a stray character, padding or non-canonical bits in the signature or the account part, and a zero-led expiry', () => {
    expect(check(token)).toEqual({ ok: true, accountId: 'acct_1' });
    const [account, epoch, mac] = token.split('.');
    // 32 bytes are 43 characters, the last carrying 2 unused bits: with its lowest bit set, Node gives the same bytes.
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const lastBitsChanged = `${mac.slice(0, -1)}${alphabet[alphabet.indexOf(mac.at(-1)!) ^ 1]}`;
    expect(Buffer.from(lastBitsChanged, 'base64url')).toEqual(Buffer.from(mac, 'base64url'));
    const tampered = [
      `${token}*`,
      `${token}!`,
      `${token}\u0000`,
      `${token}=`,
      `${token}%21`,
      `${account}.${epoch}.${lastBitsChanged}`,
      `${account}*.${epoch}.${mac}`,
      `${account}=.${epoch}.${mac}`,
      `!${account}.${epoch}.${mac}`,
      // The expiry in another decimal form of the same number.
      `${account}.0${epoch}.${mac}`,
    ];
    expect(tampered.map((t) => [t, check(t)])).toEqual(tampered.map((t) => [t, { ok: false, reason: 'malformed' }]));
  });
});
