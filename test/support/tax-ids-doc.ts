/**
 * Test support: the tables of docs/tax-ids.md, each between `<!-- BEGIN:name -->` and `<!-- END:name -->`, for the
 * tax-ID tests that check the figures and lists it states (test/unit/tax/tax-id-*.test.ts).
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

export const taxIdsDoc = readFileSync(resolve(__dirname, '../../docs/tax-ids.md'), 'utf8');

/** The table rows (cells trimmed, backticks kept) of the named section. */
export function docTableCells(name: string): string[][] {
  const m = new RegExp(`<!-- BEGIN:${name} -->([\\s\\S]*?)<!-- END:${name} -->`).exec(taxIdsDoc);
  if (!m) throw new Error(`docs/tax-ids.md has no ${name} section`);
  return m[1]!
    .split('\n')
    .filter((l) => l.trim().startsWith('|'))
    .slice(2) // header + separator
    .map((l) =>
      l
        .trim()
        .replace(/^\||\|$/g, '')
        .split('|')
        .map((c) => c.trim()),
    );
}

/** The table rows of the named section with backticks stripped from every cell. */
export const docTable = (name: string): string[][] => docTableCells(name).map((row) => row.map((c) => c.replace(/`/g, '')));
