/**
 * Unit: the nexus-rule data (data/nexus-rules/*.json) and nexusRuleOn. Every row cites its source (the schema refuses
 * a row without source_url); every US state Levy has a rate for has a rule row (or an explicit not-applicable row).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { withoutCitations } from '../../../src/domain/installation/deployed-data';
import { nexusRuleOn, nexusRules, nexusRulesFileSchema } from '../../../src/domain/nexus/rule-data';

const dataFile = (name: string): { rows: Record<string, unknown>[] } => JSON.parse(readFileSync(join(__dirname, '../../../data', name), 'utf8'));

describe('nexus rule data', () => {
  it('refuses a row without a source, naming it', () => {
    const file = dataFile('nexus-rules/us.json');
    delete file.rows[0].source_url;
    const parsed = nexusRulesFileSchema.safeParse(file);
    expect(parsed.success).toBe(false);
    expect(JSON.stringify(parsed.error?.issues)).toMatch(/source_url/);
  });

  it('refuses an unverified row without a note saying why', () => {
    const file = dataFile('nexus-rules/us.json');
    file.rows[0].verified_on = null;
    delete file.rows[0].note;
    expect(nexusRulesFileSchema.safeParse(file).success).toBe(false);
  });

  it('refuses two rows of one jurisdiction in force on the same day', () => {
    const file = dataFile('nexus-rules/us.json');
    const indiana = file.rows.filter((row) => row.jurisdiction === 'US-IN');
    indiana[0].effective_to = '2024-02-01'; // the second row starts 2024-01-01
    expect(JSON.stringify(nexusRulesFileSchema.safeParse(file).error?.issues)).toMatch(/US-IN: rows from .* overlap/);
  });

  it('has a rule for every US state, DC and PR that Levy rates, and one for each non-US jurisdiction of the issue', () => {
    const usStates = (JSON.parse(readFileSync(join(__dirname, '../../../data/us-states.json'), 'utf8')) as { states: { code: string }[] }).states.map(
      (state) => state.code,
    );
    const ruled = new Set(nexusRules.map((row) => row.jurisdiction));
    expect(usStates.filter((code) => !ruled.has(`US-${code}`))).toEqual([]);
    for (const jurisdiction of ['EU', 'GB', 'CH', 'NO', 'AU', 'NZ', 'SG', 'CA', 'JP', 'KR', 'IN']) expect(ruled).toContain(jurisdiction);
  });

  it('answers not applicable for the states without a sales tax', () => {
    for (const state of ['DE', 'MT', 'NH', 'OR']) expect(nexusRuleOn(`US-${state}`, '2026-11-24')?.applies).toBe(false);
  });

  it('answers the rule in force on a day, the transaction test ending on its end date', () => {
    // Indiana dropped its 200-transaction test effective 2024-01-01 (Sales Tax Helper, Jan 2026, in the row's source).
    const before = nexusRuleOn('US-IN', '2023-12-31');
    const after = nexusRuleOn('US-IN', '2024-01-01');
    expect(before).toMatchObject({ logic: 'either', transaction_threshold: 200, effective_to: '2024-01-01' });
    expect(after).toMatchObject({ logic: 'sales_only', transaction_threshold: null, sales_threshold: { amount: 10_000_000, currency: 'USD' } });
    // Arizona's scaled threshold: $200,000 in 2019, $150,000 in 2020, $100,000 from 2021 (Eide Bailly).
    expect(
      [nexusRuleOn('US-AZ', '2019-12-31'), nexusRuleOn('US-AZ', '2020-06-30'), nexusRuleOn('US-AZ', '2021-01-01')].map((row) => row?.sales_threshold?.amount),
    ).toEqual([20_000_000, 15_000_000, 10_000_000]);
    expect(nexusRuleOn('US-CA', '2018-06-20')).toBeUndefined();
    expect(nexusRuleOn('US-ZZ', '2026-11-24')).toBeUndefined();
  });

  it('cites every row with a web source and a verification day or a note', () => {
    for (const row of nexusRules) {
      expect(row.source_url).toMatch(/^https?:\/\//);
      expect(row.verified_on !== null || (row.note ?? '').length > 0).toBe(true);
    }
  });
});

describe('nexus rule data as deployed', () => {
  it('keeps source_url in the Lambda copy (the nexus report answers it), while the file description is dropped', () => {
    const deployed = withoutCitations(dataFile('nexus-rules/us.json')) as { description?: string; rows: { source_url: string }[] };
    expect(deployed.description).toBeUndefined();
    expect(deployed.rows.every((row) => row.source_url.startsWith('http'))).toBe(true);
  });
});
