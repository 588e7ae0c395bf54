/**
 * Local runtime (`npm run events`): the account the events are generated for: one of their own in each database,
 * never the developer's, so their fixtures (registrations, a Massachusetts sale over its threshold, webhook
 * endpoints ...) neither clash with the developer's records (409 registration_overlaps) nor clutter them.
 * `.levy/events-accounts.json` keeps its id and API key per database (by data folder), so the fixtures are found again.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { isAbsolute, join } from 'node:path';
import { ports } from '../../src/composition/all-ports';
import { createAccount } from '../admin/accounts';
import { usableAccount, type DevAccount } from '../admin/dev-account';
import { LOCAL_STATE_DIR } from '../local-env';

export const EVENTS_ACCOUNTS_FILE = join(LOCAL_STATE_DIR, 'events-accounts.json');
export const EVENTS_ACCOUNT_NAME = 'Levy Events';

type Saved = Record<string, DevAccount>;

function readSaved(file: string): Saved {
  try {
    return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Saved) : {};
  } catch {
    return {};
  }
}

/**
 * The events' account of the database `identity` names (local-database.ts): the saved one while the database holds
 * it (with a new key if its key was revoked), else a new one. Only databases with a data folder are remembered for
 * good; one in memory or known only by its endpoint is kept until another such replaces it.
 */
export async function ensureEventsAccount(identity: string, file = EVENTS_ACCOUNTS_FILE): Promise<{ account: DevAccount; created: boolean }> {
  const saved = readSaved(file);
  const usable = await usableAccount(ports, saved[identity]);
  const account = usable?.account ?? (await createAccount(ports, { name: EVENTS_ACCOUNT_NAME, country: 'US' }));
  const kept = Object.fromEntries(Object.entries(saved).filter(([key]) => isAbsolute(key) && key !== identity));
  const entry: DevAccount = { account_id: account.account_id, api_key: account.api_key };
  if (!usable || usable.newKey || !(identity in saved)) writeFileSync(file, `${JSON.stringify({ ...kept, [identity]: entry }, null, 2)}\n`, { mode: 0o600 });
  return { account: entry, created: !usable };
}
