/**
 * Unit (pure, and in-memory ports): which month's ZIP table rates a sale. The rule (docs/tax-rules.md, "United
 * States"): a month's table is in force from the first of that month (Avalara publishes its tables for the first of
 * each month, when AvaTax takes the month's rate changes: help.avalara.com/Rates_and_Rules) until a later month's is
 * imported; before a ZIP's first table the state base rate applies, with the note `us_local_rate_unavailable_for_date`;
 * a ZIP never imported keeps `us_local_rate_unavailable_state_base_rate_used`. The rows are made up here:
 * what is checked is which one answers.
 */
import { effectiveMonthFromFolderName, effectiveMonthOf } from '../../../local/rates/zip-rate-csv';
import { newEntity } from '../../../src/domain/records/entity';
import type { UsLocalRate } from '../../../src/domain/tax/rate-types';
import { monthOfDate, zipRateOnMonth } from '../../../src/domain/tax/zip-rate-months';
import { quoteTaxRate } from '../../../src/usecases/sales/quote-tax-rate';
import { memoryPorts } from '../../support/memory-ports';

const ACCOUNT = 'acct_1';
const row = (state: string, month: string, county: number): UsLocalRate => ({
  zip: '42223',
  state,
  region_name: 'X',
  state_rate: state === 'TN' ? 0.07 : 0.06,
  county_rate: county,
  city_rate: 0,
  special_rate: 0,
  combined_rate: (state === 'TN' ? 0.07 : 0.06) + county,
  effective_month: month,
});
const tnMarch = row('TN', '2025-03', 0.025);
const tnSeptember = row('TN', '2025-09', 0.0275);
const kyJune = row('KY', '2025-06', 0);

describe('zipRateOnMonth', () => {
  const rows = [tnSeptember, kyJune, tnMarch];

  it.each([
    ['2025-03', tnMarch],
    ['2025-08', tnMarch],
    ['2025-09', tnSeptember],
    ['2027-01', tnSeptember],
  ])('answers for TN in %s the newest table on or before it', (month, expected) => {
    expect(zipRateOnMonth(rows, 'TN', month)).toEqual({ row: expected });
  });

  it("answers nothing before the state's first table, naming that month, though the other state has one", () => {
    expect(zipRateOnMonth(rows, 'TN', '2025-02')).toEqual({ row: null, firstMonth: '2025-03' });
    expect(zipRateOnMonth(rows, 'KY', '2025-03')).toEqual({ row: null, firstMonth: '2025-06' });
    expect(zipRateOnMonth([], 'TN', '2025-03')).toEqual({ row: null });
  });

  it('takes the month of a date', () => {
    expect(monthOfDate('2025-09-30')).toBe('2025-09');
  });
});

describe('the month of an imported file', () => {
  it.each([
    ['/data/TAXRATES_ZIP5_CA202603.csv', undefined, '2026-03'],
    ['/data/us-zip5-rates-2026-03/TAXRATES_ZIP5_CA202603.csv', '2025-12', '2025-12'],
    ['/data/us-zip5-rates-2026-03/TAXRATES_ZIP5_CA.csv', undefined, '2026-03'],
    ['/data/rates-2026-04.csv', undefined, '2026-04'],
    ['/data/TAXRATES_ZIP5_CA202613.csv', undefined, undefined],
    ['/data/zip-rates/rates.csv', undefined, undefined],
  ])('%s with --effective-month %s: %s', (path, flag, expected) => {
    expect(effectiveMonthOf(path, flag)).toBe(expected);
  });

  it('reads a folder name ending in a month, and nothing else', () => {
    expect(effectiveMonthFromFolderName('us-zip5-rates-2026-03')).toBe('2026-03');
    expect(effectiveMonthFromFolderName('rates_202601')).toBe('2026-01');
    expect(effectiveMonthFromFolderName('us-zip5-rates')).toBeUndefined();
    expect(effectiveMonthFromFolderName('batch1202603')).toBeUndefined();
  });
});

describe('quoteTaxRate on a date (in-memory ports)', () => {
  async function setUp() {
    const ports = memoryPorts({ zipStates: { '42223': 'KY', '79001': 'TX' } });
    // 42223 (Fort Campbell) is listed under KY and TN; the test world lets TN be given for it.
    ports.locations.isStatePlausibleForZip = (state, zip) => (zip === '42223' ? state === 'KY' || state === 'TN' : state === 'TX');
    await ports.entities.create(ACCOUNT, newEntity({ name: 'Seller', country: 'US' }, true, new Date('2025-01-01')));
    ports.zipRows.set('42223', [tnMarch, tnSeptember, kyJune]);
    return ports;
  }
  const goods = (date: string, location: Record<string, string>) => ({
    product_category: 'PHYSICAL_GOODS' as const,
    delivery_method: 'SHIPPED' as const,
    customer_type: 'B2C' as const,
    location: { country: 'US', ...location },
    date,
  });

  it('rates each date with the table in force on it', async () => {
    const ports = await setUp();
    // TN 7 % (Tenn. Code § 67-6-202) + the county part of the table in force.
    expect(await quoteTaxRate(ports, ACCOUNT, goods('2025-08-31', { state: 'TN', postal_code: '42223' }))).toMatchObject({
      county_rate: 0.025,
      total_rate: 0.095,
    });
    expect(await quoteTaxRate(ports, ACCOUNT, goods('2025-09-01', { state: 'TN', postal_code: '42223' }))).toMatchObject({
      county_rate: 0.0275,
      total_rate: 0.0975,
    });
  });

  it('answers the state base rate with us_local_rate_unavailable_for_date before the first table', async () => {
    const ports = await setUp();
    const tn = await quoteTaxRate(ports, ACCOUNT, goods('2025-02-28', { state: 'TN', postal_code: '42223' }));
    // Tennessee's state rate, 7 % (Tenn. Code § 67-6-202), with no local part.
    expect(tn).toMatchObject({ state_rate: 0.07, county_rate: 0, total_rate: 0.07, notes: ['us_local_rate_unavailable_for_date'] });
    // KY's part of the border ZIP starts in June: in April, Kentucky's 6 % (KRS 139.200).
    const ky = await quoteTaxRate(ports, ACCOUNT, goods('2025-04-15', { postal_code: '42223' }));
    expect(ky).toMatchObject({ state_rate: 0.06, total_rate: 0.06, notes: ['us_local_rate_unavailable_for_date'] });
  });

  it('keeps us_local_rate_unavailable_state_base_rate_used for a ZIP never imported', async () => {
    const ports = await setUp();
    const tx = await quoteTaxRate(ports, ACCOUNT, goods('2025-04-15', { postal_code: '79001' }));
    // Texas's state rate, 6.25 % (Tex. Tax Code § 151.051).
    expect(tx).toMatchObject({ state_rate: 0.0625, total_rate: 0.0625, notes: ['us_local_rate_unavailable_state_base_rate_used'] });
  });
});
