/**
 * Local runtime: which DynamoDB Local a local tool (the `levy` CLI, `npm run events`, `npm run invoke`) uses, so that
 * all of them share the one `npm start` runs:
 *
 *   1. LEVY_DYNAMODB_ENDPOINT, else LEVY_DYNAMODB_PORT (http://127.0.0.1:<port>), when set: that one, or a plain
 *      message saying what to run when nothing answers there;
 *   2. else the one `.levy/server.json` names (waiting for an `npm start` that is still starting);
 *   3. else, nobody holding the data folder, a DynamoDB Local of the tool's own on `.levy/db` for the run (claimed in
 *      server.json meanwhile, so no `npm start` or other tool opens the same data); never a second one on a folder
 *      somebody holds.
 */
import { mkdirSync } from 'node:fs';
import { ensureTables, startDynamoDbLocal } from '../dynamodb/dynamodb-local';
import { DYNAMODB_ENDPOINT_ENV_VAR } from '../../src/config/dynamodb-endpoint';
import { DYNAMODB_PORT_ENV_VAR, LOCAL_DATA_DIR, LOCAL_STATE_DIR, LOCAL_TABLE_PREFIX, shownPath } from '../local-env';
import { freePort, loopbackEndpoint, reachable } from './net';
import {
  claimServerRecord,
  describeHolder,
  liveServerRecord,
  processAlive,
  readServerRecord,
  releaseServerRecord,
  SERVER_FILE,
  type ServerRecord,
} from './server-record';

/** Nothing usable: the message says what to run. */
export class LocalDatabaseError extends Error {}

export interface LocalDatabase {
  endpoint: string;
  /**
   * Names the database for what is kept per database (the events' account): its data folder when known, else the
   * in-memory server that holds it, else the endpoint.
   */
  identity: string;
  /** The API of the `npm start` that uses this database, when one does: its authorizer cache is the one to flush. */
  serverUrl?: string;
  /** Stops the DynamoDB Local this process started; nothing when it used somebody else's. */
  release(): Promise<void>;
}

const SERVER_WAIT_MS = 120_000;

const identityOf = (record: ServerRecord): string => record.data_dir ?? `memory:${record.holder}:${record.pid}:${record.started_at}`;
const samePort = (a: string, b: string): boolean => {
  const [x, y] = [new URL(a), new URL(b)];
  return x.port === y.port && ['127.0.0.1', 'localhost', x.hostname].includes(y.hostname);
};
const using = (endpoint: string, identity: string, serverUrl?: string): LocalDatabase => ({ endpoint, identity, serverUrl, release: async () => undefined });

/** The endpoint the environment names, and which variable named it; undefined when neither is set. */
export function endpointFromEnv(env: NodeJS.ProcessEnv = process.env): { endpoint: string; variable: string; value: string } | undefined {
  const endpoint = env[DYNAMODB_ENDPOINT_ENV_VAR];
  if (endpoint && endpoint !== 'aws') return { endpoint, variable: DYNAMODB_ENDPOINT_ENV_VAR, value: endpoint };
  const port = env[DYNAMODB_PORT_ENV_VAR];
  if (port === undefined || port === '') return undefined;
  const number = Number(port);
  if (!Number.isInteger(number) || number < 1 || number > 65535) throw new LocalDatabaseError(`${DYNAMODB_PORT_ENV_VAR} must be a port number, got '${port}'.`);
  return { endpoint: loopbackEndpoint(number), variable: DYNAMODB_PORT_ENV_VAR, value: port };
}

async function named(chosen: NonNullable<ReturnType<typeof endpointFromEnv>>): Promise<LocalDatabase> {
  if (!(await reachable(chosen.endpoint))) {
    const port = new URL(chosen.endpoint).port;
    throw new LocalDatabaseError(
      `Nothing answers at ${chosen.endpoint} (${chosen.variable}=${chosen.value}). Start Levy there with ` +
        `\`${DYNAMODB_PORT_ENV_VAR}=${port} npm start\`, or unset ${chosen.variable} to use the \`npm start\` that ${shownPath(SERVER_FILE)} names.`,
    );
  }
  // The server's own database named by its port: the same database, so the same files (and its API) go with it.
  const record = await liveServerRecord();
  if (record && samePort(record.dynamodb_endpoint, chosen.endpoint)) return using(chosen.endpoint, identityOf(record), record.url ?? undefined);
  return using(chosen.endpoint, `endpoint:${chosen.endpoint}`);
}

