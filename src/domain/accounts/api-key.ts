/**
 * Domain (pure): API keys. A key is `lvy_` + 32 random bytes in base64url; only its SHA-256 hash is ever stored, so
 * a leaked table does not leak credentials. Each key also has a public id (`key_...`) and keeps its first characters
 * as a prefix, so operators can name a key (to list or revoke it) without ever typing the secret.
 */
import { createHash, randomBytes } from 'node:crypto';
import { newId } from '../ids';

const API_KEY_PATTERN = /^lvy_[A-Za-z0-9_-]{43}$/;

/** How many characters of a key are kept as its prefix: `lvy_` + 8, far too few to guess the rest from. */
export const KEY_PREFIX_LENGTH = 12;

export const generateApiKey = (): string => `lvy_${randomBytes(32).toString('base64url')}`;

export const hashApiKey = (key: string): string => createHash('sha256').update(key).digest('hex');

export const isWellFormedApiKey = (key: string): boolean => API_KEY_PATTERN.test(key);

/** The key from an `Authorization: Bearer <key>` header (scheme in any case), or null. */
export function apiKeyFromAuthorizationHeader(header: string | undefined | null): string | null {
  const match = /^\s*bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return match && isWellFormedApiKey(match[1]) ? match[1] : null;
}

/** An API key as stored: only its hash, the account it opens, its plan, and whether it still works. */
export interface ApiKeyRecord {
  key_hash: string;
  /** Public id, e.g. `key_0mwt...`: safe to show, log and type. */
  key_id: string;
  /** The key's first KEY_PREFIX_LENGTH characters, as `levy keys list` shows them. */
  prefix: string;
  account_id: string;
  /** The account's usage plan (src/config/plans.ts) when the key was made or the plan last changed. */
  plan: string;
  /** The account's usage key: API Gateway applies the plan to it (the authorizer returns it). */
  usage_key: string;
  status: 'active' | 'revoked';
  created_at: string;
  revoked_at?: string;
}

/** A new active key of an account: the secret (shown once) and its record (stored). */
export function newApiKey(account: { account_id: string; plan: string; usage_key: string }, at: Date): { secret: string; record: ApiKeyRecord } {
  const secret = generateApiKey();
  return {
    secret,
    record: {
      key_hash: hashApiKey(secret),
      key_id: newId('key', at.getTime()),
      prefix: secret.slice(0, KEY_PREFIX_LENGTH),
      account_id: account.account_id,
      plan: account.plan,
      usage_key: account.usage_key,
      status: 'active',
      created_at: at.toISOString(),
    },
  };
}

/** What `levy keys list` shows of a key: never its secret or hash. */
export type ApiKeySummary = Omit<ApiKeyRecord, 'key_hash' | 'usage_key'> & { last_used_on: string | null };
