/**
 * Admin use case (`levy migrate`): completes accounts and keys made before usage plans existed,
 * which have no plan, usage key or key id. Each such account gets the default plan (or keeps the plan it has), a usage
 * key on that plan's usage plan, and its keys get a key id, the plan and the usage key, in one write per account.
 * Safe to run again: complete accounts are left alone, and a key's id, once given, is kept.
 *
 * A key's prefix cannot be recovered (only its hash is stored), so `levy keys list` shows such keys without one; name
 * them by their key id.
 */
import { DEFAULT_PLAN, isPlanId, type PlanId } from '../../src/config/plans';
import type { Account } from '../../src/domain/accounts/account';
import type { ApiKeyRecord } from '../../src/domain/accounts/api-key';
import { newId } from '../../src/domain/ids';
import type { Ports } from '../../src/ports/ports';
import type { UsageKeys } from './usage-keys';

export interface MigrationReport {
  accounts_checked: number;
  accounts_completed: { account_id: string; plan: PlanId; keys_completed: number }[];
}

const isComplete = (account: Account, keys: readonly ApiKeyRecord[]) =>
  !!account.plan && !!account.usage_key && keys.every((k) => k.key_id && k.plan && k.usage_key === account.usage_key);

export async function migrateLegacyAccounts(deps: Pick<Ports, 'accounts' | 'apiKeys'>, usageKeys: UsageKeys): Promise<MigrationReport> {
  const report: MigrationReport = { accounts_checked: 0, accounts_completed: [] };
  // Keys without an id are not in the by-account index (keyed by key id): found once, by a scan.
  const withoutId = new Map<string, ApiKeyRecord[]>();
  for (const key of await deps.apiKeys.listWithoutId()) withoutId.set(key.account_id, [...(withoutId.get(key.account_id) ?? []), key]);
  for (const account of await deps.accounts.list()) {
    report.accounts_checked++;
    const keys = [...(await deps.apiKeys.listFor(account.account_id)), ...(withoutId.get(account.account_id) ?? [])];
    if (isComplete(account, keys)) continue;
    const plan: PlanId = isPlanId(account.plan) ? account.plan : DEFAULT_PLAN;
    const usage = account.usage_key ? { usage_key: account.usage_key, usage_key_id: account.usage_key_id } : await usageKeys.create(account.account_id, plan);
    // A key id from the key's creation time, so ids keep sorting by age.
    const keyIds = Object.fromEntries(keys.map((k) => [k.key_hash, k.key_id ?? newId('key', Date.parse(k.created_at) || Date.now())]));
    await deps.accounts.attachUsageKey(account.account_id, plan, usage, keyIds);
    report.accounts_completed.push({
      account_id: account.account_id,
      plan,
      keys_completed: keys.filter((k) => !k.key_id || !k.plan || k.usage_key !== usage.usage_key).length,
    });
  }
  return report;
}
