/**
 * Local runtime: the development account of `npm start` (and of `npm run events`), kept in .levy/dev-account.json.
 * Reused while it and its key still work; a revoked key is replaced; an account made before usage plans (no usage
 * key) or an unreadable file gives a new account, with its primary entity, as `levy accounts create` makes it.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { hashApiKey } from '../../src/domain/accounts/api-key';
import type { Ports } from '../../src/ports/ports';
import { DEV_ACCOUNT_FILE } from '../local-env';
import { createAccount, createApiKey } from './accounts';

export interface DevAccount {
  account_id: string;
  api_key: string;
}

/** The dev account of .levy/dev-account.json if it and its key still work, else a new one (saved when persistent). */
export async function ensureDevAccount(
  ports: Pick<Ports, 'accounts' | 'apiKeys'>,
  persistent: boolean,
  file = DEV_ACCOUNT_FILE,
): Promise<{ account: DevAccount; created: boolean }> {
  if (persistent && existsSync(file)) {
    try {
      const saved = JSON.parse(readFileSync(file, 'utf8')) as DevAccount;
      const stored = saved.account_id ? await ports.accounts.get(saved.account_id) : undefined;
      // An account made before usage plans existed has no usage key: a new one is made below.
      if (stored?.usage_key) {
        const key = saved.api_key ? await ports.apiKeys.get(hashApiKey(saved.api_key)) : undefined;
        if (key?.status === 'active' && key.account_id === saved.account_id) return { account: saved, created: false };
        // The account is there but its key was revoked: issue a new one.
        const issued = await createApiKey(ports, saved.account_id);
        if (issued) {
          const account = { account_id: saved.account_id, api_key: issued.api_key };
          writeFileSync(file, `${JSON.stringify(account, null, 2)}\n`, { mode: 0o600 });
          return { account, created: false };
        }
      }
    } catch (error) {
      console.warn(`[levy] ignoring unreadable ${file}: ${(error as Error).message}`);
    }
  }
  const created = await createAccount(ports, { name: 'Levy Dev', country: process.env.LEVY_DEV_COUNTRY ?? 'US' });
  const account = { account_id: created.account_id, api_key: created.api_key };
  // An in-memory database forgets the account at exit: do not overwrite the persistent one's file.
  if (persistent) writeFileSync(file, `${JSON.stringify(account, null, 2)}\n`, { mode: 0o600 });
  return { account, created: true };
}
