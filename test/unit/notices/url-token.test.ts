/** Unit: the signed token of a link Levy issues (src/domain/notices/url-token.ts): what it accepts and what it refuses. */
import { checkUrlToken, signUrlToken } from '../../../src/domain/notices/url-token';

const secret = Buffer.alloc(32, 7);
const now = new Date('2026-03-03T09:30:00.000Z');
const expires = new Date('2026-03-17T09:30:00.000Z');
const token = signUrlToken(secret, 'certificate_request', 'acct_1', 'crq_1', expires);

describe('url tokens', () => {
  it('accepts its own token before the expiry, naming the account', () => {
    expect(checkUrlToken(secret, 'certificate_request', 'crq_1', token, now)).toEqual({ ok: true, accountId: 'acct_1' });
  });

  it('refuses it at and after the expiry', () => {
    expect(checkUrlToken(secret, 'certificate_request', 'crq_1', token, expires)).toEqual({ ok: false, reason: 'expired' });
  });

  it('refuses another record, another kind, another secret, or any changed part', () => {
    const [account, epoch, mac] = token.split('.');
    const refused = (t: string, id = 'crq_1', kind = 'certificate_request', key = secret) => checkUrlToken(key, kind, id, t, now).ok;
    expect(refused(token, 'crq_2')).toBe(false);
    expect(refused(token, 'crq_1', 'calendar_feed')).toBe(false);
    expect(refused(token, 'crq_1', 'certificate_request', Buffer.alloc(32, 8))).toBe(false);
    expect(refused(`${Buffer.from('acct_2').toString('base64url')}.${epoch}.${mac}`)).toBe(false);
    expect(refused(`${account}.${Number(epoch) + 1}.${mac}`)).toBe(false);
    expect(refused(`${account}.${epoch}.${mac.slice(0, -1)}${mac.endsWith('A') ? 'B' : 'A'}`)).toBe(false);
    for (const malformed of ['', 'a.b', `${account}.x.${mac}`, `${account}.${epoch}.${mac}.extra`])
      expect(checkUrlToken(secret, 'certificate_request', 'crq_1', malformed, now)).toMatchObject({ ok: false });
  });
});
