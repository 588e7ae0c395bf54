/**
 * Integration (DynamoDB Local): the SAM path. `npm run events`'s generator makes (or finds) an account's vendor,
 * subsidiary entity and transaction, writes one event per route with those ids, fresh Idempotency-Keys and the
 * account's key, and an env.json; every event then runs through `npm run invoke -- <route> <event> --env-vars env.json`
 * (the project's stand-in for `sam local invoke`, reading the same file) and answers 2xx.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ports } from '../../src/composition/all-ports';
import { DYNAMODB_ENDPOINT_ENV_VAR } from '../../src/config/environment';
import { answersWithoutKey, authorizer, routes } from '../../src/config/routes';
import { tableList } from '../../src/config/tables';
import { createAccount } from '../../local/admin/accounts';
import { buildEvents, ensureFixtures, envVarsFile, samples, writeEvents, type EventFixtures } from '../../local/generate-events';
import { invoke } from '../../local/invoke';
import { TEST_TABLE_PREFIX } from '../setup/table-prefix';
import { SOURCE_MODE_ONLY, sourceModeOnly } from '../support/bundle-mode';

const noRoute = sourceModeOnly(SOURCE_MODE_ONLY.callsNoRoute);

const ROOT = join(__dirname, '..', '..');
let dir: string;
let fixtures: EventFixtures;
let envFile: string;

const eventFile = (name: string) => join(dir, 'events', `${name}.json`);
const readEvent = (name: string) => JSON.parse(readFileSync(eventFile(name), 'utf8'));

async function run(name: string, file = eventFile(name)): Promise<{ code: number; result: any }> {
  let out = '';
  const code = await invoke([name, file, '--env-vars', envFile], (text) => (out += text), false);
  return { code, result: JSON.parse(out) };
}

beforeAll(async () => {
  // The command's progress lines ([invoke] ... finished in N ms).
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  dir = mkdtempSync(join(tmpdir(), 'levy-sam-events-'));
  const account = await createAccount(ports, { name: 'SAM Events Inc', country: 'US' });
  fixtures = await ensureFixtures({ account_id: account.account_id, api_key: account.api_key }, join(dir, 'fixtures.json'));
  envFile = join(dir, 'env.json');
  writeEvents(join(dir, 'events'), buildEvents(fixtures), envFile, envVarsFile(process.env[DYNAMODB_ENDPOINT_ENV_VAR]!, TEST_TABLE_PREFIX));
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

noRoute.describe('npm run events', () => {
  it('makes records that exist: primary entity, vendors, a subsidiary entity, a transaction', async () => {
    const id = fixtures.account_id;
    expect((await ports.entities.get(id, fixtures.primary_entity_id))?.is_primary).toBe(true);
    expect(await ports.vendors.get(id, fixtures.vendor_id)).toMatchObject({ id: fixtures.vendor_id });
    expect(await ports.vendors.get(id, fixtures.vendor_to_delete_id)).toMatchObject({ id: fixtures.vendor_to_delete_id });
    expect(fixtures.vendor_to_delete_id).not.toBe(fixtures.vendor_id);
    expect(await ports.entities.get(id, fixtures.entity_id)).toMatchObject({ id: fixtures.entity_id, is_primary: false });
    expect(fixtures.transaction_id).toMatch(/^order_/);
  });

  it('finds them again on the next run (and re-creates only what is gone)', async () => {
    const again = await ensureFixtures({ account_id: fixtures.account_id, api_key: fixtures.api_key }, join(dir, 'fixtures.json'));
    expect(again).toEqual(fixtures);
    // The saved file never holds the secret key.
    expect(readFileSync(join(dir, 'fixtures.json'), 'utf8')).not.toContain(fixtures.api_key);
  });

  it.each(routes.map((r) => [r.name, r] as const))('%s: an event matching its route, for the account, with its ids', (name, route) => {
    const event = readEvent(name);
    expect(event.resource).toBe(route.path);
    expect(event.httpMethod).toBe(route.method);
    expect(event.requestContext.resourcePath).toBe(route.path);
    if (answersWithoutKey(route)) {
      // The documentation and URL-token routes have no authorizer and take no key.
      expect(event.requestContext.authorizer).toBeNull();
      expect(event.headers.Authorization).toBeUndefined();
    } else {
      expect(event.requestContext.authorizer).toMatchObject({ principalId: fixtures.account_id, accountId: fixtures.account_id });
      expect(event.headers.Authorization).toBe(`Bearer ${fixtures.api_key}`);
    }
    const params = [...route.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
    expect(Object.keys(event.pathParameters ?? {}).sort()).toEqual(params.sort());
    expect(event.path).toBe(route.path.replace(/\{(\w+)\}/g, (_, p: string) => encodeURIComponent(event.pathParameters[p])));
    // A POST that takes no body (an action on a record: rotate_secret, redeliver) is sent without one.
    if ((route.method === 'POST' || route.method === 'PATCH') && samples[name].body !== undefined) {
      expect(JSON.parse(event.body)).toEqual(expect.any(Object));
      expect(event.headers['Content-Type']).toBe('application/json');
    } else if (route.rawBody && route.urlToken) {
      // A page's form: multipart/form-data, base64 as API Gateway sends it, with the PDF inside.
      expect(event.isBase64Encoded).toBe(true);
      expect(event.headers['Content-Type']).toMatch(/^multipart\/form-data; boundary=/);
      expect(Buffer.from(event.body, 'base64').includes('%PDF-')).toBe(true);
    } else if (route.rawBody) {
      // A document upload: the bytes, base64 as API Gateway sends a binary media type, a PDF (a logo: a PNG) by its signature.
      expect(event.isBase64Encoded).toBe(true);
      const signatures: Record<string, string> = { 'application/pdf': '%PDF-', 'image/png': '\x89PNG\r' };
      expect(Buffer.from(event.body, 'base64').subarray(0, 5).toString('latin1')).toBe(signatures[event.headers['Content-Type']]);
    } else {
      expect(event.body).toBeNull();
    }
    if (route.idempotent) expect(event.headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
    else expect(event.headers['Idempotency-Key']).toBeUndefined();
  });

  it('gives every idempotent event a fresh key and transactions-create a fresh id on each run', () => {
    const a = buildEvents(fixtures) as Record<string, any>;
    const b = buildEvents(fixtures) as Record<string, any>;
    const keys = routes.filter((r) => r.idempotent).flatMap((r) => [a[r.name].headers['Idempotency-Key'], b[r.name].headers['Idempotency-Key']]);
    expect(keys.length).toBeGreaterThan(0);
    expect(new Set(keys).size).toBe(keys.length);
    expect(JSON.parse(a['transactions-create'].body).id).not.toBe(JSON.parse(b['transactions-create'].body).id);
  });

  it('writes the env.json SAM reads: every table and LEVY_DYNAMODB_ENDPOINT under Parameters', () => {
    const env = JSON.parse(readFileSync(envFile, 'utf8'));
    for (const table of tableList) expect(env.Parameters[table.envVar]).toBe(`${TEST_TABLE_PREFIX}-${table.id}`);
    expect(env.Parameters[DYNAMODB_ENDPOINT_ENV_VAR]).toBe(process.env[DYNAMODB_ENDPOINT_ENV_VAR]);
  });
});

noRoute.describe('npm run invoke on the generated events (DynamoDB Local)', () => {
  it('the authorizer allows the bearer key of the events, for its account', async () => {
    const { code, result } = await run(authorizer.name);
    expect(code).toBe(0);
    expect(result.principalId).toBe(fixtures.account_id);
    expect(result.context.accountId).toBe(fixtures.account_id);
    expect(result.policyDocument.Statement[0].Effect).toBe('Allow');
  });

  it('every route answers 2xx, in the order of src/config/routes.ts', async () => {
    const answers: Record<string, number> = {};
    for (const route of routes) {
      const { code, result } = await run(route.name);
      expect(code).toBe(0);
      answers[route.name] = result.statusCode;
    }
    const failed = Object.entries(answers).filter(([, status]) => status < 200 || status > 299);
    expect(failed).toEqual([]);
    expect(answers['vendors-delete']).toBe(204);
  });

  it('the ids were real: the deleted vendor is gone, the updated one changed, the refund is on the transaction', async () => {
    expect(await ports.vendors.get(fixtures.account_id, fixtures.vendor_to_delete_id)).toBeUndefined();
    expect((await run('vendors-delete')).result.statusCode).toBe(404);
    expect(await ports.vendors.get(fixtures.account_id, fixtures.vendor_id)).toMatchObject({ email: 'ap@acme.example', exempt: true });
    const got = await run('transactions-get');
    expect(got.result.statusCode).toBe(200);
    expect(JSON.stringify(JSON.parse(got.result.body))).toContain(JSON.parse(readEvent('transactions-refund').body).id);
  });

  it('a second run after the events makes anew what they used up (a deleted draft, a finalized return, the period) and every event answers 2xx again', async () => {
    const next = await ensureFixtures({ account_id: fixtures.account_id, api_key: fixtures.api_key }, join(dir, 'fixtures.json'));
    // Kept: what the events only read or changed; new: what they deleted, finalized or filed, and the next free month.
    expect(next).toMatchObject({
      invoice_series_id: fixtures.invoice_series_id,
      invoice_id: fixtures.invoice_id,
      finalized_invoice_id: fixtures.finalized_invoice_id,
      return_registration_id: fixtures.return_registration_id,
    });
    expect(next.invoice_to_delete_id).not.toBe(fixtures.invoice_to_delete_id);
    expect(next.return_id).not.toBe(fixtures.return_id);
    expect(next.finalized_return_id).not.toBe(fixtures.finalized_return_id);
    expect(next.return_period_start > fixtures.return_period_start).toBe(true);
    const secondDir = join(dir, 'second');
    writeEvents(join(secondDir, 'events'), buildEvents(next), envFile, envVarsFile(process.env[DYNAMODB_ENDPOINT_ENV_VAR]!, TEST_TABLE_PREFIX));
    const failed: string[] = [];
    for (const route of routes) {
      const { code, result } = await run(route.name, join(secondDir, 'events', `${route.name}.json`));
      if (code !== 0 || result.statusCode < 200 || result.statusCode > 299) failed.push(`${route.name} ${result.statusCode}`);
    }
    expect(failed).toEqual([]);
  });

  it('runs as a command too: exit 0 and the result on stdout', () => {
    const out = execFileSync(
      process.execPath,
      [join(ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs'), join(ROOT, 'local', 'invoke.ts'), 'vendors-get', eventFile('vendors-get'), '--env-vars', envFile],
      {
        cwd: ROOT,
        env: { ...process.env, POWERTOOLS_LOG_LEVEL: 'SILENT' },
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    const result = JSON.parse(out);
    expect(result.statusCode).toBe(200);
    expect(JSON.parse(result.body).id).toBe(fixtures.vendor_id);
  });
});
