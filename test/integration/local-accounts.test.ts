/**
 * Integration (DynamoDB Local): the accounts the local runtime keeps per database. The development account of
 * `npm start` stays with its data folder: reused while the database holds it, a new key when its key was revoked, and
 * replaced only out loud, its old file kept beside (a database that does not hold it once rewrote the file, and the
 * next `npm start` made a new, empty account without a word). `npm run events` has an account of its own per
 * database, never the development account.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ports } from '../../src/composition/all-ports';
import { createAccount, revokeApiKey } from '../../local/admin/accounts';
import { ensureDevAccount } from '../../local/admin/dev-account';
import { ensureEventsAccount } from '../../local/events/events-account';
import { SOURCE_MODE_ONLY, sourceModeOnly } from '../support/bundle-mode';

const noRoute = sourceModeOnly(SOURCE_MODE_ONLY.callsNoRoute);

let dir: string;
const dataDir = '/levy-test/.levy/db';
const file = () => join(dir, 'dev-account.json');
const saved = () => JSON.parse(readFileSync(file(), 'utf8'));

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'levy-local-accounts-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

noRoute.describe('the development account', () => {
  it('is saved with the data folder its key belongs to, and found again', async () => {
    const first = await ensureDevAccount(ports, true, file(), dataDir);
    expect(first).toMatchObject({ created: true, replaced: undefined });
    expect(saved()).toEqual({ ...first.account, data_dir: dataDir });
    const again = await ensureDevAccount(ports, true, file(), dataDir);
    expect(again).toEqual({ account: first.account, created: false, newKey: false });
  });

  it('gets a new key, same account, when its key was revoked', async () => {
    const first = await ensureDevAccount(ports, true, file(), dataDir);
    await revokeApiKey(ports, { secret: first.account.api_key });
    const again = await ensureDevAccount(ports, true, file(), dataDir);
    expect(again).toMatchObject({ created: false, newKey: true, account: { account_id: first.account.account_id } });
    expect(again.account.api_key).not.toBe(first.account.api_key);
    expect(saved()).toEqual({ ...again.account, data_dir: dataDir });
  });

  it('is replaced only out loud when the database does not hold it: the old file is kept beside', async () => {
    const elsewhere = { account_id: 'acct_0mhx2k3c0a1b2c3d4e5f60718', api_key: 'lvy_0000000000000000000000000000000000000000000', data_dir: dataDir };
    writeFileSync(file(), JSON.stringify(elsewhere));
    const made = await ensureDevAccount(ports, true, file(), dataDir);
    const keptAs = join(dir, `dev-account.${elsewhere.account_id}.json`);
    expect(made).toMatchObject({ created: true, replaced: { account_id: elsewhere.account_id, kept_as: keptAs } });
    expect(JSON.parse(readFileSync(keptAs, 'utf8'))).toEqual(elsewhere);
    expect(saved()).toEqual({ ...made.account, data_dir: dataDir });
  });

  it('in memory: a new account each time, the file neither read nor written', async () => {
    const kept = await ensureDevAccount(ports, true, file(), dataDir);
    const before = readFileSync(file(), 'utf8');
    const inMemory = await ensureDevAccount(ports, false, file(), dataDir);
    expect(inMemory.created).toBe(true);
    expect(inMemory.account.account_id).not.toBe(kept.account.account_id);
    expect(readFileSync(file(), 'utf8')).toBe(before);
  });
});

noRoute.describe("the events' account", () => {
  it('is an account of its own per database, found again, never the development account', async () => {
    const accounts = join(dir, 'events-accounts.json');
    const dev = await createAccount(ports, { name: 'Levy Dev', country: 'US' });
    const first = await ensureEventsAccount(dataDir, accounts);
    expect(first.created).toBe(true);
    expect(first.account.account_id).not.toBe(dev.account_id);
    expect((await ports.accounts.get(first.account.account_id))?.name).toBe('Levy Events');
    expect(await ensureEventsAccount(dataDir, accounts)).toEqual({ account: first.account, created: false });

    const other = await ensureEventsAccount('/another/.levy/db', accounts);
    expect(other.account.account_id).not.toBe(first.account.account_id);
    expect(Object.keys(JSON.parse(readFileSync(accounts, 'utf8'))).sort()).toEqual(['/another/.levy/db', dataDir]);
    expect(existsSync(file())).toBe(false);
  });
});
