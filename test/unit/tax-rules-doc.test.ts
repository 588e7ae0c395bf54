// Unit: docs/tax-rules.md lists every rule with its source; its "Rules and their sources" section is generated from
// data/*.json and local/docs/tax-rule-sources.ts (`npm run docs:tax-rules`).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { rulesInCode, sourceCells, withRuleSources } from '../../local/docs/tax-rule-sources';

const doc = readFileSync(join(__dirname, '../../docs/tax-rules.md'), 'utf8');

describe('docs/tax-rules.md', () => {
  it('has its rule-sources section up to date (run `npm run docs:tax-rules`)', () => {
    expect(doc).toBe(withRuleSources(doc));
  });

  it('names a source in every rule row', () => {
    const rows = sourceCells(doc);
    // The generated section alone holds one row per rule in code and per dated data row.
    expect(rows.length).toBeGreaterThan(rulesInCode.length + 300);
    expect(rows.filter((r) => r.source === '').map((r) => `line ${r.line}: ${r.row}`)).toEqual([]);
  });

  it('finds a rule row with an empty source (the check above can fail)', () => {
    const fixture = ['| rule | source |', '|---|---|', '| sourced | VATA 1994 s. 7A |', '| unsourced |  |', '| escaped \\| pipe | Art. 45 |'].join('\n');
    expect(sourceCells(fixture).map((r) => r.source)).toEqual(['VATA 1994 s. 7A', '', 'Art. 45']);
  });
});
