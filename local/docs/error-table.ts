/**
 * Docs: the error table of docs/api.md, rendered from src/config/error-codes.ts (the list the OpenAPI document reads
 * too), so the docs hold no second copy. `npm run docs` rewrites the section; a unit test fails when it is stale.
 */
import { errorCodes } from '../../src/config/error-codes';
import { markdownTable, replaceSection } from './markdown';

const ERROR_TABLE_START = '<!-- errors:start (generated from src/config/error-codes.ts by `npm run docs`) -->';
const ERROR_TABLE_END = '<!-- errors:end -->';

function errorTableMarkdown(): string {
  return markdownTable(
    ['Status', '`error`', 'When'],
    errorCodes.map((e) => [e.status, `\`${e.error}\``, e.when]),
  );
}

/** docs/api.md with its error section replaced by the current table. */
export function withErrorTable(markdown: string): string {
  return replaceSection(markdown, { start: ERROR_TABLE_START, end: ERROR_TABLE_END, document: 'docs/api.md' }, errorTableMarkdown());
}
