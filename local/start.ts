/**
 * Local runtime entry (`npm start`): DynamoDB Local + every table of src/config/tables.ts + a development
 * account + the API Gateway emulation of local/server/ on http://127.0.0.1:${PORT:-3000}.
 *
 *   LEVY_DYNAMODB_PORT       DynamoDB Local's port (default 8000)
 *   LEVY_IN_MEMORY=1         keep nothing between runs (default: data under .levy/db)
 *   PORT                     the API's port (default 3000)
 *   LEVY_RATES_DIR           import US rate files from this folder before serving
 *   LEVY_AUTH_CACHE_SECONDS  authorizer result cache, as API Gateway's (default 300)
 *   LEVY_DEV_COUNTRY         country of the development account when it is created (default US)
 */
import './quiet-sdk-warning';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { join, resolve } from 'node:path';
import { ports } from '../src/composition/all-ports';
import { hashApiKey } from '../src/domain/accounts/api-key';
import { createAccount, createApiKey } from './admin/accounts';
import { ensureTables, startDynamoDbLocal, type LocalDynamoDb } from './dynamodb/dynamodb-local';
import { applyLocalEnv, DEV_ACCOUNT_FILE, LOCAL_STATE_DIR, LOCAL_TABLE_PREFIX } from './local-env';
import { importRates } from './rates/rates-import';
import { startServer, type LocalServer } from './server/server';


interface DevAccount {
  account_id: string;
  api_key: string;
}

function intFromEnv(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0 || value > 65535) throw new Error(`${name} must be a port number, got '${raw}'`);
  return value;
}

/** DynamoDB Local is a Java program (17 or newer). */
function javaIsAvailable(): boolean {
  const probe = spawnSync('java', ['-version'], { stdio: 'ignore' });
  return !probe.error && probe.status === 0;
}

/** True when something already listens on 127.0.0.1:port (e.g. the DynamoDB Local of another `npm start`). */
function portInUse(port: number): Promise<boolean> {
  return new Promise((done) => {
    const socket = connect({ port, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.destroy();
      done(true);
    });
    socket.once('error', () => done(false));
  });
}

/** The dev account of .levy/dev-account.json if it and its key still work, else a new one. */
async function ensureDevAccount(persistent: boolean): Promise<{ account: DevAccount; created: boolean }> {
  if (persistent && existsSync(DEV_ACCOUNT_FILE)) {
    try {
      const saved = JSON.parse(readFileSync(DEV_ACCOUNT_FILE, 'utf8')) as DevAccount;
      const stored = saved.account_id ? await ports.accounts.get(saved.account_id) : undefined;
      // An account made before usage plans existed has no usage key: a new one is made below.
      if (stored?.usage_key) {
        const key = saved.api_key ? await ports.apiKeys.get(hashApiKey(saved.api_key)) : undefined;
        if (key?.status === 'active' && key.account_id === saved.account_id) return { account: saved, created: false };
        // The account is there but its key was revoked: issue a new one.
        const issued = await createApiKey(ports, saved.account_id);
        if (issued) {
          const account = { account_id: saved.account_id, api_key: issued.api_key };
          writeFileSync(DEV_ACCOUNT_FILE, `${JSON.stringify(account, null, 2)}\n`, { mode: 0o600 });
          return { account, created: false };
        }
      }
    } catch (error) {
      console.warn(`[levy] ignoring unreadable ${DEV_ACCOUNT_FILE}: ${(error as Error).message}`);
    }
  }
  const created = await createAccount(ports, { name: 'Levy Dev', country: process.env.LEVY_DEV_COUNTRY ?? 'US' });
  const account = { account_id: created.account_id, api_key: created.api_key };
  // An in-memory database forgets the account at exit: do not overwrite the persistent one's file.
  if (persistent) writeFileSync(DEV_ACCOUNT_FILE, `${JSON.stringify(account, null, 2)}\n`, { mode: 0o600 });
  return { account, created: true };
}

async function main(): Promise<void> {
  const inMemory = process.env.LEVY_IN_MEMORY === '1' || process.env.LEVY_IN_MEMORY === 'true';
  const dbPort = intFromEnv('LEVY_DYNAMODB_PORT', 8000);
  const apiPort = intFromEnv('PORT', 3000);

  if (!javaIsAvailable()) {
    console.error(
      '[levy] Java was not found. DynamoDB Local (the embedded database of `npm start`) needs Java 17 or newer on the PATH.\n' +
        '       Install one, e.g. `sudo apt-get install openjdk-17-jre-headless`, `brew install openjdk@17` or https://adoptium.net, then run `npm start` again.',
    );
    process.exit(1);
  }

  mkdirSync(LOCAL_STATE_DIR, { recursive: true });
  let db: LocalDynamoDb | undefined;
  let server: LocalServer | undefined;
  let stopping = false;

  const shutdown = async (signal: string) => {
    if (stopping) {
      console.error(`[levy] ${signal} again: exiting without waiting`);
      process.exit(130);
    }
    stopping = true;
    console.log(`\n[levy] ${signal}: stopping the API and DynamoDB Local ...`);
    try {
      await server?.close();
      await db?.stop();
      console.log('[levy] stopped.');
      process.exit(0);
    } catch (error) {
      console.error('[levy] error while stopping:', error);
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  try {
    const dataDir = inMemory ? undefined : join(LOCAL_STATE_DIR, 'db');
    console.log(`[levy] starting DynamoDB Local on port ${dbPort} (${inMemory ? 'in memory' : `data in ${dataDir}`}) ...`);
    // Checked first: DynamoDB Local would fail to bind, but another one answering there would look like ours.
    if (await portInUse(dbPort)) {
      throw new Error(`port ${dbPort} is already in use (another \`npm start\`?); choose another with LEVY_DYNAMODB_PORT=<port>.`);
    }
    db = await startDynamoDbLocal({ port: dbPort, dataDir });
    if (stopping) return;
    await ensureTables(db.endpoint, LOCAL_TABLE_PREFIX);
    applyLocalEnv(db.endpoint);

    const ratesDir = process.env.LEVY_RATES_DIR;
    if (ratesDir) {
      console.log(`[levy] importing rates from ${ratesDir} ...`);
      const summary = await importRates([resolve(ratesDir)], { progress: process.stderr.isTTY });
      console.log(`[levy] imported ${summary.rows} ZIP rates from ${summary.files} files (${summary.effective_months.join(', ')}) in ${summary.seconds} s`);
    }

    const { account, created } = await ensureDevAccount(!inMemory);

    server = await startServer({
      port: apiPort,
      host: '127.0.0.1',
      onRequest: (e) =>
        console.log(`[levy] ${e.method} ${e.path} -> ${e.status} ${e.durationMs} ms${e.gatewayResponse ? ` (gateway ${e.gatewayResponse})` : ''}`),
    });
    if (stopping) return;

    console.log('');
    console.log(`[levy] development account ${account.account_id} (${created ? 'created' : 'from .levy/dev-account.json'})`);
    console.log(`[levy] API key: ${account.api_key}`);
    console.log('[levy] try:');
    console.log(
      `  curl -s -X POST ${server.url}/vendors -H "Authorization: Bearer ${account.api_key}" ` +
        `-H "Content-Type: application/json" -d '{"name":"Acme GmbH","country":"DE"}'`,
    );
    console.log('');
    console.log(`[levy] Levy API listening on ${server.url} (Ctrl-C to stop)`);
  } catch (error) {
    console.error(`[levy] could not start: ${(error as Error).message ?? error}`);
    await server?.close().catch(() => undefined);
    await db?.stop().catch(() => undefined);
    process.exit(1);
  }
}

void main();
