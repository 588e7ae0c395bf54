/**
 * Use case: who a bearer key is (the authorizer). An active key answers its account, plan and usage key, and notes
 * the day it was used; anything else is refused with the reason (for the log, never for the client).
 *
 * Keys made before usage plans existed have no key id, plan or usage key until `levy migrate` completes them
 * (docs/deployment.md, "Upgrading"): they are still answered, without those, so an upgrade deploy that does not yet
 * require usage keys keeps them working. Noting the day is best effort: a failure there never refuses a valid key.
 */
import { apiKeyFromAuthorizationHeader, hashApiKey } from '../domain/accounts/api-key';
import type { Ports } from '../ports/ports';

export interface Authorization {
  accountId: string;
  keyId?: string;
  plan?: string;
  /** What API Gateway applies the account's usage plan to. */
  usageKey?: string;
}

export type AuthorizationOutcome =
  { allowed: true; authorization: Authorization; activityNotNoted?: unknown } | { allowed: false; reason: 'missing or malformed' | 'unknown' | 'revoked' };

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
  const authorization: Authorization = { accountId: record.account_id, keyId: record.key_id, plan: record.plan, usageKey: record.usage_key };
  if (!record.key_id) return { allowed: true, authorization };
  try {
    await deps.keyActivity.noteUsed(record.key_id, now.toISOString().slice(0, 10));
    return { allowed: true, authorization };
  } catch (error) {
    return { allowed: true, authorization, activityNotNoted: error };
  }
}
