/**
 * HTTP + CLI: the key lifecycle an operator runs with `levy keys ...` against the local server that
 * `npm start` serves. Several keys per account for rotation; `keys list` without secrets but with last_used_on (the
 * authorizer writes it, at most once a day); `keys revoke` by id or prefix (the secret only from stdin or a file,
 * never the command line) takes effect at once, because the CLI flushes the server's authorizer cache.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { main as levy } from '../../local/cli';
import { documentClient } from '../../src/adapters/dynamodb/client';
import { tableName } from '../../src/config/environment';
import { hashApiKey } from '../../src/domain/accounts/api-key';
import { startServer, type LocalServer } from '../../local/server/server';
import { requester } from '../support/http';
import { SOURCE_MODE_ONLY, sourceModeOnly } from '../support/bundle-mode';

let server: LocalServer;
const request = requester(() => server);

/** Runs `levy <args>`; answers its exit code and the JSON it printed. */
async function cli(...args: string[]): Promise<{ code: number; out: any; err: string }> {
  const out: string[] = [];
  const err: string[] = [];
  const writes = [
    jest.spyOn(process.stdout, 'write').mockImplementation(((s: string) => out.push(String(s)) > 0) as never),
    jest.spyOn(process.stderr, 'write').mockImplementation(((s: string) => err.push(String(s)) > 0) as never),
  ];
  try {
    const code = await levy(args);
    const printed = out.join('');
    // Commands print one JSON value; help prints text.
    return { code, out: printed.startsWith('{') || printed.startsWith('[') ? JSON.parse(printed) : printed, err: err.join('') };
  } finally {
    writes.forEach((w) => w.mockRestore());
  }
}

beforeAll(async () => {
  // Cached for 300 s, as API Gateway does: only the flush makes a revocation immediate.
  server = await startServer({ port: 0, authCacheSeconds: 300 });
  process.env.LEVY_API_URL = server.url;
});

afterAll(async () => {
  delete process.env.LEVY_API_URL;
  await server?.close();
});

describe('levy keys', () => {
  it('rotates keys: a second key, both listed without secrets, the old one revoked by prefix at once', async () => {
    const account = await cli('accounts', 'create', '--name', 'Rotation GmbH', '--country', 'DE', '--plan', 'growth');
    expect(account.code).toBe(0);
    expect(account.out).toMatchObject({ plan: 'growth', api_key: expect.stringMatching(/^lvy_/), key_id: expect.stringMatching(/^key_/) });
    const second = await cli('keys', 'create', '--account', account.out.account_id);
    expect(second.code).toBe(0);

    for (const key of [account.out.api_key, second.out.api_key]) expect((await request('GET', '/entities', { key })).status).toBe(200);
    const listed = await cli('keys', 'list', '--account', account.out.account_id);
    expect(listed.out.map((k: { key_id: string }) => k.key_id)).toEqual([account.out.key_id, second.out.key_id]);
    const today = new Date().toISOString().slice(0, 10);
    expect(listed.out[0]).toMatchObject({
      status: 'active',
      plan: 'growth',
      prefix: account.out.api_key.slice(0, 12),
      last_used_on: today,
      created_at: expect.any(String),
    });
    expect(JSON.stringify(listed.out)).not.toContain(account.out.api_key);
    expect(JSON.stringify(listed.out)).not.toMatch(/key_hash|usage_key/);

    const revoked = await cli('keys', 'revoke', account.out.api_key.slice(0, 12));
    expect(revoked.code).toBe(0);
    expect(revoked.out).toMatchObject({ revoked: { key_id: account.out.key_id, status: 'revoked' }, flushed: expect.stringContaining(server.url) });
    // The cached Allow is gone: refused at once, while the rotated key keeps working.
    expect((await request('GET', '/entities', { key: account.out.api_key })).status).toBe(401);
    expect((await request('GET', '/entities', { key: second.out.api_key })).status).toBe(200);
  });

  it('never takes a secret on the command line; takes it from a file or stdin', async () => {
    const account = await cli('accounts', 'create', '--name', 'Secrets GmbH', '--country', 'FR');
    const onArgv = await cli('keys', 'revoke', account.out.api_key);
    expect(onArgv.code).toBe(2);
    expect(onArgv.err).toContain('never put one on the command line');
    expect((await request('GET', '/entities', { key: account.out.api_key })).status).toBe(200);

    const file = join(mkdtempSync(join(tmpdir(), 'levy-key-')), 'key.txt');
    writeFileSync(file, `${account.out.api_key}\n`, { mode: 0o600 });
    const fromFile = await cli('keys', 'revoke', '--key-file', file);
    expect(fromFile.code).toBe(0);
    expect(fromFile.out.revoked).toMatchObject({ key_id: account.out.key_id, status: 'revoked' });
    expect((await request('GET', '/entities', { key: account.out.api_key })).status).toBe(401);
  });

  it('answers usage mistakes with 2 and unknown keys or accounts with 1, each with a message', async () => {
    expect((await cli('keys', 'revoke')).code).toBe(2);
    expect((await cli('keys', 'revoke', 'key_nope', '--stdin')).code).toBe(2);
    expect((await cli('accounts', 'create', '--name', 'X', '--country', 'XX')).code).toBe(2);
    expect((await cli('accounts', 'create', '--name', 'X', '--country', 'DE', '--plan', 'platinum')).code).toBe(2);
    const unknown = await cli('keys', 'revoke', 'key_0000000000000000000000000');
    expect(unknown.code).toBe(1);
    expect(unknown.err).toContain('No API key has the id or prefix');
    expect((await cli('keys', 'create', '--account', 'acct_missing')).code).toBe(1);
    const help = await cli('keys', 'revoke', '--help');
    expect(help.code).toBe(0);
    expect(help.out).toContain('--key-file');
  });

  it('moves an account to another plan', async () => {
    const account = await cli('accounts', 'create', '--name', 'Upgrade GmbH', '--country', 'DE');
    const moved = await cli('accounts', 'update', '--account', account.out.account_id, '--plan', 'scale');
    expect(moved).toMatchObject({ code: 0, out: { plan: 'scale', previous_plan: 'starter' } });
    expect((await cli('keys', 'list', '--account', account.out.account_id)).out[0].plan).toBe('scale');
  });
});

