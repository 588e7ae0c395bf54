// Unit tests (pure, no database): the EU member states' rates for the food, medicine, book and press tax codes
// (data/vat-tax-code-rates.json), checked by expected answers that name their sources and, row by row,
// against ibericode/vat-rates (../shared/data, read in place: reference data by others, never copied).
import taxCodeRatesJson from '../../../data/vat-tax-code-rates.json';
import { geoLocationLookups as lookups } from '../../../src/adapters/geo';
import { euMemberStates } from '../../../src/domain/geography/countries';
import { taxCodeVatRate } from '../../../src/domain/tax/tax-code-vat-rates';
import type { TaxRateContext } from '../../../src/domain/tax/rate-engine';
import { calculateTaxCodeRate } from '../../../src/domain/tax/tax-code-rate';
import { ibericodeRates, type IbericodePeriod } from '../../support/shared-data';

const TODAY = new Date().toISOString().slice(0, 10);
const deSeller: TaxRateContext = { seller: { country: 'DE' }, usLocal: null, today: '2026-03-15', lookups };

const FOOD_MEDICINE_PRINT = ['levy_groceries', 'levy_prescription_drugs', 'levy_books', 'levy_newspapers', 'levy_magazines'];

/** The country rate Levy answers a consumer in `country` buying `code` on `date` (a fraction: 0.1 is 10 %). */
const rateOf = (code: string, country: string, date = '2026-03-15') =>
  calculateTaxCodeRate({ tax_code: code, customer_type: 'B2C', location: { country }, date }, deSeller);

