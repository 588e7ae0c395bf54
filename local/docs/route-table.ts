/**
 * Docs: the README's route table, rendered from src/config/routes.ts so the docs never hold a second
 * copy. `npm run docs` rewrites the README section; a unit test fails when it is stale.
 */
import { routes } from '../../src/config/routes';
import { markdownTable, replaceSection } from './markdown';

const ROUTE_TABLE_START = '<!-- routes:start (generated from src/config/routes.ts by `npm run docs`) -->';
const ROUTE_TABLE_END = '<!-- routes:end -->';

function routeTableMarkdown(): string {
  return markdownTable(
    ['Method', 'Path', 'What it does', 'Billable', 'Idempotency-Key', 'Handler'],
    routes.map((r) => [`\`${r.method}\``, `\`${r.path}\``, r.summary, r.billable ? 'yes' : 'no', r.idempotent ? 'yes' : 'no', `\`${r.entry}\``]),
  );
}

/** The README with its route section replaced by the current table. */
export function withRouteTable(readme: string): string {
  return replaceSection(readme, { start: ROUTE_TABLE_START, end: ROUTE_TABLE_END, document: 'README.md' }, routeTableMarkdown());
}
