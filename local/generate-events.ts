/**
 * Local runtime (`npm run events`): writes events/<route-name>.json, the API Gateway REST proxy event (payload 1.0) of
 * one realistic request per route of src/config/routes.ts, events/authorizer.json (the REQUEST authorizer's event) and
 * env.json (the `--env-vars` file of `sam local invoke` and `npm run invoke`), for the development account of
 * `npm start`, with ids that exist in its DynamoDB Local:
 *
 * - the account and its API key from .levy/dev-account.json (made, with its primary entity, if missing);
 * - a vendor (get, update), a second vendor (delete), a subsidiary entity (get, update) and a transaction (get,
 *   refund), created through the route handlers themselves and remembered in .levy/event-fixtures.json, so a later
 *   run finds them (and re-creates only what was deleted, or used up: a finalized draft, a filed return ...);
 * - for invoices and returns, a series, drafts and a finalized invoice, a monthly registration and its returns in
 *   months long ended (taken one after another, so each run's returns-create names a month no return has yet);
 * - a fresh Idempotency-Key on every idempotent route's event, a fresh transaction id and refund id, so each run's
 *   events are new requests (a replayed key with another body answers 422).
 *
 * Uses the DynamoDB Local of a running `npm start` (LEVY_DYNAMODB_ENDPOINT, default http://127.0.0.1:8000); when
 * nothing answers there it starts one on the same data folder (.levy/db), as `npm start` would, and stops it after.
 *
 *   npm run events [-- --sam-endpoint <url>]
 *
 * --sam-endpoint is the DynamoDB endpoint as the Lambda container sees it, written to env.json (default
 * http://host.docker.internal:<the local endpoint's port>; on Linux run SAM with
 * `--add-host host.docker.internal:host-gateway`, or pass --sam-endpoint http://127.0.0.1:8000 and run SAM with
 * `--docker-network host`).
 */
import './quiet-sdk-warning';
import { mkdirSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { closeDynamoDbClient } from '../src/adapters/dynamodb/client';
import { ports } from '../src/composition/all-ports';
import { DYNAMODB_ENDPOINT_ENV_VAR } from '../src/config/environment';
import { routes } from '../src/config/routes';
import { ensureDevAccount } from './admin/dev-account';
import type { LocalDynamoDb } from './dynamodb/dynamodb-local';
import { buildEvents, envVarsFile, samDynamoDbEndpoint, writeEvents } from './events/build';
import { ensureFixtures, FIXTURES_FILE } from './events/fixtures';
import { templateFunctions } from './events/sam-template';
import { applyLocalEnv, DEFAULT_LOCAL_DYNAMODB_ENDPOINT, LOCAL_STATE_DIR, startLocalDatabase } from './local-env';

// The pieces, for the tests and the HTTP fuzz (which import them from here).
export { buildEvents, envVarsFile, samDynamoDbEndpoint, writeEvents } from './events/build';
export { ensureFixtures, FIXTURES_FILE } from './events/fixtures';
export { fixtureFeedToken, PLACEHOLDER_FIXTURES, sampleRequests, samples, type EventFixtures, type Sample, type SampleVariation } from './samples';

export const PROJECT_ROOT = join(__dirname, '..');
export const EVENTS_DIR = join(PROJECT_ROOT, 'events');
export const ENV_FILE = join(PROJECT_ROOT, 'env.json');

function reachable(endpoint: string): Promise<boolean> {
  const url = new URL(endpoint);
  return new Promise((done) => {
    const socket = connect({ port: Number(url.port || 80), host: url.hostname });
    socket.once('connect', () => {
      socket.destroy();
      done(true);
    });
    socket.once('error', () => done(false));
  });
}

async function main(): Promise<number> {
  const { values } = parseArgs({ args: process.argv.slice(2), options: { 'sam-endpoint': { type: 'string' } } });
  const endpoint = process.env[DYNAMODB_ENDPOINT_ENV_VAR] || DEFAULT_LOCAL_DYNAMODB_ENDPOINT;
  let db: LocalDynamoDb | undefined;
  try {
    if (!(await reachable(endpoint))) {
      console.error(`[events] nothing answers at ${endpoint}: starting DynamoDB Local on .levy/db, as \`npm start\` does ...`);
      mkdirSync(LOCAL_STATE_DIR, { recursive: true });
      db = await startLocalDatabase({ port: Number(new URL(endpoint).port || 8000), dataDir: join(LOCAL_STATE_DIR, 'db') });
    } else {
      applyLocalEnv(endpoint);
    }
    process.env.POWERTOOLS_LOG_LEVEL ??= 'WARN';
    const { account, created } = await ensureDevAccount(ports, true);
    const fixtures = await ensureFixtures(account, FIXTURES_FILE);
    writeEvents(EVENTS_DIR, buildEvents(fixtures), ENV_FILE, envVarsFile(values['sam-endpoint'] ?? samDynamoDbEndpoint(endpoint)));
    const { api_key: _secret, ...shown } = fixtures;
    console.log(`Wrote ${routes.length + 1} events to events/ and env.json for ${created ? 'the new' : 'the'} development account:`);
    console.log(JSON.stringify(shown, null, 2));
    const functions = templateFunctions(PROJECT_ROOT);
    if (functions.length) {
      console.log('Functions of cdk.out/Levy.template.json and its nested stacks (sam local invoke -t cdk.out/Levy.template.json <identifier> -e events/<route>.json --env-vars env.json):');
      for (const [path, identifier] of functions) console.log(`  ${path.padEnd(48)} ${identifier}`);
    }
    return 0;
  } catch (error) {
    console.error(`[events] ${(error as Error).message ?? error}`);
    return 1;
  } finally {
    closeDynamoDbClient();
    await db?.stop();
  }
}

if (require.main === module) void main().then((code) => process.exit(code));
