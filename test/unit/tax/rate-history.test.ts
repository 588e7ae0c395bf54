// Unit tests (pure, no database): effective-dated rates. Each expected rate names its law or
// authority page; dates outside the history Levy holds answer 422 rate_history_unavailable, never a neighbouring row.
import { geoLocationLookups as lookups } from '../../../src/adapters/geo';
import { RateHistoryUnavailableError } from '../../../src/domain/errors';
import { euMemberStates } from '../../../src/domain/geography/countries';
import { calculateTaxRate, type TaxRateContext, type TaxRateInput, type UsLocalRate } from '../../../src/domain/tax/rate-engine';
import { canadaProvince, canadaProvincialRate, standardVatRate, usState, usStateBaseRate } from '../../../src/domain/tax/rate-data';
import { coveredPeriods, datedRowsProblem, rowInForceOrThrow, rowOn } from '../../../src/domain/tax/rate-history';
import type { ProductCategory } from '../../../src/domain/tax/vocabulary';
import canadaJson from '../../../data/canada-provinces.json';
import usStatesJson from '../../../data/us-states.json';

const usSeller: TaxRateContext = { seller: { country: 'US', state: 'CA' }, usLocal: null, today: '2026-03-15', lookups };
const caSeller: TaxRateContext = { seller: { country: 'CA' }, usLocal: null, today: '2026-03-15', lookups };

const sale = (category: ProductCategory, location: TaxRateInput['location'], date: string): TaxRateInput => ({
  product_category: category,
  delivery_method: category === 'SAAS' ? 'CLOUD' : category === 'PHYSICAL_GOODS' ? 'SHIPPED' : 'DOWNLOAD',
  customer_type: 'B2C',
  location,
  date,
});

/** Total rate of a B2C sale sold from the US (VAT countries), from Canada (provinces) or shipped in the US (state base). */
function rateOn(category: ProductCategory, location: TaxRateInput['location'], date: string): number {
  return calculateTaxRate(sale(category, location, date), location.country === 'CA' ? caSeller : usSeller).total_rate;
}

/** The 422 a request dated outside the history gets (the test fails when none is thrown). */
function historyError(run: () => unknown): RateHistoryUnavailableError {
  try {
    run();
  } catch (error) {
    if (error instanceof RateHistoryUnavailableError) return error;
    throw error;
  }
  throw new Error('expected a RateHistoryUnavailableError, got an answer');
}

