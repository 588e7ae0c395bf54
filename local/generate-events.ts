/**
 * Local runtime (`npm run events`): writes events/<route-name>.json, the API Gateway REST proxy event (payload 1.0) of
 * one realistic request per route of src/config/routes.ts, events/authorizer.json (the REQUEST authorizer's event) and
 * env.json (the `--env-vars` file of `sam local invoke` and `npm run invoke`), for an account of their own in the
 * running database, with ids that exist there:
 *
 * - the account `Levy Events` and its API key, kept per database in .levy/events-accounts.json (made, with its primary
 *   entity, if missing): never the developer's account, so its fixtures never clash with the developer's records;
 * - a vendor (get, update), a second vendor (delete), a subsidiary entity (get, update) and a transaction (get,
 *   refund), created through the route handlers themselves and remembered in .levy/event-fixtures.json, so a later
 *   run finds them (and re-creates only what was deleted, or used up: a finalized draft, a filed return ...);
 * - for invoices and returns, a series, drafts and a finalized invoice, a monthly registration and its returns in
 *   months long ended (taken one after another, so each run's returns-create names a month no return has yet);
 * - a fresh Idempotency-Key on every idempotent route's event, a fresh transaction id and refund id, so each run's
 *   events are new requests (a replayed key with another body answers 422).
 *
 * Uses the DynamoDB Local of the running `npm start` (the one .levy/server.json names, or LEVY_DYNAMODB_ENDPOINT, or
 * LEVY_DYNAMODB_PORT); with no server running, one of its own on .levy/db for the run, unless somebody holds that
 * folder (local/state/local-database.ts).
 *
 *   npm run events [-- --sam-endpoint <url>] [-- --out <dir>]
 *
 * --sam-endpoint is the DynamoDB endpoint as the Lambda container sees it, written to env.json (default
 * http://host.docker.internal:<the local endpoint's port>; on Linux run SAM with
 * `--add-host host.docker.internal:host-gateway`, or pass --sam-endpoint http://127.0.0.1:<port> and run SAM with
 * `--docker-network host`). --out writes events/ and env.json into another folder than the project's.
 */
import './quiet-sdk-warning';
import { isAbsolute, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { closeDynamoDbClient } from '../src/adapters/dynamodb/client';
import { routes } from '../src/config/routes';
import { buildEvents, envVarsFile, samDynamoDbEndpoint, writeEvents } from './events/build';
import { ensureEventsAccount, EVENTS_ACCOUNTS_FILE } from './events/events-account';
import { ensureFixtures, FIXTURES_FILE } from './events/fixtures';
import { templateFunctions } from './events/sam-template';
import { applyLocalEnv, shownPath } from './local-env';
import { openLocalDatabase, type LocalDatabase } from './state/local-database';

// The pieces, for the tests and the HTTP fuzz (which import them from here).
export { buildEvents, envVarsFile, samDynamoDbEndpoint, writeEvents } from './events/build';
export { ensureFixtures, FIXTURES_FILE } from './events/fixtures';
export { fixtureFeedToken, PLACEHOLDER_FIXTURES, sampleRequests, samples, type EventFixtures, type Sample, type SampleVariation } from './samples';

export const PROJECT_ROOT = join(__dirname, '..');
export const EVENTS_DIR = join(PROJECT_ROOT, 'events');
export const ENV_FILE = join(PROJECT_ROOT, 'env.json');

/** Which data the events' account and records are in, in words. */
const describeDatabase = (db: LocalDatabase): string => (isAbsolute(db.identity) ? `the data in ${shownPath(db.identity)}` : `the database at ${db.endpoint}`);

async function main(): Promise<number> {
  const { values } = parseArgs({ args: process.argv.slice(2), options: { 'sam-endpoint': { type: 'string' }, out: { type: 'string' } } });
  const out = values.out ? resolve(values.out) : PROJECT_ROOT;
  let db: LocalDatabase | undefined;
  try {
    db = await openLocalDatabase('npm run events');
    applyLocalEnv(db.endpoint);
    process.env.POWERTOOLS_LOG_LEVEL ??= 'WARN';
    const { account, created } = await ensureEventsAccount(db.identity);
    const fixtures = await ensureFixtures(account, FIXTURES_FILE);
    writeEvents(join(out, 'events'), buildEvents(fixtures), join(out, 'env.json'), envVarsFile(values['sam-endpoint'] ?? samDynamoDbEndpoint(db.endpoint)));
    const { api_key: _secret, ...shown } = fixtures;
    console.log(`Wrote ${routes.length + 1} events to ${shownPath(join(out, 'events'))}/ and ${shownPath(join(out, 'env.json'))}`);
    console.log(
      `for ${created ? 'the new' : 'the'} events account ${account.account_id} of ${describeDatabase(db)} (its own, not the development account; ` +
        `its key in ${shownPath(EVENTS_ACCOUNTS_FILE)}):`,
    );
    console.log(JSON.stringify(shown, null, 2));
    const functions = templateFunctions(PROJECT_ROOT);
    if (functions.length) {
      console.log(
        'Functions of cdk.out/Levy.template.json and its nested stacks (sam local invoke -t cdk.out/Levy.template.json <identifier> -e events/<route>.json --env-vars env.json):',
      );
      for (const [path, identifier] of functions) console.log(`  ${path.padEnd(48)} ${identifier}`);
    }
    return 0;
  } catch (error) {
    console.error(`[events] ${(error as Error).message ?? error}`);
    return 1;
  } finally {
    closeDynamoDbClient();
    await db?.release();
  }
}

if (require.main === module) void main().then((code) => process.exit(code));
