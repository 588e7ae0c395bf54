// Unit tests (pure, no database): the engine and the project's rate data against reference data published by others.
import { geoLocationLookups as lookups } from '../../../src/adapters/geo';
import { calculateTaxRate, calculateTaxRateDetailed, type TaxRateInput } from '../../../src/domain/tax/rate-engine';
import { countriesWithVat, reducedVatRate, standardVatRate, usState, usStateBaseRate } from '../../../src/domain/tax/rate-data';
import { euMemberStates } from '../../../src/domain/geography/countries';
import { avalaraRows, ibericodePeriodOn, ibericodeRates, kdeldyckeStandardRates } from '../../support/shared-data';

const TODAY = new Date().toISOString().slice(0, 10);
const usSeller = { country: 'US', state: 'CA' };

describe('EU-27 + GB: B2C SaaS rate = ibericode standard rate in force', () => {
  const items = ibericodeRates();
  const countries = [...euMemberStates, 'GB'].sort();

  it('ibericode covers every EU-27 country and GB', () => {
    expect(countries.filter((c) => !(c in items) && !(c === 'GR' && 'EL' in items))).toEqual([]);
  });

  it.each(countries)('%s today', (country) => {
    const period = ibericodePeriodOn(items[country] ?? items.EL!, TODAY)!;
    const result = calculateTaxRate(
      { product_category: 'SAAS', delivery_method: 'CLOUD', customer_type: 'B2C', location: { country } },
      { seller: usSeller, usLocal: null, today: TODAY, lookups },
    );
    expect(result.country_rate).toBeCloseTo(period.rates.standard! / 100, 9);
    expect(result.total_rate).toBe(result.country_rate);
    expect(result.taxable).toBe(true);
  });

  it('agrees on every ibericode period since 2024 (rate changes with their dates)', () => {
    const mismatches: string[] = [];
    for (const country of countries) {
      for (const period of items[country] ?? []) {
        const date = period.effective_from < '2024-01-01' ? '2024-01-01' : period.effective_from;
        if (ibericodePeriodOn(items[country]!, date) !== period) continue; // superseded before 2024
        const ours = standardVatRate(country, date)?.ppm;
        if (ours !== Math.round(period.rates.standard! * 10_000)) mismatches.push(`${country} ${date}: ours ${ours} ppm, ibericode ${period.rates.standard} %`);
      }
    }
    expect(mismatches).toEqual([]);
  });

  it('every e-book reduced rate is one of the rates ibericode lists for that country (or zero-rated)', () => {
    const unexplained: string[] = [];
    for (const country of countries) {
      const period = ibericodePeriodOn(items[country] ?? [], TODAY);
      const ebook = reducedVatRate(country, 'EBOOKS', TODAY);
      if (!period || !ebook || ebook.ppm === 0) continue;
      const listed = Object.values(period.rates).map((rate) => Math.round(rate * 10_000));
      if (!listed.includes(ebook.ppm)) unexplained.push(`${country}: ${ebook.ppm} ppm not in ${JSON.stringify(period.rates)}`);
    }
    expect(unexplained).toEqual([]);
  });
});

/**
 * Where kdeldycke's table and ours differ on purpose (see docs/tax-rules.md "Reference data disagreements"):
 * it records "exempted of VAT" for territories that levy their own consumption tax outside the EU/UK VAT.
 */
const documentedKdeldyckeDisagreements: Record<string, string> = {
  FO: 'Faroe Islands levy their own 25 % VAT (MVG), outside the EU VAT area',
  JE: 'Jersey levies its own 5 % GST, outside the UK VAT area',
  RU: 'kdeldycke still lists 18 %; Russia raised VAT to 20 % on 2019-01-01 (Federal Law 303-FZ) and 22 % on 2026-01-01',
  ZA: 'kdeldycke still lists 14 %; South Africa raised VAT to 15 % on 2018-04-01 (Rates and Monetary Amounts Act 2018)',
};

