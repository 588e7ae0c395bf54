/**
 * Docs: the README's route table, rendered from src/config/routes.ts so the docs never hold a second
 * copy. `npm run docs` rewrites the README section; a unit test fails when it is stale.
 */
import { routes } from '../../src/config/routes';

const ROUTE_TABLE_START = '<!-- routes:start (generated from src/config/routes.ts by `npm run docs`) -->';
const ROUTE_TABLE_END = '<!-- routes:end -->';

function routeTableMarkdown(): string {
  const rows = routes.map(
    (r) => `| \`${r.method}\` | \`${r.path}\` | ${r.summary} | ${r.billable ? 'yes' : 'no'} | ${r.idempotent ? 'yes' : 'no'} | \`${r.entry}\` |`,
  );
  return [
    '| Method | Path | What it does | Billable | Idempotency-Key | Handler |',
    '|---|---|---|---|---|---|',
    ...rows,
  ].join('\n');
}

/** The README with its route section replaced by the current table. */
export function withRouteTable(readme: string): string {
  const start = readme.indexOf(ROUTE_TABLE_START);
  const end = readme.indexOf(ROUTE_TABLE_END);
  if (start < 0 || end < start) throw new Error('README.md lacks the route table markers');
  return `${readme.slice(0, start + ROUTE_TABLE_START.length)}\n${routeTableMarkdown()}\n${readme.slice(end)}`;
}
