/** Unit: strict base64url decoding (src/domain/base64url.ts), the one decoder of the tokens Levy puts in URLs. */
import { randomBytes } from 'node:crypto';
import { decodeBase64Url, decodeBase64UrlText } from '../../src/domain/base64url';

describe('strict base64url', () => {
  it('decodes what Node encodes, for every length of input (0 to 3 bytes over a multiple of 3)', () => {
    for (let length = 0; length <= 40; length++) {
      const bytes = randomBytes(length);
      expect(decodeBase64Url(bytes.toString('base64url'))).toEqual(bytes);
    }
    expect(decodeBase64Url('_-8')).toEqual(Buffer.from([0xff, 0xef]));
  });

  it('refuses what Buffer.from(x, "base64url") would quietly accept: stray characters, padding, base64 characters', () => {
    const text = Buffer.from('acct_0mfkq3z8a1b2').toString('base64url');
    // Node skips the stray character (or the padding), so each of these gives the same bytes as `text`.
    for (const tampered of [
      `${text}*`,
      `${text}!`,
      `${text}\u0000`,
      `${text}=`,
      `${text}==`,
      `*${text}`,
      `${text.slice(0, 4)} ${text.slice(4)}`,
      `${text}\n`,
      `${text}.`,
    ]) {
      expect([tampered, Buffer.from(tampered, 'base64url').equals(Buffer.from(text, 'base64url'))]).toEqual([tampered, true]);
      expect([tampered, decodeBase64Url(tampered)]).toEqual([tampered, undefined]);
    }
    // The standard alphabet's `+` and `/` are not base64url.
    expect(decodeBase64Url('-_8')).toBeDefined();
    expect(decodeBase64Url('+/8')).toBeUndefined();
    expect(decodeBase64Url('AAA=')).toBeUndefined();
  });

  it('refuses a length no encoding has (4n + 1) and non-canonical trailing bits', () => {
    expect(decodeBase64Url('A')).toBeUndefined();
    expect(decodeBase64Url('AAAAA')).toBeUndefined();
    // "AB" and "AA" both decode to one zero byte in Node: only "AA" is its encoding.
    expect(Buffer.from('AB', 'base64url')).toEqual(Buffer.from([0]));
    expect(decodeBase64Url('AA')).toEqual(Buffer.from([0]));
    expect(decodeBase64Url('AB')).toBeUndefined();
    expect(decodeBase64Url('AAB')).toBeUndefined();
    expect(decodeBase64Url('AAA')).toEqual(Buffer.from([0, 0]));
  });

  it('decodes text only when its bytes are the UTF-8 of that text', () => {
    expect(decodeBase64UrlText(Buffer.from('acct_1 é').toString('base64url'))).toBe('acct_1 é');
    expect(decodeBase64UrlText('')).toBe('');
    // 0xff is no UTF-8: Node would give U+FFFD for it (as for 0xfe), so two texts would name one account.
    expect(decodeBase64UrlText(Buffer.from([0x61, 0xff]).toString('base64url'))).toBeUndefined();
    expect(decodeBase64UrlText(`${Buffer.from('acct_1').toString('base64url')}*`)).toBeUndefined();
  });
});
