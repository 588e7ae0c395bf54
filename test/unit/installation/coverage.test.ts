/** Unit: the coverage answer's warnings (src/domain/installation/coverage.ts), on fixed days. */
import { coverageOf, type CoverageFacts } from '../../../src/domain/installation/coverage';

const march = [
  { month: '2026-03', state: 'CA', zip_count: 1_780, imported_at: '2026-03-02T10:00:00.000Z' },
  { month: '2026-03', state: 'TX', zip_count: 2_600, imported_at: '2026-03-02T10:05:00.000Z' },
];
const facts = (over: Partial<CoverageFacts>): CoverageFacts => ({
  today: '2026-03-15',
  zipTables: march,
  crosswalk: null,
  fx: [],
  saleCurrencies: [],
  ruleData: [
    {
      name: 'example.json',
      json: { rows: [{ effective_from: '2020-01-01' }, { effective_from: '2025-07-01', verified_on: '2026-11-24' }, { verified_on: null }] },
    },
  ],
  nexusRules: [],
  ...over,
});
const codes = (f: CoverageFacts) => coverageOf(f).warnings.map((w) => w.code);

describe('coverageOf', () => {
  it('sums a month over its states and names the table in force', () => {
    const answer = coverageOf(facts({}));
    expect(answer.us_zip_tables).toEqual({
      in_force: '2026-03',
      months: [
        {
          month: '2026-03',
          zip_count: 4_380,
          state_count: 2,
          states: [
            { state: 'CA', zip_count: 1_780 },
            { state: 'TX', zip_count: 2_600 },
          ],
          imported_at: '2026-03-02T10:05:00.000Z',
        },
      ],
    });
    expect(answer.warnings).toEqual([]);
  });

  it('warns when no table is imported, when the month has none, and when the table in force is over 3 months old', () => {
    expect(codes(facts({ zipTables: [] }))).toEqual(['us_zip_tables_missing']);
    expect(codes(facts({ today: '2026-05-01' }))).toEqual(['us_zip_table_missing_for_month']);
    // 2026-03 is 3 months before 2026-06 (not yet stale), 4 months before 2026-07.
    expect(codes(facts({ today: '2026-06-30' }))).toEqual(['us_zip_table_missing_for_month']);
    expect(codes(facts({ today: '2026-07-01' }))).toEqual(['us_zip_table_missing_for_month', 'us_zip_table_stale']);
    // Only a later month's table: nothing is in force yet.
    expect(coverageOf(facts({ today: '2026-02-10' })).us_zip_tables.in_force).toBeNull();
  });

  it('warns of each currency seen in sales without FX rates (EUR needs none)', () => {
    const answer = coverageOf(
      facts({ saleCurrencies: ['USD', 'EUR', 'XOF', 'XOF'], fx: [{ currency: 'USD', first_date: '1999-01-04', last_date: '2026-03-13' }] }),
    );
    expect(answer.warnings).toEqual([{ code: 'fx_rates_missing', message: expect.stringContaining('XOF') }]);
    expect(answer.fx_rates).toMatchObject({ first_date: '1999-01-04', last_date: '2026-03-13' });
  });

  it('versions each data file by its contents and gives its newest dates', () => {
    const [file] = coverageOf(facts({})).rule_data;
    expect(file).toEqual({
      file: 'data/example.json',
      version: expect.stringMatching(/^[0-9a-f]{12}$/),
      newest_effective_from: '2025-07-01',
      verified_on: { oldest: '2026-11-24', newest: '2026-11-24', unverified_rows: 1 },
    });
    const changed = coverageOf(facts({ ruleData: [{ name: 'example.json', json: { rows: [] } }] })).rule_data[0]!;
    expect(changed.version).not.toBe(file!.version);
    expect(changed).toMatchObject({ newest_effective_from: null, verified_on: null });
  });

  it('versions a file by its contents as deployed: the same with or without the citations the bundles leave out', () => {
    const rows = [{ effective_from: '2025-07-01', rate: 0.2 }];
    const version = (json: unknown) => coverageOf(facts({ ruleData: [{ name: 'example.json', json }] })).rule_data[0]!.version;
    const deployed = version({ rows });
    expect(version({ description: 'Standard rates', rows: rows.map((row) => ({ ...row, source: 'Art. 96 VAT Directive' })) })).toBe(deployed);
    expect(version({ rows: [{ ...rows[0], rate: 0.21 }] })).not.toBe(deployed);
  });
});
