/**
 * Local runtime: the environment a handler finds in Lambda (table names, region, service name), pointed at DynamoDB
 * Local. Shared by `npm start`, `npm run invoke`, the `levy` CLI, the tests and the benchmarks. Stores read it when
 * first used, so it may be set after any module is loaded, as long as it is before the first request.
 */
import { join, relative, resolve } from 'node:path';
import { DYNAMODB_ENDPOINT_ENV_VAR } from '../src/config/dynamodb-endpoint';
import { DOCUMENTS_DIR_ENV_VAR } from '../src/config/documents';
import { SERVICE_NAME } from '../src/config/metrics';
import { localTableEnv } from '../src/config/tables';
import { ensureTables, startDynamoDbLocal, type LocalDynamoDb } from './dynamodb/dynamodb-local';

/** `npm start`'s DynamoDB Local port unless LEVY_DYNAMODB_PORT says otherwise. */
export const DEFAULT_LOCAL_DYNAMODB_PORT = 8000;
export const DYNAMODB_PORT_ENV_VAR = 'LEVY_DYNAMODB_PORT';
export const LOCAL_TABLE_PREFIX = 'levy';

const PROJECT_ROOT = join(__dirname, '..');
/**
 * Where `npm start` and the local tools keep their state: the database (db/), which server runs on it (server.json),
 * the accounts made for it. LEVY_STATE_DIR names another folder (a second, separate set of data; the tests' own).
 */
export const LOCAL_STATE_DIR = process.env.LEVY_STATE_DIR ? resolve(process.env.LEVY_STATE_DIR) : join(PROJECT_ROOT, '.levy');
/** DynamoDB Local's data folder: one database per state folder. */
export const LOCAL_DATA_DIR = join(LOCAL_STATE_DIR, 'db');
/** The development account of LOCAL_DATA_DIR's database: its id and key. */
export const DEV_ACCOUNT_FILE = join(LOCAL_STATE_DIR, 'dev-account.json');
/** Where the local blob store keeps exemption certificate documents (S3 when deployed). */
export const LOCAL_DOCUMENTS_DIR = join(LOCAL_STATE_DIR, 'documents');

export function applyLocalEnv(endpoint: string, options: { keepTableNames?: boolean; tablePrefix?: string } = {}): void {
  const tableEnv = localTableEnv(options.tablePrefix ?? LOCAL_TABLE_PREFIX);
  for (const [name, value] of Object.entries(tableEnv)) {
    if (!options.keepTableNames || !process.env[name]) process.env[name] = value;
  }
  process.env[DYNAMODB_ENDPOINT_ENV_VAR] = endpoint;
  process.env[DOCUMENTS_DIR_ENV_VAR] ??= LOCAL_DOCUMENTS_DIR;
  process.env.POWERTOOLS_SERVICE_NAME ??= SERVICE_NAME;
  // No CloudWatch or X-Ray on a laptop: metrics would only be printed, and there is no trace daemon.
  process.env.POWERTOOLS_METRICS_DISABLED ??= 'true';
  process.env.POWERTOOLS_TRACE_ENABLED ??= 'false';
  // As a stack deployed without `-c tracing=true` is built (lib/bundling.ts): the X-Ray SDK is not loaded at all. Loaded,
  // it installs an async hook (cls-hooked) that tracks every promise of every request, for traces nobody receives.
  process.env.LEVY_TRACING ??= 'off';
  process.env.AWS_REGION ??= 'us-east-1';
}

/** A path as a person reads it in a message: relative to the project when inside it (`.levy/db`), else absolute. */
export function shownPath(path: string): string {
  const inside = relative(PROJECT_ROOT, path);
  return inside && !inside.startsWith('..') ? inside : path;
}

/** A friendlier line for the error the SDK throws when nothing listens on the endpoint. */
export function describeConnectionError(error: unknown, endpoint: string | undefined): string | undefined {
  const text = `${(error as Error)?.name ?? ''} ${(error as Error)?.message ?? ''} ${String((error as { code?: unknown })?.code ?? '')}`;
  const cause = (error as { cause?: unknown })?.cause;
  const all = `${text} ${cause ? String((cause as Error).message ?? cause) : ''} ${(error as AggregateError)?.errors?.map((e) => String((e as Error)?.message)).join(' ') ?? ''}`;
  if (endpoint && /ECONNREFUSED|connect|socket hang up/i.test(all)) {
    return `Cannot reach DynamoDB at ${endpoint}. Is \`npm start\` still running (or LEVY_DYNAMODB_PORT / LEVY_DYNAMODB_ENDPOINT pointing at it)?`;
  }
  return undefined;
}

/**
 * DynamoDB Local started, Levy's tables made (prefixed `tablePrefix`) and this process's environment pointed at them:
 * what `npm start`, `npm run events`, the tests and the benchmarks each need before their first request.
 */
export async function startLocalDatabase(options: { port?: number; dataDir?: string; tablePrefix?: string } = {}): Promise<LocalDynamoDb> {
  const db = await startDynamoDbLocal({ port: options.port, dataDir: options.dataDir });
  try {
    await ensureTables(db.endpoint, options.tablePrefix ?? LOCAL_TABLE_PREFIX);
  } catch (error) {
    await db.stop().catch(() => undefined);
    throw error;
  }
  applyLocalEnv(db.endpoint, { tablePrefix: options.tablePrefix });
  return db;
}