describe('standard VAT/GST on a date', () => {
  it.each([
    // UStG § 28 Abs. 1 (temporary), Zweites Corona-Steuerhilfegesetz Art. 3, BGBl. I 2020 S. 1512: 16 % 2020-07-01..2020-12-31.
    ['DE', '2020-09-01', 0.16],
    // UStG § 12 Abs. 1: 19 % since 2007-01-01 (the day before the temporary period).
    ['DE', '2020-06-30', 0.19],
    // UStG § 12 Abs. 1: 19 % again from 2021-01-01.
    ['DE', '2021-01-01', 0.19],
    // VATCA 2010 s. 46(1A), Financial Provisions (Covid-19) (No. 2) Act 2020 s. 12: 21 % 2020-09-01..2021-02-28.
    ['IE', '2020-10-15', 0.21],
    // VATCA 2010 s. 46(1)(a): 23 % again from 2021-03-01.
    ['IE', '2021-03-01', 0.23],
    // Loi TVA art. 39 (Solidaritéitspak 2.0): temporary 16 % for 2023.
    ['LU', '2023-06-01', 0.16],
    // Loi TVA art. 39: 17 % again from 2024-01-01.
    ['LU', '2024-01-01', 0.17],
    // PVN likums 41. panta pirmā daļa: 21 % since 2012-07-01.
    ['LV', '2019-01-01', 0.21],
    // Arvonlisäverolaki 84 §: 24 % until 2024-08-31, 25.5 % from 2024-09-01 (vero.fi, Kirjojen ja lehtien arvonlisäverotuksesta).
    ['FI', '2024-08-31', 0.24],
    ['FI', '2024-09-01', 0.255],
    // Käibemaksuseadus § 15 lg 1: 20 % until 2023-12-31, 24 % from 2025-07-01.
    ['EE', '2023-12-31', 0.2],
    ['EE', '2025-07-01', 0.24],
    // Codul fiscal art. 291 alin. (1), Legea 141/2025: 19 % until 2025-07-31, 21 % from 2025-08-01.
    ['RO', '2025-07-31', 0.19],
    ['RO', '2025-08-01', 0.21],
    // MWSTG Art. 25 Abs. 1: 7.7 % until 2023-12-31 (ESTV), 8.1 % from 2024-01-01 (AHV 21, popular vote 2022-09-25).
    ['CH', '2023-12-31', 0.077],
    ['CH', '2024-01-01', 0.081],
    // GST Act 1993 s. 16(1): 7 % until 2022-12-31, 8 % from 2023-01-01, 9 % from 2024-01-01 (IRAS rate change guides).
    ['SG', '2022-12-31', 0.07],
    ['SG', '2023-01-01', 0.08],
    ['SG', '2024-01-01', 0.09],
    // 消費税法 第29条 + 地方税法 第72条の83: 8 % until 2019-09-30, 10 % from 2019-10-01.
    ['JP', '2019-09-30', 0.08],
    ['JP', '2019-10-01', 0.1],
    // A New Tax System (Goods and Services Tax) Act 1999 s. 9-70: 10 % since 2000-07-01.
    ['AU', '2019-01-01', 0.1],
    // Goods and Services Tax Act 1985 s. 8(1): 15 % since 2010-10-01.
    ['NZ', '2019-01-01', 0.15],
    // IGST Act 2017 s. 5(1), Notification No. 8/2017-Integrated Tax (Rate): 18 % for IT/OIDAR services since 2017-07-01.
    ['IN', '2019-01-01', 0.18],
    // VAT Act 1994 s. 2(1) as amended by Finance (No. 2) Act 2010 s. 3: 20 % since 2011-01-04.
    ['GB', '2019-01-01', 0.2],
    // Merverdiavgiftsloven § 5-1: 25 % since 2005-01-01.
    ['NO', '2019-01-01', 0.25],
  ])('%s on %s: B2C SaaS %s', (country, date, expected) => {
    expect(rateOn('SAAS', { country }, date)).toBe(expected);
  });
});

describe('e-books on a date (reduced-rate rows, the standard rate around them)', () => {
  it.each([
    // UStG § 12 Abs. 2 Nr. 14 (JStG 2019, BGBl. I S. 2451) in force 2019-12-18: the day before, the standard 19 %.
    ['DE', '2019-12-17', 0.19],
    ['DE', '2019-12-18', 0.07],
    // UStG § 28 Abs. 2 (Zweites Corona-Steuerhilfegesetz): 5 % instead of 7 % 2020-07-01..2020-12-31.
    ['DE', '2020-09-01', 0.05],
    // VATCA 2010 Sch. 3, Finance Act 2018 s. 41(b): 9 % from 2019-01-01; zero-rated from 2024-01-01 (Finance (No. 2) Act 2023, Revenue electronic publications page).
    ['IE', '2023-06-01', 0.09],
    ['IE', '2024-01-01', 0],
    // Wet OB 1968 Tabel I as amended by the Belastingplan 2020: 9 % only from 2020-01-01 (2019 at the standard 21 %).
    ['NL', '2019-06-01', 0.21],
    ['NL', '2020-01-01', 0.09],
    // Ley 37/1992 art. 91.Dos.1.2º as amended by RDL 15/2020, in force 2020-04-23 (21 % the day before).
    ['ES', '2020-04-22', 0.21],
    ['ES', '2020-04-23', 0.04],
    // UStG 1994 § 28 Abs. 52 (BGBl. I Nr. 60/2020): 5 % for e-publications 2020-07-01..2021-12-31; 10 % again after.
    ['AT', '2021-06-01', 0.05],
    ['AT', '2022-01-01', 0.1],
    // Zákon 222/2004 Z. z. príloha č. 7a (2024 consolidation act): 5 % from 2025-01-01; standard 20 % before (§ 27 ods. 1).
    ['SK', '2024-06-01', 0.2],
    ['SK', '2025-01-01', 0.05],
    // Cyprus VAT Law amendment published 2023-07-21 (Directive (EU) 2022/542): 3 %; before, the standard 19 % (Law 95(I)/2000).
    ['CY', '2023-07-21', 0.03],
    ['CY', '2019-01-01', 0.19],
    // VAT Act 1994 Sch. 8 Group 3, SI 2020/459 (HMRC VBOOKS8503): zero-rated from 2020-05-01, 20 % the day before.
    ['GB', '2020-04-30', 0.2],
    ['GB', '2020-05-01', 0],
    // Merverdiavgiftsloven § 6-4, Prop. 115 LS (2018–2019) ch. 2: zero-rated from 2019-07-01.
    ['NO', '2019-06-30', 0.25],
    ['NO', '2019-07-01', 0],
    // MWSTG Art. 25 Abs. 2 (revision of 2016-09-30, in force 2018-01-01): 2.5 %, 2.6 % from 2024-01-01.
    ['CH', '2019-01-01', 0.025],
    ['CH', '2024-01-01', 0.026],
  ])('%s on %s: e-book %s', (country, date, expected) => {
    expect(rateOn('EBOOKS', { country }, date)).toBe(expected);
  });
});

