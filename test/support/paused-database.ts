/**
 * Test support: a DynamoDB Local of the test file's own (tables prefixed `stall`) that a test can pause (SIGSTOP) for
 * longer than the client waits for an answer, so pausing it never stalls the other test files' requests. Its client
 * waits STALL_TIMEOUT_MS per attempt (LEVY_DYNAMODB_LOCAL_TIMEOUT_MS) instead of 5 s.
 */
import { startLocalDatabase } from '../../local/local-env';
import type { LocalDynamoDb } from '../../local/dynamodb/dynamodb-local';
import { closeDynamoDbClient } from '../../src/adapters/dynamodb/client';
import { callRoute, type CallResult } from './api';

/** The client's per-attempt timeout here, and how long DynamoDB stays paused: longer, so the first attempt times out. */
const STALL_TIMEOUT_MS = 1_000;
const PAUSE_MS = 1_500;

/** Starts the database before the calling describe's tests and stops it after; `pauseDatabase` pauses it PAUSE_MS. */
export function ownPausableDatabase(): { pauseDatabase: () => void } {
  let db: LocalDynamoDb;
  let resume: NodeJS.Timeout | undefined;
  const saved = { ...process.env };

  const pauseDatabase = () => {
    process.kill(db.pid!, 'SIGSTOP');
    resume = setTimeout(resumeDatabase, PAUSE_MS);
  };
  function resumeDatabase() {
    clearTimeout(resume);
    resume = undefined;
    process.kill(db.pid!, 'SIGCONT');
  }

  beforeAll(async () => {
    closeDynamoDbClient();
    process.env.LEVY_DYNAMODB_LOCAL_TIMEOUT_MS = String(STALL_TIMEOUT_MS);
    db = await startLocalDatabase({ tablePrefix: 'stall' });
  }, 60_000);

  afterEach(() => {
    if (resume) resumeDatabase();
    jest.restoreAllMocks();
  });

  afterAll(async () => {
    if (resume) resumeDatabase();
    closeDynamoDbClient();
    await db?.stop();
    for (const name of Object.keys(process.env)) if (!(name in saved)) delete process.env[name];
    Object.assign(process.env, saved);
  });

  return { pauseDatabase };
}

/** The events of `type` about one object. */
export const eventsAbout = async (accountId: string, type: string, objectId: string) =>
  ((await callRoute('events-list', { accountId, query: { type, limit: '100' } })).body.data as any[]).filter((e) => e.data.object.id === objectId);

/** Success, never the 409 of a retry that met its own write. */
export const expectSuccess = (res: CallResult, statuses: number[]) => {
  expect(statuses.includes(res.status) ? 'success' : { status: res.status, body: res.body }).toBe('success');
};
