/**
 * HTTP (a real `npm start`, the real commands): the local tools share the one DynamoDB Local `npm start` runs.
 * `npm start` writes `<state>/server.json` (where it listens, its data, its pid, its development account), and
 * `npm run levy`, `npm run events` and `npm run invoke` use that database with no variable set, and again with
 * LEVY_DYNAMODB_PORT naming its port. `npm run events` makes its fixtures in an account of its own, so the developer's
 * records (here registrations that overlap every one the fixtures make) never clash with them, and it starts no second
 * DynamoDB Local on the data the server holds. A second `npm start` on the same data is refused; once the server has
 * stopped, a tool opens the data itself, and the next `npm start` keeps the same development account.
 *
 * Everything lives in a state folder of the test's own (LEVY_STATE_DIR), never the developer's `.levy`, and the tools
 * run with the environment of a developer's shell: none of the variables the test run sets for its own database.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { localTableEnv } from '../../src/config/tables';
import { freePort, killServer, npmStart, ROOT, type StartedServer } from '../support/npm-start';

let state: string;
let out: string;

/** A developer's shell: no database variables of the test run (its endpoint, table names, documents folder). */
function shellEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of [...Object.keys(localTableEnv('levy')), 'LEVY_DYNAMODB_ENDPOINT', 'LEVY_DYNAMODB_PORT', 'LEVY_DOCUMENTS_DIR', 'LEVY_API_URL', 'PORT'])
    delete env[name];
  return { ...env, LEVY_STATE_DIR: state, POWERTOOLS_LOG_LEVEL: 'SILENT', ...extra };
}

/** `npm run -s <script> -- <args>`: its exit code and output. */
function npmRun(script: string, args: string[], extra: Record<string, string> = {}): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '-s', script, '--', ...args], { cwd: ROOT, env: shellEnv(extra), stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.once('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

const npmStartHere = (apiPort: number, dbPort: number) => npmStart(shellEnv({ PORT: String(apiPort), LEVY_DYNAMODB_PORT: String(dbPort) }));

async function stop(started: StartedServer | undefined): Promise<void> {
  if (!started || started.child.exitCode !== null || started.child.signalCode !== null) return;
  started.child.kill('SIGTERM');
  await started.exited;
}

const readJson = (file: string) => JSON.parse(readFileSync(file, 'utf8'));

let apiPort: number;
let dbPort: number;
let server: StartedServer | undefined;
let devAccountFile: string;

beforeAll(async () => {
  state = mkdtempSync(join(tmpdir(), 'levy-local-tools-'));
  out = join(state, 'out');
  [apiPort, dbPort] = [await freePort(), await freePort()];
  server = await npmStartHere(apiPort, dbPort);
  devAccountFile = readFileSync(join(state, 'dev-account.json'), 'utf8');
  // The developer's own records: registrations open since 2020 that overlap every one the event fixtures make.
  for (const body of [
    { country: 'US', state: 'CA', type: 'SALES_TAX', active_from: '2020-01-01' },
    { country: 'US', state: 'TX', type: 'SALES_TAX', active_from: '1000-01-01' },
    { country: 'DE', type: 'VAT', registration_number: 'DE136695976', active_from: '2020-01-01' },
  ]) {
    const answer = await fetch(`${server.url}/v1/registrations`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${server.apiKey}`, 'Content-Type': 'application/json', 'Idempotency-Key': randomUUID() },
      body: JSON.stringify(body),
    });
    expect(answer.status).toBe(201);
  }
}, 120_000);

afterAll(async () => {
  killServer(server);
  rmSync(state, { recursive: true, force: true });
});

describe('npm start says where it runs', () => {
  it('writes server.json: its URL, its DynamoDB endpoint and port, its data folder, its pid and development account', () => {
    const record = readJson(join(state, 'server.json'));
    expect(record).toMatchObject({
      holder: 'npm start',
      url: server!.url,
      dynamodb_endpoint: `http://127.0.0.1:${dbPort}`,
      dynamodb_port: dbPort,
      data_dir: join(state, 'db'),
      pid: expect.any(Number),
      dev_account_id: server!.accountId,
    });
    expect(() => process.kill(record.pid, 0)).not.toThrow();
  });

  it('keeps the development account with the data it belongs to', () => {
    expect(JSON.parse(devAccountFile)).toEqual({ account_id: server!.accountId, api_key: server!.apiKey, data_dir: join(state, 'db') });
    expect(server!.output()).toContain(`development account ${server!.accountId} (created and saved in`);
  });
});

