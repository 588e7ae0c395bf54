/**
 * Local runtime entry (`npm start`): DynamoDB Local + every table of src/config/tables.ts + a development
 * account + the API Gateway emulation of local/server/ on http://127.0.0.1:${PORT:-3000}. While it runs,
 * .levy/server.json says where (local/state/server-record.ts), so the CLI, `npm run events` and `npm run invoke` use
 * this database, and no other process opens its data folder.
 *
 *   LEVY_DYNAMODB_PORT       DynamoDB Local's port (default 8000)
 *   LEVY_IN_MEMORY=1         keep nothing between runs (default: data under .levy/db)
 *   LEVY_STATE_DIR           another folder than .levy for the data, server.json and the accounts
 *   PORT                     the API's port (default 3000)
 *   LEVY_RATES_DIR           import US rate files from this folder before serving
 *   LEVY_ZIP_COUNTIES_FILE   import the ZIP-to-county crosswalk from this file before serving
 *   LEVY_US_LOCAL_RATES      `required`: refuse a US sale without a ZIP table in force (422) instead of a state-only rate
 *   LEVY_AUTH_CACHE_SECONDS  authorizer result cache, as API Gateway's (default 300)
 *   LEVY_DEV_COUNTRY         country of the development account when it is created (default US)
 *   LEVY_WEBHOOK_RETRY_SECONDS  first webhook retry delay, doubling after (default 60; docs/webhooks.md)
 *   LEVY_LOCAL_BUNDLES=1     serve the synthesized bundles on Node 22 instead of the TypeScript sources (docs/local.md)
 *   LEVY_ENFORCE_IAM=1       with bundles: hold each function's DynamoDB calls to its role's grants
 */
import './quiet-sdk-warning';
import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { ports } from '../src/composition/all-ports';
import { DOCUMENTS_URL_ENV_VAR } from '../src/config/documents';
import { ensureDevAccount, type EnsuredDevAccount } from './admin/dev-account';
import type { LocalDynamoDb } from './dynamodb/dynamodb-local';
import {
  DEFAULT_LOCAL_DYNAMODB_PORT,
  DEV_ACCOUNT_FILE,
  DYNAMODB_PORT_ENV_VAR,
  LOCAL_DATA_DIR,
  LOCAL_STATE_DIR,
  shownPath,
  startLocalDatabase,
} from './local-env';
import { announceCoverage } from './coverage-lines';
import { importZipCounties } from './rates/zip-counties-import';
import { importRates } from './rates/rates-import';
import { quickstartLines } from './quickstart';
import { bundleModeRequested, startLocalBundles, type LocalBundles } from './bundles/local-bundles';
import { startServer, type LocalServer } from './server/server';
import { startWebhookDispatcher, type WebhookDispatcher } from './server/webhook-dispatcher';
import { loopbackEndpoint, reachable } from './state/net';
import {
  claimServerRecord,
  describeHolder,
  releaseServerRecord,
  replaceServerRecord,
  SERVER_FILE,
  updateServerRecord,
  type ServerRecord,
} from './state/server-record';

/** Copies of one signal arrive within this many ms of each other (see onSignal). */
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

interface Settings {
  inMemory: boolean;
  dbPort: number;
  apiPort: number;
  /** Undefined in memory. */
  dataDir: string | undefined;
}

/** What is running, for the stop. */
interface Running {
  db?: LocalDynamoDb;
  server?: LocalServer;
  bundles?: LocalBundles;
  dispatcher?: WebhookDispatcher;
  stopping: boolean;
  stoppingSince: number;
}

/**
 * Takes .levy/server.json before opening the data folder: refused when another process holds the folder. In memory
 * nothing is opened, so another server's record is left alone (this one is then reached by its port only).
 */