describe('food, medicines, books and press in the member states beyond the first nine', () => {
  it('Austria: food 10 %, medicines 10 %, books 5 % through 2021, press 5 % only in H2 2020', () => {
    // UStG 1994 § 10 Abs. 2 Z 1 lit. a with Anlage 1: food 10 % (the 4.9 % staples basket from 2026-07-01 not modelled).
    expect(rateOf('levy_groceries', 'AT')).toMatchObject({ taxability_reason: 'reduced_rate', result: { country_rate: 0.1 } });
    expect(rateOf('levy_groceries', 'AT').result.notes).toBeUndefined();
    // UStG 1994 § 10 Abs. 2: medicines 10 % since 2009-01-01.
    expect(rateOf('levy_prescription_drugs', 'AT').result.country_rate).toBe(0.1);
    // UStG 1994 § 28 Abs. 52 (BGBl. I Nr. 60/2020): 5 % for books to 2021-12-31, for newspapers to 2020-12-31 only.
    expect(rateOf('levy_books', 'AT', '2021-06-01').result.country_rate).toBe(0.05);
    expect(rateOf('levy_newspapers', 'AT', '2020-09-01').result.country_rate).toBe(0.05);
    expect(rateOf('levy_newspapers', 'AT', '2021-06-01').result.country_rate).toBe(0.1);
    expect(rateOf('levy_books', 'AT', '2022-01-01').result.country_rate).toBe(0.1);
  });

  it('Denmark: 25 % on all of them except newspapers, zero-rated', () => {
    // Momsloven § 33: a single 25 % rate; § 34, stk. 1, nr. 18: newspapers 0 % (SKM2023.198.LSR: a weekly magazine is 25 %).
    for (const code of ['levy_groceries', 'levy_prescription_drugs', 'levy_books', 'levy_magazines']) {
      const answer = rateOf(code, 'DK');
      expect(answer).toMatchObject({ taxability_reason: 'taxable', result: { country_rate: 0.25 } });
      expect(answer.result.notes).toBeUndefined(); // a row at the standard rate is a modelled answer
    }
    expect(rateOf('levy_newspapers', 'DK')).toMatchObject({ taxability_reason: 'zero_rated', totalPpm: 0 });
  });

  it('Czechia: the 2024 reform merges 15 % and 10 % into 12 % and zero-rates books', () => {
    // Zákon č. 235/2004 Sb. § 47: food 15 % to 2023; zákon č. 349/2023 Sb.: 12 % from 2024-01-01, books 0 %.
    expect(rateOf('levy_groceries', 'CZ', '2023-06-01').result.country_rate).toBe(0.15);
    expect(rateOf('levy_groceries', 'CZ', '2024-06-01').result.country_rate).toBe(0.12);
    expect(rateOf('levy_books', 'CZ', '2023-06-01').result.country_rate).toBe(0.1);
    expect(rateOf('levy_books', 'CZ', '2024-06-01')).toMatchObject({ taxability_reason: 'zero_rated', totalPpm: 0 });
    expect(rateOf('levy_prescription_drugs', 'CZ', '2024-06-01').result.country_rate).toBe(0.12);
  });

  it('Poland: food 5 %, 0 % under the anti-inflation shield (2022-02-01 to 2024-03-31), medicines and press 8 %, books 5 %', () => {
    // Ustawa o VAT art. 41 ust. 2a with załącznik nr 10 (5 %); art. 146ef (0 % food to 2024-03-31); załącznik nr 3 (8 %).
    expect(rateOf('levy_groceries', 'PL', '2023-06-01')).toMatchObject({ taxability_reason: 'zero_rated', totalPpm: 0 });
    expect(rateOf('levy_groceries', 'PL', '2024-04-01').result.country_rate).toBe(0.05);
    expect(rateOf('levy_prescription_drugs', 'PL').result.country_rate).toBe(0.08);
    expect(rateOf('levy_books', 'PL').result.country_rate).toBe(0.05);
    expect(rateOf('levy_magazines', 'PL').result.country_rate).toBe(0.08);
  });

  it('Romania: 9 % and 5 % become 11 % on 2025-08-01', () => {
    // Codul fiscal art. 291 alin. (2)-(3); Legea 141/2025: one reduced rate of 11 % from 2025-08-01.
    expect(rateOf('levy_groceries', 'RO', '2025-07-31').result.country_rate).toBe(0.09);
    expect(rateOf('levy_books', 'RO', '2025-07-31').result.country_rate).toBe(0.05);
    for (const code of FOOD_MEDICINE_PRINT) expect(rateOf(code, 'RO', '2025-08-01').result.country_rate).toBe(0.11);
  });

  it('Slovakia and Finland: the 2025 changes', () => {
    // Zákon č. 222/2004 Z. z. § 27 with príloha č. 7: medicines and books 10 % to 2024, 5 % from 2025 (zákon č. 278/2024 Z. z.).
    expect(rateOf('levy_books', 'SK', '2024-06-01').result.country_rate).toBe(0.1);
    expect(rateOf('levy_books', 'SK', '2025-06-01').result.country_rate).toBe(0.05);
    // Arvonlisäverolaki § 85 a: books 10 % to 2024, 14 % in 2025, 13.5 % from 2026-01-01; food 14 % then 13.5 %.
    expect(rateOf('levy_books', 'FI', '2024-06-01').result.country_rate).toBe(0.1);
    expect(rateOf('levy_books', 'FI', '2025-06-01').result.country_rate).toBe(0.14);
    expect(rateOf('levy_groceries', 'FI', '2026-06-01').result.country_rate).toBe(0.135);
  });

  it('Sweden: prescribed medicines zero-rated, food 12 % then 6 % from 2026-04-01 to 2027-12-31', () => {
    // Mervärdesskattelagen (2023:200) 9 kap.; Prop. 2025/26:55 (temporary 6 % on food); ML 3 kap. 23 § (prescribed medicines).
    expect(rateOf('levy_groceries', 'SE', '2026-03-31').result.country_rate).toBe(0.12);
    expect(rateOf('levy_groceries', 'SE', '2026-04-01').result.country_rate).toBe(0.06);
    expect(rateOf('levy_groceries', 'SE', '2028-01-01').result.country_rate).toBe(0.12);
    expect(rateOf('levy_prescription_drugs', 'SE')).toMatchObject({ taxability_reason: 'zero_rated', totalPpm: 0 });
    expect(rateOf('levy_newspapers', 'SE').result.country_rate).toBe(0.06);
  });

  it('Estonia and Malta: press 5 % from 2022-08 to 2024 then 9 %; Malta zero-rates food and medicines', () => {
    // Käibemaksuseadus § 15 lg 2: press 5 % from 2022-08-01, 9 % from 2025-01-01; food at the standard rate (24 % from 2025-07-01).
    expect(rateOf('levy_newspapers', 'EE', '2023-06-01').result.country_rate).toBe(0.05);
    expect(rateOf('levy_newspapers', 'EE', '2025-06-01').result.country_rate).toBe(0.09);
    expect(rateOf('levy_groceries', 'EE', '2025-07-01').result.country_rate).toBe(0.24);
    // VAT Act (Cap. 406) Fifth Schedule: food and pharmaceuticals exempt with credit; Eighth Schedule: printed matter 5 %.
    expect(rateOf('levy_groceries', 'MT')).toMatchObject({ taxability_reason: 'zero_rated', totalPpm: 0 });
    expect(rateOf('levy_books', 'MT').result.country_rate).toBe(0.05);
  });

  it('Hungary: medicines, books and press 5 %, daily newspapers zero-rated from 2024', () => {
    // Áfa tv. 82. § (2) with 3. számú melléklet: 5 %; daily newspapers (CN 4902, four issues a week) 0 % from 2024-01-01.
    expect(rateOf('levy_prescription_drugs', 'HU').result.country_rate).toBe(0.05);
    expect(rateOf('levy_newspapers', 'HU', '2023-06-01').result.country_rate).toBe(0.05);
    expect(rateOf('levy_newspapers', 'HU', '2024-06-01')).toMatchObject({ taxability_reason: 'zero_rated', totalPpm: 0 });
    expect(rateOf('levy_magazines', 'HU').result.country_rate).toBe(0.05);
  });

  it('every member state has a row for each of the five codes today, except the mixed ones listed in docs/products.md', () => {
    // Not one rate, or not verified (docs/products.md, "Food, medicines and print in the EU"): left without a row.
    const unmodelled = new Set([
      'HR levy_groceries',
      'HR levy_newspapers',
      'HR levy_magazines',
      'HU levy_groceries',
      'SK levy_groceries',
      'FI levy_newspapers',
      'FI levy_magazines',
    ]);
    const missing: string[] = [];
    for (const country of euMemberStates) {
      for (const code of FOOD_MEDICINE_PRINT) {
        if (!taxCodeVatRate(country, code, TODAY)) missing.push(`${country} ${code}`);
      }
    }
    expect(missing.sort()).toEqual([...unmodelled].sort());
    // And each of those answers its category rate with the note, never silently.
    for (const key of unmodelled) {
      const [country, code] = key.split(' ');
      expect(rateOf(code!, country!, TODAY).result.notes).toEqual(['tax_code_not_modelled_in_jurisdiction']);
    }
  });
});

