/**
 * Local runtime entry (`npm start`): DynamoDB Local + every table of src/config/tables.ts + a development
 * account + the API Gateway emulation of local/server/ on http://127.0.0.1:${PORT:-3000}.
 *
 *   LEVY_DYNAMODB_PORT       DynamoDB Local's port (default 8000)
 *   LEVY_IN_MEMORY=1         keep nothing between runs (default: data under .levy/db)
 *   PORT                     the API's port (default 3000)
 *   LEVY_RATES_DIR           import US rate files from this folder before serving
 *   LEVY_ZIP_COUNTIES_FILE   import the ZIP-to-county crosswalk from this file before serving
 *   LEVY_AUTH_CACHE_SECONDS  authorizer result cache, as API Gateway's (default 300)
 *   LEVY_DEV_COUNTRY         country of the development account when it is created (default US)
 *   LEVY_WEBHOOK_RETRY_SECONDS  first webhook retry delay, doubling after (default 60; docs/webhooks.md)
 */
import './quiet-sdk-warning';
import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { connect } from 'node:net';
import { join, resolve } from 'node:path';
import { ports } from '../src/composition/all-ports';
import { DOCUMENTS_URL_ENV_VAR } from '../src/config/documents';
import { ensureDevAccount } from './admin/dev-account';
import type { LocalDynamoDb } from './dynamodb/dynamodb-local';
import { LOCAL_STATE_DIR, startLocalDatabase } from './local-env';
import { importZipCounties } from './rates/zip-counties-import';
import { importRates } from './rates/rates-import';
import { startServer, type LocalServer } from './server/server';
import { startWebhookDispatcher, type WebhookDispatcher } from './server/webhook-dispatcher';

/** Copies of one signal arrive within this many ms of each other (see shutdown in main). */
const SIGNAL_ECHO_MS = 1000;

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
  let dispatcher: WebhookDispatcher | undefined;
  let stopping = false;
  let stoppingSince = 0;

  const shutdown = async (signal: string) => {
    if (stopping) {
      // One Ctrl-C reaches this process more than once within milliseconds: from the terminal (the whole foreground
      // process group) and relayed by npm. Only a later one is the user insisting. (`npm start` runs Node with tsx as a
      // loader, `node --import tsx`, not tsx's CLI: the CLI is a second process that relayed the signal again and
      // sometimes ended this one before its clean stop had finished.)
      if (Date.now() - stoppingSince < SIGNAL_ECHO_MS) return;
      console.error(`[levy] ${signal} again: exiting without waiting`);
      process.exit(130);
    }
    stopping = true;
    stoppingSince = Date.now();
    console.log(`\n[levy] ${signal}: stopping the API and DynamoDB Local ...`);
    try {
      dispatcher?.stop();
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
    db = await startLocalDatabase({ port: dbPort, dataDir });
    if (stopping) return;

    const ratesDir = process.env.LEVY_RATES_DIR;
    if (ratesDir) {
      console.log(`[levy] importing rates from ${ratesDir} ...`);
      const summary = await importRates([resolve(ratesDir)], { progress: process.stderr.isTTY });
      console.log(`[levy] imported ${summary.rows} ZIP rates from ${summary.files} files (${summary.effective_months.join(', ')}) in ${summary.seconds} s`);
    }

    const zipCountiesFile = process.env.LEVY_ZIP_COUNTIES_FILE;
    if (zipCountiesFile) {
      console.log(`[levy] importing the ZIP-to-county crosswalk from ${zipCountiesFile} ...`);
      const summary = await importZipCounties(resolve(zipCountiesFile));
      console.log(`[levy] imported ${summary.multi_county} ZIP and state pairs with two or more counties (of ${summary.zips} ZIPs) in ${summary.seconds} s`);
    }

    const { account, created } = await ensureDevAccount(ports, !inMemory);

    server = await startServer({
      port: apiPort,
      host: '127.0.0.1',
      onRequest: (e) =>
        console.log(`[levy] ${e.method} ${e.path} -> ${e.status} ${e.durationMs} ms${e.gatewayResponse ? ` (gateway ${e.gatewayResponse})` : ''}`),
    });
    if (stopping) return;
    // Webhooks: the same delivery code as deployed, in process; new events are picked up every second, and the
    // time-driven events (certificates expiring ...) are written at start and every 24 h.
    dispatcher = await startWebhookDispatcher({ pollMs: 1000, daily: true });
    // Pre-signed document URLs (the upload_url flow, a large document's 303) point to this server.
    process.env[DOCUMENTS_URL_ENV_VAR] ??= server.url;

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