describe('US state base rates on a date (no ZIP table: the statewide rate of data/us-states.json)', () => {
  it.each([
    // SDCL 10-45-2 as amended by 2016 HB 1182: 4.5 % from 2016-06-01 (the issue: Levy answered 4.2 %).
    ['SD', '2023-03-01', 0.045],
    // SDCL 10-45-2 as amended by 2023 HB 1137: 4.2 % from 2023-07-01 to 2027-06-30.
    ['SD', '2023-07-01', 0.042],
    ['SD', '2027-06-30', 0.042],
    // 2023 HB 1137 sunset: 4.5 % again from 2027-07-01.
    ['SD', '2027-07-01', 0.045],
    // NMSA 1978 § 7-9-4(A): 5.125 % from 2010-07-01; Laws 2022 ch. 47 (HB 163): 5 % from 2022-07-01, 4.875 % from 2023-07-01 (TRD).
    ['NM', '2022-06-30', 0.05125],
    ['NM', '2022-07-01', 0.05],
    ['NM', '2023-07-01', 0.04875],
    ['NM', '2024-07-01', 0.04875],
    // Utah Code § 59-12-103: state 4.70 % + uniform local 1.25 % = 5.95 %; state 4.85 % from 2019-04-01 (Proposition 3, Tax Bulletin 01-19) = 6.10 %.
    ['UT', '2019-03-31', 0.0595],
    ['UT', '2019-04-01', 0.061],
    // D.C. Code § 47-2002(a): 6 % from 2018-10-01 (FY 2019 Budget Support Act; OTR notice 2018-09-05).
    ['DC', '2018-10-01', 0.06],
    // La. R.S. 47:302: 4.45 % to 2024-12-31; 5 % from 2025-01-01 (Act 11 of the 2024 Third Extraordinary Session; LDR).
    ['LA', '2024-12-31', 0.0445],
    ['LA', '2025-01-01', 0.05],
    // Tex. Tax Code § 151.051: 6.25 % since 1990-07-01.
    ['TX', '2019-01-01', 0.0625],
  ])('%s on %s: %s', (state, date, expected) => {
    expect(rateOn('PHYSICAL_GOODS', { country: 'US', state }, date)).toBe(expected);
  });
});

describe('Canada on a date (GST 5 % + provincial part)', () => {
  it.each([
    // The Retail Sales Tax Act (C.C.S.M. c. R130) s. 2(1): RST 8 % from 2013-07-01, 7 % from 2019-07-01 (Budget 2019); ETA s. 165(1) GST 5 %.
    ['MB', '2019-06-30', 0.13],
    ['MB', '2019-07-01', 0.12],
    // ETA Sch. VIII: Nova Scotia component 10 % (HST 15 %) until 2025-03-31, 9 % (HST 14 %) from 2025-04-01.
    ['NS', '2025-03-31', 0.15],
    ['NS', '2025-04-01', 0.14],
    // ETA s. 165(2) and Sch. VIII: Ontario HST 13 % since 2010-07-01.
    ['ON', '2019-01-01', 0.13],
  ])('%s on %s: %s', (province, date, expected) => {
    expect(rateOn('PHYSICAL_GOODS', { country: 'CA', state: province }, date)).toBe(expected);
  });
});

