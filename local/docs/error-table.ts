/**
 * Docs: the error table of docs/api.md, rendered from src/config/error-codes.ts (the list the OpenAPI document reads
 * too), so the docs hold no second copy. `npm run docs` rewrites the section; a unit test fails when it is stale.
 */
import { errorCodes } from '../../src/config/error-codes';

const ERROR_TABLE_START = '<!-- errors:start (generated from src/config/error-codes.ts by `npm run docs`) -->';
const ERROR_TABLE_END = '<!-- errors:end -->';

function errorTableMarkdown(): string {
  return ['| Status | `error` | When |', '|---|---|---|', ...errorCodes.map((e) => `| ${e.status} | \`${e.error}\` | ${e.when} |`)].join('\n');
}

/** docs/api.md with its error section replaced by the current table. */
export function withErrorTable(markdown: string): string {
  const start = markdown.indexOf(ERROR_TABLE_START);
  const end = markdown.indexOf(ERROR_TABLE_END);
  if (start < 0 || end < start) throw new Error('docs/api.md lacks the error table markers');
  return `${markdown.slice(0, start + ERROR_TABLE_START.length)}\n${errorTableMarkdown()}\n${markdown.slice(end)}`;
}
