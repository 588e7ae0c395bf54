/** Unit: what `npm start` says about the US ZIP tables at start-up (local/coverage-lines.ts). */
import { coverageLines } from '../../../local/coverage-lines';
import { coverageOf } from '../../../src/domain/installation/coverage';
import { usLocalRatesSummary } from '../../../src/domain/installation/us-local-rates-summary';

const summary = (zipTables: { month: string; state: string; zip_count: number; imported_at: string }[], today = '2026-03-15') =>
  usLocalRatesSummary(coverageOf({ today, zipTables, crosswalk: null, fx: [], saleCurrencies: [], ruleData: [], nexusRules: [] }));

describe('coverageLines', () => {
  it('without tables: says sales get state base rates only, how to import tables and where public ones come from', () => {
    const text = coverageLines(summary([]), false).join('\n');
    expect(text).toContain('[levy] US local rates: none loaded: a US sale is taxed at its state base rate only');
    expect(text).toContain('npx levy rates import');
    expect(text).toContain('https://www.avalara.com/taxrates/en/download-tax-tables.html');
    expect(text).toContain('docs/local.md');
    expect(text).toContain('LEVY_RATES_DIR=<folder> npm start');
    expect(text).toContain('LEVY_US_LOCAL_RATES=required');
  });

  it('with tables: the months, ZIP and state counts and the table in force, and any warning', () => {
    const march = [
      { month: '2026-03', state: 'CA', zip_count: 1_780, imported_at: '2026-03-02T10:00:00.000Z' },
      { month: '2026-03', state: 'TX', zip_count: 2_600, imported_at: '2026-03-02T10:00:00.000Z' },
    ];
    expect(coverageLines(summary(march), true)).toEqual([
      '[levy] US local rates: 1 month loaded (2026-03); in force today: 2026-03, 4,380 ZIPs in 2 states.',
      '[levy] LEVY_US_LOCAL_RATES=required: a US sale without a ZIP table in force on its date is refused (422 us_local_rates_missing).',
    ]);
    expect(coverageLines(summary(march, '2026-11-27'), false).join('\n')).toContain('[levy] warning: No US ZIP table is imported for 2026-11');
  });
});