describe('a date outside the history Levy holds: 422 rate_history_unavailable naming the earliest date', () => {
  it('Germany before 2007-01-01 (UStG § 12 Abs. 1, 19 % since 2007-01-01: the first row held)', () => {
    const error = historyError(() => rateOn('SAAS', { country: 'DE' }, '2006-12-31'));
    expect(error).toMatchObject({ status: 422, code: 'rate_history_unavailable', message: expect.stringContaining('for Germany (DE) starts on 2007-01-01') });
    expect(error.message).toContain('2007-01-01');
    expect(error.message).toContain('Germany (DE)');
    expect(error.message).toContain('2006-12-31');
  });

  it('South Dakota before 2016-06-01 (SDCL 10-45-2, 2016 HB 1182): never the later 4.2 %', () => {
    const error = historyError(() => rateOn('PHYSICAL_GOODS', { country: 'US', state: 'SD' }, '2016-05-31'));
    expect(error).toMatchObject({ message: expect.stringContaining('for South Dakota (US-SD) starts on 2016-06-01') });
    expect(error.message).toMatch(/starts on 2016-06-01/);
  });

  it('Latvia before 2012-07-01 (22 % then, which Levy does not hold; PVN likums 41. pants)', () => {
    expect(historyError(() => rateOn('SAAS', { country: 'LV' }, '2012-06-30'))).toMatchObject({
      message: expect.stringContaining('for Latvia (LV) starts on 2012-07-01'),
    });
  });

  it('DC before 2018-10-01 (5.75 % then; D.C. Code § 47-2002(a))', () => {
    expect(historyError(() => rateOn('PHYSICAL_GOODS', { country: 'US', state: 'DC' }, '2018-09-30'))).toMatchObject({
      message: expect.stringContaining('starts on 2018-10-01'),
    });
  });

  it('Alabama before 2019-01-01: its 4 % start date is unverified, so 2019-01-01 is the earliest Levy answers', () => {
    expect(historyError(() => rateOn('PHYSICAL_GOODS', { country: 'US', state: 'AL' }, '2018-12-31'))).toMatchObject({
      message: expect.stringContaining('for Alabama (US-AL) starts on 2019-01-01'),
    });
  });

  it('Canada before the 5 % GST (ETA s. 165(1), 2008-01-01) and Ontario before its HST (2010-07-01)', () => {
    expect(historyError(() => rateOn('PHYSICAL_GOODS', { country: 'CA', state: 'AB' }, '2007-12-31'))).toMatchObject({
      message: expect.stringContaining('for Canada (CA) starts on 2008-01-01'),
    });
    expect(historyError(() => rateOn('PHYSICAL_GOODS', { country: 'CA', state: 'ON' }, '2010-06-30'))).toMatchObject({
      message: expect.stringContaining('for Ontario (CA-ON) starts on 2010-07-01'),
    });
  });

  it('an e-book before the reduced rows falls back to the standard rate only where the standard history covers the date', () => {
    // DE e-books before 2019-12-18 are at the standard rate, but Levy holds no German rate before 2007-01-01.
    expect(historyError(() => rateOn('EBOOKS', { country: 'DE' }, '2005-01-01'))).toMatchObject({ message: expect.stringContaining('starts on 2007-01-01') });
  });

  it('applies to reverse charge and to a US sale with an imported ZIP row too (one rule for every answer)', () => {
    expect(historyError(() => calculateTaxRate({ ...sale('SAAS', { country: 'FR' }, '2013-12-31'), customer_type: 'B2B' }, usSeller))).toMatchObject({
      message: expect.stringContaining('starts on 2014-01-01'),
    });
    const zipRow: UsLocalRate = {
      zip: '57104',
      state: 'SD',
      region_name: 'SIOUX FALLS',
      state_rate: 0.042,
      county_rate: 0,
      city_rate: 0.02,
      special_rate: 0,
      combined_rate: 0.062,
      effective_month: '2026-03',
    };
    const context = { ...usSeller, usLocal: zipRow };
    expect(historyError(() => calculateTaxRate(sale('PHYSICAL_GOODS', { country: 'US', postal_code: '57104' }, '2015-01-01'), context))).toMatchObject({
      message: expect.stringContaining('starts on 2016-06-01'),
    });
  });

  it('a country without VAT stays "not taxable" on any date', () => {
    // Hong Kong levies no VAT/GST (data/vat-standard-rates.json, empty rows with no_vat_note).
    expect(calculateTaxRate(sale('SAAS', { country: 'HK' }, '1990-01-01'), usSeller)).toMatchObject({ taxable: false, total_rate: 0 });
  });
});