/** A starting `npm start` holds the folder before it listens: wait for it rather than refuse. */
async function untilListening(tool: string, record: ServerRecord): Promise<ServerRecord> {
  process.stderr.write(`[${tool}] waiting for ${describeHolder(record)} to finish starting ...\n`);
  const deadline = Date.now() + SERVER_WAIT_MS;
  for (;;) {
    await new Promise((r) => setTimeout(r, 250));
    const now = readServerRecord();
    if (now?.pid !== record.pid || !processAlive(record.pid))
      throw new LocalDatabaseError(`${describeHolder(record)} stopped while starting; run \`npm start\` again.`);
    if (now.url) return now;
    if (Date.now() > deadline) throw new LocalDatabaseError(`${describeHolder(record)} has not finished starting in ${SERVER_WAIT_MS / 1000} s.`);
  }
}

/** A DynamoDB Local of the tool's own on the data folder nobody holds, for this run. */
async function startOwn(tool: string, tablePrefix: string): Promise<LocalDatabase | ServerRecord> {
  const port = await freePort();
  const endpoint = loopbackEndpoint(port);
  mkdirSync(LOCAL_STATE_DIR, { recursive: true });
  const record: ServerRecord = {
    holder: tool,
    pid: process.pid,
    url: null,
    dynamodb_endpoint: endpoint,
    dynamodb_port: port,
    data_dir: LOCAL_DATA_DIR,
    started_at: new Date().toISOString(),
  };
  const claim = await claimServerRecord(record);
  if (!claim.claimed) return claim.holder;
  process.stderr.write(
    `[${tool}] no \`npm start\` runs on ${shownPath(LOCAL_DATA_DIR)}: starting a DynamoDB Local of its own there for this run (stopped after it) ...\n`,
  );
  try {
    const db = await startDynamoDbLocal({ port, dataDir: LOCAL_DATA_DIR });
    const release = async () => {
      await db.stop();
      releaseServerRecord(process.pid);
    };
    await ensureTables(endpoint, tablePrefix).catch(async (error) => {
      await release();
      throw error;
    });
    return { endpoint, identity: LOCAL_DATA_DIR, release };
  } catch (error) {
    releaseServerRecord(process.pid);
    throw new LocalDatabaseError(
      `Could not start DynamoDB Local on ${shownPath(LOCAL_DATA_DIR)}: ${(error as Error).message}\nRun \`npm start\` (it says what is missing), then try again.`,
    );
  }
}

/**
 * The database this tool uses (see the module comment). `start: false` refuses to start one of its own. The caller
 * points the environment at `endpoint` and calls `release()` when done.
 */
export async function openLocalDatabase(tool: string, options: { start?: boolean; tablePrefix?: string } = {}): Promise<LocalDatabase> {
  const chosen = endpointFromEnv();
  if (chosen) return named(chosen);
  for (let attempt = 0; attempt < 2; attempt++) {
    let record = await liveServerRecord();
    if (record && !record.url && record.holder === 'npm start') record = await untilListening(tool, record);
    if (record?.url) return using(record.dynamodb_endpoint, identityOf(record), record.url);
    if (record) {
      throw new LocalDatabaseError(
        `${shownPath(LOCAL_DATA_DIR)} is in use by ${describeHolder(record)}, which stops that DynamoDB Local when it ends. ` +
          'Try again then, or run `npm start` so that every tool shares one.',
      );
    }
    if (options.start === false) {
      throw new LocalDatabaseError(
        `No \`npm start\` runs (${shownPath(SERVER_FILE)} names none). Run \`npm start\` in another terminal, or set ${DYNAMODB_PORT_ENV_VAR}.`,
      );
    }
    const own = await startOwn(tool, options.tablePrefix ?? LOCAL_TABLE_PREFIX);
    // Somebody claimed the folder between our look and our claim: use theirs (the loop looks again).
    if ('release' in own) return own;
  }
  throw new LocalDatabaseError(`${shownPath(SERVER_FILE)} keeps changing; try again.`);
}