async function claimStateFolder(settings: Settings): Promise<boolean> {
  const record: ServerRecord = {
    holder: 'npm start',
    pid: process.pid,
    url: null,
    dynamodb_endpoint: loopbackEndpoint(settings.dbPort),
    dynamodb_port: settings.dbPort,
    data_dir: settings.dataDir ?? null,
    started_at: new Date().toISOString(),
  };
  const claim = await claimServerRecord(record);
  if (claim.claimed) return true;
  const holder = claim.holder;
  if (settings.dataDir && holder.data_dir === settings.dataDir) {
    throw new Error(
      `${shownPath(settings.dataDir)} is in use by ${describeHolder(holder)}. Stop that first, or run this one with LEVY_IN_MEMORY=1 (or LEVY_STATE_DIR=<another folder>).`,
    );
  }
  if (settings.dataDir) {
    // The persistent database is the one the tools should find: it takes the record over from a server in memory.
    console.log(`[levy] ${shownPath(SERVER_FILE)} named ${describeHolder(holder)}; it now names this server, on ${shownPath(settings.dataDir)}.`);
    replaceServerRecord(record);
    return true;
  }
  console.log(
    `[levy] ${shownPath(SERVER_FILE)} names ${describeHolder(holder)}, so the tools use that one; ` +
      `they reach this one (in memory) with ${DYNAMODB_PORT_ENV_VAR}=${settings.dbPort}.`,
  );
  return false;
}

async function importStartupData(): Promise<void> {
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
}

/** Where the development account came from, and which data its key belongs to; a replaced account said loudly. */
function announceDevAccount(dev: EnsuredDevAccount, settings: Settings): void {
  const file = shownPath(DEV_ACCOUNT_FILE);
  if (dev.replaced) {
    const named = dev.replaced.account_id
      ? `named ${dev.replaced.account_id}, which the database in ${shownPath(settings.dataDir!)} does not hold`
      : 'could not be read';
    console.warn(
      `[levy] warning: ${file} ${named} (was the data folder deleted or replaced?). ` +
        `Made a new development account; the old file is kept as ${shownPath(dev.replaced.kept_as)}.`,
    );
  }
  const origin = !settings.dataDir
    ? `created; in memory, gone when this stops; ${file} left alone`
    : `${dev.created ? 'created and saved in' : 'from'} ${file}${dev.newKey ? ', with a new key: the old one was revoked' : ''}; its data in ${shownPath(settings.dataDir)}`;
  console.log(`[levy] development account ${dev.account.account_id} (${origin})`);
  console.log(`[levy] API key: ${dev.account.api_key}`);
}

async function serve(settings: Settings, running: Running, registered: boolean): Promise<void> {
  running.db = await startLocalDatabase({ port: settings.dbPort, dataDir: settings.dataDir });
  if (running.stopping) return;
  await importStartupData();
  await announceCoverage();
  const dev = await ensureDevAccount(ports, !settings.inMemory);
  if (bundleModeRequested()) running.bundles = await startLocalBundles();
  if (running.stopping) return;
  running.server = await startServer({
    port: settings.apiPort,
    host: '127.0.0.1',
    bundles: running.bundles,
    onRequest: (e) =>
      console.log(`[levy] ${e.method} ${e.path} -> ${e.status} ${e.durationMs} ms${e.gatewayResponse ? ` (gateway ${e.gatewayResponse})` : ''}`),
  });
  if (running.stopping) return;
  // Webhooks: the same delivery code as deployed, in process; new events are picked up every second, and the
  // time-driven events (certificates expiring ...) are written at start and every 24 h.
  // In bundle mode each queued delivery is the bundled webhook-delivery function's, as SQS hands it over deployed.
  running.dispatcher = await startWebhookDispatcher({ pollMs: 1000, daily: true, consume: running.bundles?.deliverQueued });
  // Pre-signed document URLs (the upload_url flow, a large document's 303) point to this server.
  process.env[DOCUMENTS_URL_ENV_VAR] ??= running.server.url;
  if (registered)
    updateServerRecord(process.pid, {
      url: running.server.url,
      dev_account_id: dev.account.account_id,
      dev_account_file: settings.inMemory ? undefined : DEV_ACCOUNT_FILE,
    });

  console.log('');
  announceDevAccount(dev, settings);
  console.log(quickstartLines(running.server.url, dev.account.api_key));
  console.log(
    `[levy] ${running.bundles?.description ?? `mode: sources (the TypeScript handlers in this process), iam not enforced; functions run on Node ${process.version}`}`,
  );
  console.log(`[levy] Levy API listening on ${running.server.url} (Ctrl-C to stop)`);
}

