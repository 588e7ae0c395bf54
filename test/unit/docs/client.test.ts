/**
 * clients/typescript/src/schema.ts is what `npm run client` generates from docs/openapi.json (openapi-typescript's own
 * --check, which writes nothing), and the check fails for a document that changed.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const ROOT = join(__dirname, '..', '..', '..');
const SCHEMA = join(ROOT, 'clients', 'typescript', 'src', 'schema.ts');
const CLI = join(ROOT, 'node_modules', 'openapi-typescript', 'bin', 'cli.js');

/** The same command as `npm run client`, in check mode. */
const check = (document: string) =>
  spawnSync(process.execPath, [CLI, document, '--root-types', '-o', SCHEMA, '--check'], { cwd: ROOT, encoding: 'utf8', timeout: 60_000 });

describe('the typed client', () => {
  it('is generated from the current docs/openapi.json (run `npm run client`)', () => {
    const result = check(join(ROOT, 'docs', 'openapi.json'));
    expect({ status: result.status, output: result.stdout + result.stderr }).toMatchObject({ status: 0 });
  });

  it('is reported stale when the document changes', () => {
    const document = JSON.parse(readFileSync(join(ROOT, 'docs', 'openapi.json'), 'utf8'));
    document.paths['/v1/new-route'] = { get: { responses: { 200: { description: 'new' } } } };
    const changed = join(mkdtempSync(join(tmpdir(), 'levy-client-')), 'openapi.json');
    writeFileSync(changed, JSON.stringify(document));
    const before = readFileSync(SCHEMA, 'utf8');
    expect(check(changed).status).not.toBe(0);
    expect(readFileSync(SCHEMA, 'utf8')).toBe(before);
  });
});