describe.each([
  ['with no variable set', {}],
  ['with LEVY_DYNAMODB_PORT naming its port', 'port'],
] as const)('the tools use the server’s database %s', (_label, variables) => {
  const extra = (): Record<string, string> => (variables === 'port' ? { LEVY_DYNAMODB_PORT: String(dbPort) } : {});

  it('npx levy keys list --account <development account> lists its key', async () => {
    const { code, stdout, stderr } = await npmRun('levy', ['keys', 'list', '--account', server!.accountId], extra());
    // stderr may carry a warning of a loaded machine; never a database of the tool's own.
    expect({ code, stderr }).toEqual({ code: 0, stderr: expect.not.stringContaining('DynamoDB Local of its own') });
    expect(JSON.parse(stdout)).toEqual([expect.objectContaining({ account_id: server!.accountId, prefix: server!.apiKey.slice(0, 12), status: 'active' })]);
  }, 120_000);

  it('npm run events writes the events for an account of its own, beside the developer’s records, on the same DynamoDB Local', async () => {
    const { code, stdout, stderr } = await npmRun('events', ['--out', out], extra());
    expect({ code, stderr }).toEqual({ code: 0, stderr: expect.not.stringContaining('DynamoDB Local of its own') });
    const event = readJson(join(out, 'events', 'tax-rate.json'));
    const eventsAccount = event.requestContext.authorizer.accountId;
    expect(eventsAccount).toMatch(/^acct_/);
    expect(eventsAccount).not.toBe(server!.accountId);
    expect(stdout).toContain(`events account ${eventsAccount} of the data in`);
    // One events account per database, whichever way the database was named.
    expect(Object.values(readJson(join(state, 'events-accounts.json')))).toEqual([expect.objectContaining({ account_id: eventsAccount })]);
    expect(readJson(join(out, 'env.json')).Parameters.LEVY_DYNAMODB_ENDPOINT).toBe(`http://host.docker.internal:${dbPort}`);
    // The developer's account and its file are untouched.
    expect(readFileSync(join(state, 'dev-account.json'), 'utf8')).toBe(devAccountFile);
  }, 180_000);

  it('npm run invoke -- tax-rate events/tax-rate.json answers 200 (and registrations-create 201: no overlap with the developer’s)', async () => {
    for (const [route, status] of [
      ['tax-rate', 200],
      ['registrations-create', 201],
    ] as const) {
      const { code, stdout } = await npmRun('invoke', [route, join(out, 'events', `${route}.json`)], extra());
      expect({ route, code, status: JSON.parse(stdout).statusCode }).toEqual({ route, code: 0, status });
    }
    // With env.json too: its endpoint is the container's view (host.docker.internal), not this machine's.
    const withEnvFile = await npmRun('invoke', ['vendors-get', join(out, 'events', 'vendors-get.json'), '--env-vars', join(out, 'env.json')], extra());
    expect({ code: withEnvFile.code, status: JSON.parse(withEnvFile.stdout).statusCode }).toEqual({ code: 0, status: 200 });
  }, 120_000);
});

describe('no database where one is named, or the data held', () => {
  it('a LEVY_DYNAMODB_PORT nothing listens on: each tool says what to run and exits 1, no handler runs', async () => {
    const nowhere = String(await freePort());
    const tools = [
      npmRun('levy', ['keys', 'list', '--account', server!.accountId], { LEVY_DYNAMODB_PORT: nowhere }),
      npmRun('events', ['--out', join(state, 'nowhere')], { LEVY_DYNAMODB_PORT: nowhere }),
      npmRun('invoke', ['tax-rate', join(out, 'events', 'tax-rate.json')], { LEVY_DYNAMODB_PORT: nowhere }),
    ];
    for (const { code, stdout, stderr } of await Promise.all(tools)) {
      expect({ code, stdout }).toEqual({ code: 1, stdout: '' });
      expect(stderr).toContain(
        `Nothing answers at http://127.0.0.1:${nowhere} (LEVY_DYNAMODB_PORT=${nowhere}). Start Levy there with \`LEVY_DYNAMODB_PORT=${nowhere} npm start\``,
      );
      expect(stderr).not.toMatch(/ECONNREFUSED|statusCode|\n\s+at /);
    }
  }, 120_000);

  it('a second npm start on the same data is refused, naming the server that holds it', async () => {
    const second = spawn('npm', ['start'], {
      cwd: ROOT,
      env: shellEnv({ PORT: String(await freePort()), LEVY_DYNAMODB_PORT: String(await freePort()) }),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let text = '';
    second.stdout!.on('data', (chunk) => (text += chunk));
    second.stderr!.on('data', (chunk) => (text += chunk));
    const code = await new Promise((resolve) => second.once('exit', resolve));
    expect(code).toBe(1);
    expect(text).toContain(`is in use by \`npm start\` (pid ${readJson(join(state, 'server.json')).pid}, ${server!.url}`);
    expect(readJson(join(state, 'server.json')).url).toBe(server!.url);
  }, 120_000);
});

describe('once npm start has stopped', () => {
  it('server.json is gone; a tool opens the data nobody holds itself; the next npm start keeps the development account', async () => {
    const first = server!;
    await stop(first);
    expect(existsSync(join(state, 'server.json'))).toBe(false);

    const listed = await npmRun('levy', ['keys', 'list', '--account', first.accountId]);
    expect(listed.code).toBe(0);
    expect(JSON.parse(listed.stdout)).toEqual([expect.objectContaining({ account_id: first.accountId, prefix: first.apiKey.slice(0, 12) })]);
    expect(listed.stderr).toContain('starting a DynamoDB Local of its own there for this run');
    expect(existsSync(join(state, 'server.json'))).toBe(false);

    server = await npmStartHere(await freePort(), await freePort());
    expect(server.accountId).toBe(first.accountId);
    expect(server.output()).toContain(`development account ${first.accountId} (from`);
    expect(readFileSync(join(state, 'dev-account.json'), 'utf8')).toBe(devAccountFile);
    await stop(server);
  }, 240_000);
});
