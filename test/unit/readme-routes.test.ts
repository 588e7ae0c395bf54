/**
 * Docs: the README's route table is the one src/config/routes.ts renders, docs/api.md's error table the one
 * src/config/error-codes.ts renders (run `npm run docs` after a change).
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { withErrorTable } from '../../local/docs/error-table';
import { withRouteTable } from '../../local/docs/route-table';
import { errorCodes } from '../../src/config/error-codes';
import { routes } from '../../src/config/routes';

describe('README route table', () => {
  const readme = readFileSync(join(__dirname, '../../README.md'), 'utf8');
  it('matches src/config/routes.ts', () => {
    expect(readme).toBe(withRouteTable(readme));
  });
  it('names every route', () => {
    for (const r of routes) expect(readme).toContain(`| \`${r.method}\` | \`${r.path}\` |`);
  });
});

describe('docs/api.md error table', () => {
  const apiMd = readFileSync(join(__dirname, '../../docs/api.md'), 'utf8');
  it('matches src/config/error-codes.ts (run `npm run docs`)', () => {
    expect(apiMd).toBe(withErrorTable(apiMd));
  });

  it('lists every code the code base answers', () => {
    const sources = execFileSync(
      'git',
      ['grep', '-h', '-o', '-E', "(AppError\\([0-9]{3}, |ConflictError\\(|ForbiddenError\\()'[a-z_]+'", '--', 'src', 'functions'],
      {
        cwd: join(__dirname, '../..'),
        encoding: 'utf8',
      },
    );
    const thrown = [...new Set([...sources.matchAll(/'([a-z_]+)'/g)].map((m) => m[1]))];
    expect(thrown.length).toBeGreaterThan(8);
    const listed = new Set<string>(errorCodes.map((e) => e.error));
    expect(thrown.filter((code) => !listed.has(code))).toEqual([]);
  });
});
