/**
 * Integration: POST /v1/tax/rate with `date` on DynamoDB Local, after importing two months of ZIP tables with
 * `levy rates import`: the real March 2026 rows of Avalara's table (../shared/data, imported with the month of its
 * file names) and an earlier October 2025 table written here (made-up rates, named for its month by the flag). A
 * month's table is in force from the first of that month until a later one is imported (help.avalara.com/Rates_and_Rules:
 * AvaTax takes each month's rate changes on the first); before the first table, the state base rate answers with the
 * note `us_local_rate_unavailable_for_date`. Every date here is before 2026-04, so the March 2026 table
 * other test files import for every ZIP changes nothing.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { importRates } from '../../local/rates/rates-import';
import { callRoute, newTestAccount } from '../support/api';

const ZIP_DIR = join(__dirname, '../../../shared/data/us-zip5-rates-2026-03');
const HEADER = 'State,ZipCode,TaxRegionName,EstimatedCombinedRate,StateRate,EstimatedCountyRate,EstimatedCityRate,EstimatedSpecialRate,RiskLevel';

/** The rows of ZIP `zip` in Avalara's March 2026 table, as CSV lines. */
function avalaraMarch2026(zip: string): string[] {
  return ['TX', 'KY', 'TN']
    .flatMap((state) => readFileSync(join(ZIP_DIR, `TAXRATES_ZIP5_${state}202603.csv`), 'utf8').split('\n'))
    .filter((line) => line.split(',')[1] === zip);
}

const goods = (date: string, location: Record<string, string>) => ({
  product_category: 'PHYSICAL_GOODS',
  delivery_method: 'SHIPPED',
  customer_type: 'B2C',
  location: { country: 'US', ...location },
  date,
});

describe('POST /v1/tax/rate on a date, with two months of ZIP tables', () => {
  let seller: string;
  const rate = async (body: unknown) => {
    const res = await callRoute('tax-rate', { accountId: seller, body });
    expect(res.status).toBe(200);
    return res.body;
  };

  beforeAll(async () => {
    const dir = mkdtempSync(join(tmpdir(), 'levy-zip-months-'));
    // 79001 Adrian TX and 42223 Fort Campbell (KY and TN) in March 2026, from the file names' month.
    writeFileSync(join(dir, 'TAXRATES_ZIP5_XX202603.csv'), [HEADER, ...avalaraMarch2026('79001'), ...avalaraMarch2026('42223')].join('\n'));
    expect(await importRates([join(dir, 'TAXRATES_ZIP5_XX202603.csv')])).toMatchObject({ rows: 3, effective_months: ['2026-03'] });
    // October 2025 for 79001 and the TN side of 42223 only (made-up rates), month from the flag.
    writeFileSync(
      join(dir, 'older.csv'),
      [HEADER, 'TX,79001,ADRIAN,0.070000,0.062500,0.007500,0,0,0', 'TN,42223,CLARKSVILLE,0.092500,0.070000,0.022500,0,0,0'].join('\n'),
    );
    expect(await importRates([join(dir, 'older.csv')], { effectiveMonth: '2025-10' })).toMatchObject({ rows: 2, effective_months: ['2025-10'] });
    seller = (await newTestAccount('US', 'Monthly Tables Inc')).account_id;
  });

  it('rates a date in March 2026 with the March table', async () => {
    // Avalara TAXRATES_ZIP5_TX202603.csv, 79001: state 0.0625, county 0.005, city 0.01, combined 0.0775.
    expect(await rate(goods('2026-03-01', { postal_code: '79001' }))).toMatchObject({
      state_rate: 0.0625,
      county_rate: 0.005,
      additional_rate: 0.01,
      total_rate: 0.0775,
    });
  });

  it('rates a date between the two tables with the October table, still in force', async () => {
    // The October 2025 table imported above: 79001 at 7 % (state 6.25 + county 0.75).
    const body = await rate(goods('2026-02-28', { postal_code: '79001' }));
    expect(body).toMatchObject({ state_rate: 0.0625, county_rate: 0.0075, additional_rate: 0, total_rate: 0.07 });
    expect(body.notes).toBeUndefined();
  });

  it('answers the state base rate with us_local_rate_unavailable_for_date before the first table', async () => {
    // Texas's state rate, 6.25 % (Tex. Tax Code § 151.051), with no local part.
    expect(await rate(goods('2025-09-30', { postal_code: '79001' }))).toMatchObject({
      state_rate: 0.0625,
      county_rate: 0,
      additional_rate: 0,
      special_rate: 0,
      total_rate: 0.0625,
      notes: ['us_local_rate_unavailable_for_date'],
    });
  });

  it('rates each state of a border ZIP with its own months', async () => {
    // TN side: October 2025 table above (9.25 %), then Avalara TAXRATES_ZIP5_TN202603.csv (9.5 %).
    expect(await rate(goods('2025-12-01', { state: 'TN', postal_code: '42223' }))).toMatchObject({ county_rate: 0.0225, total_rate: 0.0925 });
    expect(await rate(goods('2026-03-31', { state: 'TN', postal_code: '42223' }))).toMatchObject({ county_rate: 0.025, total_rate: 0.095 });
    // KY side: only March 2026 imported, so December 2025 has no table: Kentucky's 6 % (KRS 139.200).
    expect(await rate(goods('2025-12-01', { state: 'KY', postal_code: '42223' }))).toMatchObject({
      total_rate: 0.06,
      notes: ['us_local_rate_unavailable_for_date'],
    });
  });

  it('rates a unify cart of that date with the same table', async () => {
    const res = await callRoute('tax-unify', {
      accountId: seller,
      body: {
        currency: 'USD',
        customer: { type: 'B2C' },
        location: { country: 'US', postal_code: '79001' },
        date: '2026-01-15',
        line_items: [{ id: 'a', amount: 10_000, product_category: 'PHYSICAL_GOODS', delivery_method: 'SHIPPED' }],
      },
    });
    expect(res.status).toBe(200);
    // 7 % of 100.00 USD (10,000 cents), the October 2025 table imported above.
    expect(res.body.tax_total).toBe(700);
  });
});