describe('every tax-code rate in an EU country is one ibericode lists for the same days', () => {
  interface Row {
    country: string;
    tax_code?: string;
    rate: number;
    effective_from: string;
    effective_to?: string;
  }
  const rows = (taxCodeRatesJson.entries as Row[]).filter((row) => row.tax_code && euMemberStates.has(row.country));
  const items = ibericodeRates();

  /** ibericode's periods of a country as [from, to] ranges (its file lists them newest first; "0000-01-01" = before all). */
  function periodsOf(country: string): { from: string; to: string; rates: IbericodePeriod['rates'] }[] {
    const sorted = [...(items[country === 'GR' ? 'GR' : country] ?? items.EL ?? [])].sort((a, b) => a.effective_from.localeCompare(b.effective_from));
    return sorted.map((period, index) => ({
      from: period.effective_from,
      to: sorted[index + 1] ? dayBefore(sorted[index + 1]!.effective_from) : '9999-12-31',
      rates: period.rates,
    }));
  }
  function dayBefore(date: string): string {
    const day = new Date(`${date}T00:00:00Z`);
    day.setUTCDate(day.getUTCDate() - 1);
    return day.toISOString().slice(0, 10);
  }

  /**
   * Rates ibericode's sets miss (it keeps one set per period and lags some measures); each is sourced in the row.
   */
  const ratesIbericodeLacks: { country: string; rate: number; from: string; to: string; why: string }[] = [
    {
      country: 'CY',
      rate: 3,
      from: '2023-07-21',
      to: '9999-12-31',
      why: '3 % for books and press, VAT Law amendment published 2023-07-21 (Directive (EU) 2022/542)',
    },
    { country: 'AT', rate: 5, from: '2020-07-01', to: '2021-12-31', why: 'temporary 5 % on publications, UStG 1994 § 28 Abs. 52 (BGBl. I Nr. 60/2020)' },
    {
      country: 'EE',
      rate: 5,
      from: '2022-08-01',
      to: '2023-12-31',
      why: 'press 5 % from 2022-08-01 (Käibemaksuseadus § 15 lg 2); ibericode lists 5 % only from 2024',
    },
    { country: 'FI', rate: 13.5, from: '2026-01-01', to: '9999-12-31', why: 'the 14 % rate lowered to 13.5 % from 2026-01-01; ibericode stops at 2024-09-01' },
  ];

  it('ibericode has every EU member state', () => {
    for (const country of euMemberStates) expect(periodsOf(country).length).toBeGreaterThan(0);
  });

  it("each row's rate is zero or one of the standard/reduced rates ibericode gives for every period the row overlaps, except the listed, sourced ones", () => {
    const unexplained: string[] = [];
    const used = new Set<string>();
    for (const row of rows) {
      if (row.rate === 0) continue; // zero rates (Directive 2006/112/EC Art. 110, Art. 98 as amended) are not in ibericode's sets
      const rowTo = row.effective_to ?? '9999-12-31';
      for (const period of periodsOf(row.country)) {
        if (period.to < row.effective_from || period.from > rowTo) continue;
        if (Object.values(period.rates).includes(row.rate)) continue;
        const excuse = ratesIbericodeLacks.find(
          (d) =>
            d.country === row.country &&
            d.rate === row.rate &&
            d.from <= (period.from > row.effective_from ? period.from : row.effective_from) &&
            (period.to < rowTo ? period.to : rowTo) <= d.to,
        );
        if (excuse) used.add(`${excuse.country} ${excuse.rate}`);
        else
          unexplained.push(
            `${row.country} ${row.tax_code} ${row.rate} % from ${row.effective_from}: not in ${JSON.stringify(period.rates)} (${period.from}..${period.to})`,
          );
      }
    }
    expect(unexplained).toEqual([]);
    // Each listed difference is still needed.
    expect([...used].sort()).toEqual(ratesIbericodeLacks.map((d) => `${d.country} ${d.rate}`).sort());
  });

  it('catches a wrong rate (the check can fail)', () => {
    const periods = periodsOf('PL');
    expect(periods.some((period) => Object.values(period.rates).includes(7))).toBe(false);
  });
});