function onSignal(running: Running): (signal: string) => Promise<void> {
  return async (signal) => {
    if (running.stopping) {
      // One Ctrl-C reaches this process more than once within milliseconds: from the terminal (the whole foreground
      // process group) and relayed by npm. Only a later one is the user insisting. (`npm start` runs Node with tsx as a
      // loader, `node --import tsx`, not tsx's CLI: the CLI is a second process that relayed the signal again and
      // sometimes ended this one before its clean stop had finished.)
      if (Date.now() - running.stoppingSince < SIGNAL_ECHO_MS) return;
      console.error(`[levy] ${signal} again: exiting without waiting`);
      process.exit(130);
    }
    running.stopping = true;
    running.stoppingSince = Date.now();
    console.log(`\n[levy] ${signal}: stopping the API and DynamoDB Local ...`);
    try {
      running.dispatcher?.stop();
      await running.server?.close();
      await running.bundles?.close();
      await running.db?.stop();
      console.log('[levy] stopped.');
      process.exit(0);
    } catch (error) {
      console.error('[levy] error while stopping:', error);
      process.exit(1);
    }
  };
}

async function main(): Promise<void> {
  const inMemory = process.env.LEVY_IN_MEMORY === '1' || process.env.LEVY_IN_MEMORY === 'true';
  const settings: Settings = {
    inMemory,
    dbPort: intFromEnv(DYNAMODB_PORT_ENV_VAR, DEFAULT_LOCAL_DYNAMODB_PORT),
    apiPort: intFromEnv('PORT', 3000),
    dataDir: inMemory ? undefined : LOCAL_DATA_DIR,
  };
  if (!javaIsAvailable()) {
    console.error(
      '[levy] Java was not found. DynamoDB Local (the embedded database of `npm start`) needs Java 17 or newer on the PATH.\n' +
        '       Install one, e.g. `sudo apt-get install openjdk-17-jre-headless`, `brew install openjdk@17` or https://adoptium.net, then run `npm start` again.',
    );
    process.exit(1);
  }
  mkdirSync(LOCAL_STATE_DIR, { recursive: true });
  const running: Running = { stopping: false, stoppingSince: 0 };
  const shutdown = onSignal(running);
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  // However this process ends, the record must not outlive it (the next reader would take it as stale anyway).
  process.on('exit', () => releaseServerRecord(process.pid));

  try {
    console.log(`[levy] starting DynamoDB Local on port ${settings.dbPort} (${settings.dataDir ? `data in ${shownPath(settings.dataDir)}` : 'in memory'}) ...`);
    const registered = await claimStateFolder(settings);
    // Checked too: DynamoDB Local would fail to bind, but another one answering there would look like ours.
    if (await reachable(loopbackEndpoint(settings.dbPort))) {
      throw new Error(`port ${settings.dbPort} is already in use (another \`npm start\`?); choose another with ${DYNAMODB_PORT_ENV_VAR}=<port>.`);
    }
    await serve(settings, running, registered);
  } catch (error) {
    console.error(`[levy] could not start: ${(error as Error).message ?? error}`);
    await running.server?.close().catch(() => undefined);
    await running.bundles?.close().catch(() => undefined);
    await running.db?.stop().catch(() => undefined);
    process.exit(1);
  }
}

void main();
