/**
 * Domain (pure, a leaf): base64url (RFC 4648 section 5, unpadded) for the tokens Levy puts in URLs: a URL token's account
 * and signature (src/domain/notices/url-token.ts), a calendar feed token's account (src/domain/filing/calendar-feed.ts).
 * Decoding is strict because Node's Buffer.from(text, 'base64url') is not: it skips any character outside the alphabet,
 * takes `=` padding and ignores a last character's unused bits, so `<token>*`, `<token>!`, `<token>\0` or
 * `<token>=` gave the bytes of `<token>` and a tampered link still opened its page. Here a text decodes
 * only when it is exactly the encoding of its bytes: the alphabet [A-Za-z0-9_-], no padding, a length an encoding
 * can have (not 4n + 1), and the canonical last character (re-encoding gives the same text).
 */

const ALPHABET = /^[A-Za-z0-9_-]*$/;

export const encodeBase64Url = (bytes: Buffer | string): string => Buffer.from(bytes).toString('base64url');

/** The bytes `text` encodes, or undefined when it is not exactly their base64url encoding. */
export function decodeBase64Url(text: string): Buffer | undefined {
  if (!ALPHABET.test(text) || text.length % 4 === 1) return undefined;
  const bytes = Buffer.from(text, 'base64url');
  return encodeBase64Url(bytes) === text ? bytes : undefined;
}

/** The UTF-8 text `text` encodes, or undefined when it is not strict base64url or its bytes are not that text's UTF-8. */
export function decodeBase64UrlText(text: string): string | undefined {
  const bytes = decodeBase64Url(text);
  if (!bytes) return undefined;
  const decoded = bytes.toString('utf8');
  // Invalid UTF-8 becomes U+FFFD, so different bytes would give one text: only the text's own bytes are taken.
  return Buffer.from(decoded, 'utf8').equals(bytes) ? decoded : undefined;
}