describe('standard rates agree with kdeldycke/vat-rates where it has the country', () => {
  const rows = kdeldyckeStandardRates();

  it('the project has a standard VAT/GST rate for at least 150 countries', () => {
    expect(countriesWithVat().length).toBeGreaterThanOrEqual(150);
  });

  it('current rates agree, except the documented disagreements', () => {
    const disagreements: Record<string, string> = {};
    let compared = 0;
    for (const row of rows.filter((r) => r.start <= TODAY && (r.stop === '' || r.stop > TODAY))) {
      const ours = standardVatRate(row.country, TODAY);
      if (ours === undefined && row.rate > 0) continue; // a territory we do not model (e.g. AI, FK)
      compared++;
      const theirs = Math.round(row.rate * 1_000_000);
      if ((ours?.ppm ?? 0) !== theirs) disagreements[row.country] = `ours ${ours?.ppm ?? 0} ppm, theirs ${theirs} ppm`;
    }
    expect(compared).toBeGreaterThan(40);
    expect(Object.keys(disagreements).sort()).toEqual(Object.keys(documentedKdeldyckeDisagreements).sort());
  });

  it('historical periods since 2024 agree (rate changes and their dates)', () => {
    const mismatches: string[] = [];
    for (const row of rows.filter((r) => r.stop === '' || r.stop > '2024-01-01')) {
      if (row.country in documentedKdeldyckeDisagreements) continue;
      const date = row.start < '2024-01-01' ? '2024-01-01' : row.start;
      if (date > TODAY) continue;
      const ours = standardVatRate(row.country, date);
      if (ours === undefined) continue;
      if (ours.ppm !== Math.round(row.rate * 1_000_000)) mismatches.push(`${row.country} on ${date}: ours ${ours.ppm}, theirs ${row.rate}`);
    }
    expect(mismatches).toEqual([]);
  });
});

describe('every ZIP of us-zip5-rates-2026-03: PHYSICAL_GOODS/B2C/SHIPPED total = EstimatedCombinedRate', () => {
  const rows = avalaraRows();

  it('reads all 41,000 rows', () => {
    expect(rows.length).toBe(41_000);
  });

  it('matches within 1e-6 for every row, and the parts are the row\'s parts', () => {
    const failures: string[] = [];
    let restored = 0;
    for (const { file, line, usLocal } of rows) {
      const input: TaxRateInput = {
        product_category: 'PHYSICAL_GOODS',
        delivery_method: 'SHIPPED',
        customer_type: 'B2C',
        location: { country: 'US', state: usLocal.state, postal_code: usLocal.zip },
      };
      try {
        const { result, ppm, totalPpm } = calculateTaxRateDetailed(input, { seller: usSeller, usLocal, today: '2026-03-15', lookups });
        const rowPpm = [usLocal.state_rate, usLocal.county_rate, usLocal.city_rate, usLocal.special_rate].map((rate) => Math.round(rate * 1e6));
        const ourPpm = [ppm.state, ppm.county, ppm.additional, ppm.special];
        const changedParts = ourPpm.filter((part, i) => part !== rowPpm[i]);
        const ok =
          Math.abs(result.total_rate - usLocal.combined_rate) <= 1e-6 &&
          totalPpm === Math.round(usLocal.combined_rate * 1e6) &&
          totalPpm === ppm.country + ppm.state + ppm.county + ppm.additional + ppm.special &&
          result.total_rate === totalPpm / 1e6 &&
          // Each part is the row's, except at most one part restored by the 1 ppm Avalara truncated.
          changedParts.length <= 1 &&
          ourPpm.every((part, i) => Math.abs(part - rowPpm[i]!) <= 1) &&
          result.taxable === (usLocal.combined_rate > 0 || usState(usLocal.state)!.local_sales_taxes);
        restored += changedParts.length;
        if (!ok) failures.push(`${file}:${line} ${usLocal.zip} total ${result.total_rate} vs ${usLocal.combined_rate}`);
      } catch (error) {
        failures.push(`${file}:${line} ${usLocal.zip} threw ${(error as Error).message}`);
      }
    }
    expect(failures.slice(0, 20)).toEqual([]);
    expect(restored).toBeLessThan(rows.length / 50); // the truncation fix touches ~1 % of rows, no more
  });
});

describe('US state base rates vs Avalara StateRate', () => {
  /** Avalara splits the statutory statewide rate differently in these states (SOURCES.md). */
  const avalaraSplitsDifferently = ['CA', 'NV', 'UT', 'VA'];

  it('equal the most common StateRate of each state, except where Avalara splits differently', () => {
    const counts = new Map<string, Map<number, number>>();
    for (const { usLocal } of avalaraRows()) {
      const perState = counts.get(usLocal.state) ?? new Map<number, number>();
      perState.set(usLocal.state_rate, (perState.get(usLocal.state_rate) ?? 0) + 1);
      counts.set(usLocal.state, perState);
    }
    const disagreements: string[] = [];
    for (const [code, perState] of counts) {
      const mode = [...perState].sort((a, b) => b[1] - a[1])[0]![0];
      const data = usState(code);
      expect(data).toBeDefined();
      const ours = usStateBaseRate(data!, '2026-03-15').ppm;
      if (ours !== Math.round(mode * 1_000_000)) disagreements.push(code);
      expect(Boolean(data!.avalara_state_rate_differs)).toBe(avalaraSplitsDifferently.includes(code));
    }
    expect(counts.size).toBe(52);
    expect(disagreements.sort()).toEqual(avalaraSplitsDifferently);
  });
});
