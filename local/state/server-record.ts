/**
 * Local runtime: `.levy/server.json`, the one place that says which process runs the DynamoDB Local of this state
 * folder, where it listens and on which data. `npm start` writes it (with its API's URL and the development account);
 * a tool that starts a DynamoDB Local of its own (no server running) writes it too, so nobody starts a second one on
 * the same data folder. The CLI, `npm run events` and `npm run invoke` read it to share the running database.
 *
 * Created with O_EXCL, so of two processes starting at once only one holds the folder. The folder is held while the
 * record's DynamoDB Local answers (even when the process that started it was killed and left it running) or while its
 * process is still starting one; otherwise the record is stale and the next reader removes it.
 */
import { readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { LOCAL_STATE_DIR, shownPath } from '../local-env';
import { reachable } from './net';

export const SERVER_FILE = join(LOCAL_STATE_DIR, 'server.json');

/** Longer than DynamoDB Local ever takes to answer after a start (30 s) plus the tables: a silent record past it is stale. */
const STARTING_MS = 120_000;

export interface ServerRecord {
  /** Who holds it: `npm start`, or the tool that started a DynamoDB Local of its own for one run. */
  holder: string;
  pid: number;
  /** The API's base URL; null for a tool, and for `npm start` until it listens. */
  url: string | null;
  dynamodb_endpoint: string;
  dynamodb_port: number;
  /** DynamoDB Local's data folder (absolute); null when the data is in memory. */
  data_dir: string | null;
  /** `npm start`'s development account in this database (its key: dev_account_file). */
  dev_account_id?: string;
  dev_account_file?: string;
  started_at: string;
}

export function readServerRecord(file = SERVER_FILE): ServerRecord | undefined {
  try {
    const record = JSON.parse(readFileSync(file, 'utf8')) as ServerRecord;
    return Number.isInteger(record.pid) && typeof record.dynamodb_endpoint === 'string' ? record : undefined;
  } catch {
    return undefined;
  }
}

export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, under another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The record's database answers, or its process is still starting it. */
export async function isLive(record: ServerRecord): Promise<boolean> {
  if (await reachable(record.dynamodb_endpoint)) return true;
  return processAlive(record.pid) && Date.now() - Date.parse(record.started_at) < STARTING_MS;
}

/** The record of the process that holds this state folder now; a stale one is removed. */
export async function liveServerRecord(file = SERVER_FILE): Promise<ServerRecord | undefined> {
  const record = readServerRecord(file);
  if (!record) return undefined;
  if (await isLive(record)) return record;
  removeIfSame(file, record);
  return undefined;
}

/** Removes the file only while it still holds `record` (another process may have replaced it meanwhile). */
function removeIfSame(file: string, record: ServerRecord): void {
  const now = readServerRecord(file);
  try {
    if (now && now.pid === record.pid && now.started_at === record.started_at) unlinkSync(file);
  } catch {
    // Another reader removed it first.
  }
}

function removeUnreadable(file: string): void {
  try {
    unlinkSync(file);
  } catch {
    // Another reader removed it first.
  }
}

function writeAtomically(file: string, record: ServerRecord): void {
  // Readers never see half a file: written beside it, then renamed over it.
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, `${JSON.stringify(record, null, 2)}\n`);
  renameSync(temporary, file);
}

/** Writes `record` unless a live process holds the file: answers that process's record then. */
export async function claimServerRecord(record: ServerRecord, file = SERVER_FILE): Promise<{ claimed: true } | { claimed: false; holder: ServerRecord }> {
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      writeFileSync(file, `${JSON.stringify(record, null, 2)}\n`, { flag: 'wx' });
      return { claimed: true };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = await liveServerRecord(file);
    if (holder) return { claimed: false, holder };
    // An unreadable file (a crash mid-write by an older version): nobody can be holding with it.
    if (!readServerRecord(file)) removeUnreadable(file);
  }
  throw new Error(`Could not write ${shownPath(file)}: it keeps changing (several starts at once?)`);
}

/** Replaces the record whoever holds it (a server on the data folder takes over from one in memory). */
export function replaceServerRecord(record: ServerRecord, file = SERVER_FILE): void {
  writeAtomically(file, record);
}

/** Adds what is known later (the URL once listening, the development account) to this process's own record. */
export function updateServerRecord(pid: number, fields: Partial<ServerRecord>, file = SERVER_FILE): void {
  const record = readServerRecord(file);
  if (record?.pid === pid) writeAtomically(file, { ...record, ...fields });
}

/** Removes the record if it is this process's (never another's that took over meanwhile). */
export function releaseServerRecord(pid: number, file = SERVER_FILE): void {
  const record = readServerRecord(file);
  try {
    if (record?.pid === pid) unlinkSync(file);
  } catch {
    // Already gone: nothing to release.
  }
}

/** The record in words, for messages: `npm start (pid 123, http://127.0.0.1:3000, data in .levy/db)`. */
export function describeHolder(record: ServerRecord): string {
  const where = [
    `pid ${record.pid}`,
    record.url,
    `DynamoDB Local at ${record.dynamodb_endpoint}`,
    record.data_dir ? `data in ${shownPath(record.data_dir)}` : 'data in memory',
  ];
  // Killed without its clean stop, its DynamoDB Local (a java process) may run on, holding the data.
  const orphaned = processAlive(record.pid) ? '' : ': that process is gone, but its DynamoDB Local still answers; stop that java process';
  return `\`${record.holder}\` (${where.filter(Boolean).join(', ')}${orphaned})`;
}
