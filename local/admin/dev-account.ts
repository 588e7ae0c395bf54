/**
 * Local runtime: the development account of `npm start`, kept with the database it lives in: `.levy/dev-account.json`
 * holds its id, its API key and the data folder they belong to (`.levy/db`). Reused while it and its key still work;
 * a revoked key is replaced by a new key of the same account. A new account is made only when the file names none
 * that this database holds (an account made before usage plans, a deleted `.levy/db`), and then never silently: the
 * old file is kept beside it and the caller says so.
 */
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { hashApiKey } from '../../src/domain/accounts/api-key';
import type { Ports } from '../../src/ports/ports';
import { DEV_ACCOUNT_FILE, LOCAL_DATA_DIR } from '../local-env';
import { createAccount, createApiKey } from './accounts';

export interface DevAccount {
  account_id: string;
  api_key: string;
}

/** The file's content: the account, and which data it belongs to (a key is worth nothing against another database). */
interface SavedAccount extends DevAccount {
  data_dir?: string;
}

export interface EnsuredDevAccount {
  account: DevAccount;
  created: boolean;
  /** A new key was issued because the saved one had been revoked. */
  newKey?: boolean;
  /** When a new account replaced the file's: the account it named (none when unreadable), and where its file was kept. */
  replaced?: { account_id?: string; kept_as: string };
}

type Deps = Pick<Ports, 'accounts' | 'apiKeys'>;

/**
 * The saved account if this database holds it (with a usage key: one made before usage plans has none), with its
 * key, or a new key when that one was revoked; undefined when the account is not here.
 */
export async function usableAccount(ports: Deps, saved: Partial<DevAccount> | undefined): Promise<{ account: DevAccount; newKey: boolean } | undefined> {
  const stored = saved?.account_id ? await ports.accounts.get(saved.account_id) : undefined;
  if (!saved?.account_id || !stored?.usage_key) return undefined;
  const key = saved.api_key ? await ports.apiKeys.get(hashApiKey(saved.api_key)) : undefined;
  if (key?.status === 'active' && key.account_id === saved.account_id)
    return { account: { account_id: saved.account_id, api_key: saved.api_key! }, newKey: false };
  const issued = await createApiKey(ports, saved.account_id);
  return issued ? { account: { account_id: saved.account_id, api_key: issued.api_key }, newKey: true } : undefined;
}

function readSaved(file: string): SavedAccount | undefined {
  if (!existsSync(file)) return undefined;
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as SavedAccount;
  } catch (error) {
    console.warn(`[levy] ignoring unreadable ${file}: ${(error as Error).message}`);
    return undefined;
  }
}

function save(file: string, account: DevAccount, dataDir: string): void {
  const saved: SavedAccount = { ...account, data_dir: dataDir };
  writeFileSync(file, `${JSON.stringify(saved, null, 2)}\n`, { mode: 0o600 });
}

/** Moves the file of an account this database does not hold aside (`dev-account.<its id>.json`), never over another. */
function keepAside(file: string, accountId: string): string {
  let kept = join(dirname(file), `${basename(file, '.json')}.${accountId}.json`);
  for (let n = 2; existsSync(kept); n++) kept = join(dirname(file), `${basename(file, '.json')}.${accountId}.${n}.json`);
  renameSync(file, kept);
  return kept;
}

/**
 * The development account of `file` if this database (the one of `dataDir`) holds it, else a new one (saved when
 * persistent). In memory the file is neither read nor written: it belongs to the data folder.
 */
export async function ensureDevAccount(ports: Deps, persistent: boolean, file = DEV_ACCOUNT_FILE, dataDir = LOCAL_DATA_DIR): Promise<EnsuredDevAccount> {
  const saved = persistent ? readSaved(file) : undefined;
  const usable = await usableAccount(ports, saved);
  if (usable) {
    if (usable.newKey || saved?.data_dir !== dataDir) save(file, usable.account, dataDir);
    return { account: usable.account, created: false, newKey: usable.newKey };
  }
  const created = await createAccount(ports, { name: 'Levy Dev', country: process.env.LEVY_DEV_COUNTRY ?? 'US' });
  const account = { account_id: created.account_id, api_key: created.api_key };
  if (!persistent) return { account, created: true };
  const replaced = saved?.account_id
    ? { account_id: saved.account_id, kept_as: keepAside(file, saved.account_id) }
    : existsSync(file)
      ? { kept_as: keepAside(file, 'unreadable') }
      : undefined;
  save(file, account, dataDir);
  return { account, created: true, replaced };
}