describe('the row mechanism (effective_from, inclusive effective_to, gaps)', () => {
  const rows = [
    { effective_from: '2020-01-01', effective_to: '2020-06-30', rate: 1 },
    { effective_from: '2021-01-01', effective_to: '2021-12-31', rate: 2 },
    { effective_from: '2022-01-01', rate: 3 },
  ];

  it('takes the row in force, effective_to being the last day', () => {
    expect(rowOn(rows, '2020-06-30')).toEqual({ kind: 'row', row: rows[0] });
    expect(rowOn(rows, '2021-12-31')).toEqual({ kind: 'row', row: rows[1] });
    expect(rowOn(rows, '2030-01-01')).toEqual({ kind: 'row', row: rows[2] });
  });

  it('answers a gap after an effective_to with no successor as a 422, never another row', () => {
    expect(rowOn(rows, '2020-07-01')).toEqual({ kind: 'gap', endedOn: '2020-06-30', nextFrom: '2021-01-01' });
    const error = historyError(() => rowInForceOrThrow(rows, '2020-09-01', () => 'Testland (TL)'));
    expect(error.message).toContain('ended on 2020-06-30');
    expect(error.message).toContain('2020-01-01 to 2020-06-30 and 2021-01-01 onwards');
    // The 422 body is the spec's {error, message, status} (service-spec 2.5): the message carries the dates.
    expect(Object.keys(error).sort()).toEqual(['code', 'name', 'status']);
    const ended = [{ effective_from: '2020-01-01', effective_to: '2020-12-31' }];
    expect(historyError(() => rowInForceOrThrow(ended, '2021-01-01', () => 'Testland (TL)')).message).toContain('no later rate is recorded');
    expect(coveredPeriods(ended)).toEqual(['2020-01-01 to 2020-12-31']);
  });

  it('refuses overlapping, unsorted or inverted rows (the data schema runs this on every file)', () => {
    expect(datedRowsProblem(rows)).toBeUndefined();
    expect(datedRowsProblem([{ effective_from: '2020-01-01', effective_to: '2021-01-01' }, { effective_from: '2021-01-01' }])).toMatch(/overlaps/);
    expect(datedRowsProblem([{ effective_from: '2021-01-01' }, { effective_from: '2020-01-01' }])).toMatch(/sorted/);
    expect(datedRowsProblem([{ effective_from: '2021-01-01' }, { effective_from: '2021-01-01' }])).toMatch(/sorted/);
    expect(datedRowsProblem([{ effective_from: '2021-01-01', effective_to: '2020-12-31' }])).toMatch(/before it starts/);
  });
});

describe('coverage: every jurisdiction with a rate history answers from 2019-01-01 on', () => {
  const HISTORY_FROM = '2019-01-01';

  it.each([...euMemberStates, 'GB', 'CH', 'NO', 'AU', 'NZ', 'SG', 'JP', 'IN', 'CA'].sort())('%s', (country) => {
    expect(standardVatRate(country, HISTORY_FROM)?.ppm).toBeGreaterThan(0);
  });

  it('every Canadian province and territory, and every US state, DC and PR', () => {
    for (const { code } of canadaJson.provinces) expect(canadaProvincialRate(canadaProvince(code)!, HISTORY_FROM).ppm).toBeGreaterThanOrEqual(0);
    for (const { code } of usStatesJson.states) expect(usStateBaseRate(usState(code)!, HISTORY_FROM).ppm).toBeGreaterThanOrEqual(0);
    expect(usStatesJson.states.length).toBe(52);
  });
});
