/**
 * Use case: who a bearer key is (the authorizer). An active key answers its account, plan and usage key, and notes
 * the day it was used; anything else is refused with the reason (for the log, never for the client).
 */
import { apiKeyFromAuthorizationHeader, hashApiKey } from '../domain/accounts/api-key';
import type { Ports } from '../ports/ports';

export interface Authorization {
  accountId: string;
  keyId: string;
  plan: string;
  /** What API Gateway applies the account's usage plan to. */
  usageKey: string;
}

export type AuthorizationOutcome = { allowed: true; authorization: Authorization } | { allowed: false; reason: 'missing or malformed' | 'unknown' | 'revoked' };

export async function authorizeApiKey(
  deps: Pick<Ports, 'apiKeys' | 'keyActivity'>,
  authorizationHeader: string | undefined,
  now = new Date(),
): Promise<AuthorizationOutcome> {
  const apiKey = apiKeyFromAuthorizationHeader(authorizationHeader);
  if (!apiKey) return { allowed: false, reason: 'missing or malformed' };
  const record = await deps.apiKeys.get(hashApiKey(apiKey));
  if (!record) return { allowed: false, reason: 'unknown' };
  if (record.status !== 'active') return { allowed: false, reason: 'revoked' };
  await deps.keyActivity.noteUsed(record.key_id, now.toISOString().slice(0, 10));
  return { allowed: true, authorization: { accountId: record.account_id, keyId: record.key_id, plan: record.plan, usageKey: record.usage_key } };
}
