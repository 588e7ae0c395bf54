/**
 * Unit: the one summary of the US ZIP tables (src/domain/installation/us-local-rates-summary.ts) that `npm start`,
 * the deploy output `UsLocalRates` and the rating functions' log line say. Counts are this file's own fixtures.
 */
import { coverageOf } from '../../../src/domain/installation/coverage';
import { firstLookupSummary, summaryText, usLocalRatesSummary } from '../../../src/domain/installation/us-local-rates-summary';

type Table = { month: string; state: string; zip_count: number; imported_at: string };
const summary = (zipTables: Table[], today: string) =>
  usLocalRatesSummary(coverageOf({ today, zipTables, crosswalk: null, fx: [], saleCurrencies: [], ruleData: [], nexusRules: [] }));
const at = '2026-11-02T10:00:00.000Z';
/** Three months of two states: 2026-11 has 41,002 + 516 ZIPs. */
const threeMonths: Table[] = ['2026-09', '2026-10', '2026-11'].flatMap((month, i) => [
  { month, state: 'CA', zip_count: 41_000 + i, imported_at: at },
  { month, state: 'TX', zip_count: 514 + i, imported_at: at },
]);

describe('usLocalRatesSummary', () => {
  it('none loaded: state base rates only, how to import and where public tables come from', () => {
    const none = summary([], '2026-11-28');
    expect(none.loaded).toBe(false);
    expect(summaryText(none)).toBe(
      'none loaded: a US sale is taxed at its state base rate only, without county, city and district taxes (the answer says so in `notes`); ' +
        'import them with `npx levy rates import <folder or .csv files>` (`--aws` for a deployed stack); Avalara publishes free ZIP5 tables each month ' +
        '(TAXRATES_ZIP5_<state><YYYYMM>.csv) at https://www.avalara.com/taxrates/en/download-tax-tables.html (docs/local.md "US local rates").',
    );
  });

  it('loaded: the months, and the table in force with its ZIP and state counts', () => {
    const loaded = summary(threeMonths, '2026-11-28');
    expect(loaded.loaded).toBe(true);
    expect(summaryText(loaded)).toBe('3 months loaded (2026-09..2026-11); in force today: 2026-11, 41,518 ZIPs in 2 states.');
  });

  it('with LEVY_US_LOCAL_RATES=required (deployed: -c usLocalRates=required), says sales without a table are refused', () => {
    expect(summaryText(summary([], '2026-11-28'), true)).toMatch(
      /^none loaded: .* LEVY_US_LOCAL_RATES=required: a US sale without a ZIP table in force on its date is refused \(422 us_local_rates_missing\)\.$/,
    );
  });

  it('adds the coverage warnings: no table for this month, or only later months', () => {
    expect(summaryText(summary(threeMonths, '2026-12-01'))).toBe(
      '3 months loaded (2026-09..2026-11); in force today: 2026-11, 41,518 ZIPs in 2 states. No US ZIP table is imported for 2026-12: sales this month are ' +
        'rated with the 2026-11 table; import them with `npx levy rates import <folder or .csv files>` (`--aws` for a deployed stack); Avalara publishes ' +
        'free ZIP5 tables each month (TAXRATES_ZIP5_<state><YYYYMM>.csv) at https://www.avalara.com/taxrates/en/download-tax-tables.html (docs/local.md "US local rates").',
    );
    expect(summary(threeMonths, '2026-08-15').headline).toBe(
      '3 months loaded (2026-09..2026-11); in force today: none, only later months are imported (2026-11: 41,518 ZIPs in 2 states)',
    );
    expect(summary([{ month: '2026-11', state: 'DE', zip_count: 1, imported_at: at }], '2026-11-28').headline).toBe(
      '1 month loaded (2026-11); in force today: 2026-11, 1 ZIP in 1 state',
    );
  });
});

describe('firstLookupSummary', () => {
  const row = { zip: '98101', state: 'WA', effective_month: '2026-11' } as never;
  it('a row found: loaded, naming the table that answered', () => {
    const found = firstLookupSummary({ zip: '98101', state: 'WA', month: '2026-11', found: { row } });
    expect(found).toEqual({
      loaded: true,
      text: expect.stringContaining('US local rates: loaded (the first US lookup of this container, ZIP 98101 in WA, was answered by the 2026-11 table)'),
    });
  });
  it('no row: not loaded for that ZIP, the state base rate, how to import', () => {
    const none = firstLookupSummary({ zip: '98101', state: 'WA', month: '2026-11', found: { row: null } });
    expect(none.loaded).toBe(false);
    expect(none.text).toContain('none in force for ZIP 98101 in WA on 2026-11');
    expect(none.text).toContain('no imported table lists it');
    expect(none.text).toContain('state base rate only');
    expect(none.text).toContain('npx levy rates import');
    expect(firstLookupSummary({ zip: '98101', state: 'WA', month: '2026-08', found: { row: null, firstMonth: '2026-09' } }).text).toContain(
      'its first table is for 2026-09',
    );
  });
});