describe('levy keys revoke when the authorizer cache cannot be flushed', () => {
  it('still revokes, prints the revoked key with flushed: false and the reason, and exits 1', async () => {
    const account = await cli('accounts', 'create', '--name', 'Flush GmbH', '--country', 'DE');
    // A server that refuses the flush.
    const refusing = createServer((_req, res) => res.writeHead(500).end());
    await new Promise<void>((resolve) => refusing.listen(0, '127.0.0.1', resolve));
    process.env.LEVY_API_URL = `http://127.0.0.1:${(refusing.address() as AddressInfo).port}`;
    try {
      const revoked = await cli('keys', 'revoke', account.out.key_id);
      expect(revoked.code).toBe(1);
      expect(revoked.out).toMatchObject({ revoked: { key_id: account.out.key_id, status: 'revoked' }, flushed: false, error: expect.stringContaining('500') });
      expect(revoked.err).toContain('revoked');
    } finally {
      process.env.LEVY_API_URL = server.url;
      await new Promise((resolve) => refusing.close(resolve));
    }
  });
});

sourceModeOnly(SOURCE_MODE_ONLY.operatorCommand).describe('levy migrate: accounts and keys made before usage plans', () => {
  it('gives them a plan, a usage key and key ids, after which the key passes the usage plan; running again changes nothing', async () => {
    const accountId = `acct_legacy${Date.now()}`;
    const secret = `lvy_${randomBytes(32).toString('base64url')}`;
    // As Levy wrote them before usage plans existed: no plan, usage key, key id or prefix.
    await documentClient().put({
      TableName: tableName('Accounts'),
      Item: { account_id: accountId, name: 'Old GmbH', country: 'DE', primary_entity_id: 'ent_old', created_at: '2026-01-05T00:00:00.000Z' },
    });
    await documentClient().put({
      TableName: tableName('ApiKeys'),
      Item: { key_hash: hashApiKey(secret), account_id: accountId, status: 'active', created_at: '2026-01-05T00:00:00.000Z' },
    });
    const before = await request('GET', '/entities', { key: secret });
    expect(before.status).toBe(403);
    expect(before.body.error).toBe('access_denied');

    const migrated = await cli('migrate');
    expect(migrated.code).toBe(0);
    expect(migrated.out.accounts_completed).toContainEqual({ account_id: accountId, plan: 'starter', keys_completed: 1 });
    const listed = await cli('keys', 'list', '--account', accountId);
    expect(listed.out).toEqual([expect.objectContaining({ key_id: expect.stringMatching(/^key_/), plan: 'starter', status: 'active' })]);
    expect((await request('GET', '/entities', { key: secret })).status).toBe(200);

    const again = await cli('migrate');
    expect(again.out.accounts_completed.map((a: { account_id: string }) => a.account_id)).not.toContain(accountId);
    expect((await cli('keys', 'list', '--account', accountId)).out[0].key_id).toBe(listed.out[0].key_id);
  });
});
