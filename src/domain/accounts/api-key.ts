/**
 * Domain (pure): API keys. A key is `lvy_` + 32 random bytes in base64url; only its SHA-256 hash
 * is ever stored, so a leaked table does not leak credentials.
 */
import { createHash, randomBytes } from 'node:crypto';

const API_KEY_PATTERN = /^lvy_[A-Za-z0-9_-]{43}$/;

export const generateApiKey = (): string => `lvy_${randomBytes(32).toString('base64url')}`;

export const hashApiKey = (key: string): string => createHash('sha256').update(key).digest('hex');

const isWellFormedApiKey = (key: string): boolean => API_KEY_PATTERN.test(key);

/** The key from an `Authorization: Bearer <key>` header (scheme in any case), or null. */
export function apiKeyFromAuthorizationHeader(header: string | undefined | null): string | null {
  const match = /^\s*bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return match && isWellFormedApiKey(match[1]) ? match[1] : null;
}

/** An API key as stored: only its hash, the account it opens, and whether it still works. */
export interface ApiKeyRecord {
  key_hash: string;
  account_id: string;
  status: 'active' | 'revoked';
  created_at: string;
  revoked_at?: string;
}
