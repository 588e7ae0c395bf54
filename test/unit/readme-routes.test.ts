/** Docs: the README's route table is the one src/config/routes.ts renders (run `npm run docs` after a route change). */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { withRouteTable } from '../../local/docs/route-table';
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
