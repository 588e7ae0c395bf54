// Unit tests (pure, no database): the engine and the project's rate data against reference data published by others.
import { geoLocationLookups as lookups } from '../../../src/adapters/geo';
import { calculateTaxRate, calculateTaxRateDetailed, type TaxRateInput } from '../../../src/domain/tax/rate-engine';
import { countriesWithVat, reducedVatRate, standardVatRate, usState, usStateBaseRate } from '../../../src/domain/tax/rate-data';
import { RateHistoryUnavailableError } from '../../../src/domain/errors';
import { euMemberStates } from '../../../src/domain/geography/countries';
import { avalaraRows, ibericodePeriodOn, ibericodeRates, kdeldyckeStandardRates } from '../../support/shared-data';

const TODAY = new Date().toISOString().slice(0, 10);
/** Levy holds the rate history of the EU-27 and GB back to this day at least; the checks start there. */
const HISTORY_FROM = '2019-01-01';

/** Every day from `from` to `to`, both included. */
function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  for (const day = new Date(`${from}T00:00:00Z`); day.toISOString().slice(0, 10) <= to; day.setUTCDate(day.getUTCDate() + 1)) {
    days.push(day.toISOString().slice(0, 10));
  }
  return days;
}
const CHECKED_DAYS = daysBetween(HISTORY_FROM, TODAY);

/** Our standard rate in ppm on a day, or 'none' where Levy's history does not reach (answered 422, never a guess). */
function ourStandardPpm(country: string, date: string): number | undefined | 'none' {
  try {
    return standardVatRate(country, date)?.ppm;
  } catch (error) {
    if (error instanceof RateHistoryUnavailableError) return 'none';
    throw error;
  }
}
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

  it(`agrees on the standard rate of every day since ${HISTORY_FROM} (DE 16 % and IE 21 % in 2020 included)`, () => {
    const mismatches = new Set<string>();
    for (const country of countries) {
      const periods = items[country] ?? items.EL!;
      for (const date of CHECKED_DAYS) {
        const theirs = Math.round(ibericodePeriodOn(periods, date)!.rates.standard! * 10_000);
        const ours = ourStandardPpm(country, date);
        if (ours !== theirs) mismatches.add(`${country} from ${date}: ours ${ours}, ibericode ${theirs} ppm`);
      }
    }
    expect([...mismatches].slice(0, 20)).toEqual([]);
  });

  /**
   * E-book rates ibericode's rate sets do not list (it keeps one set per period and misses these two measures);
   * each is sourced in data/vat-reduced-rates.json.
   */
  const ebookRatesIbericodeLacks: { country: string; ppm: number; from: string; to: string; why: string }[] = [
    {
      country: 'AT',
      ppm: 50_000,
      from: '2020-07-01',
      to: '2021-12-31',
      why: 'temporary 5 % on books and e-publications, UStG 1994 § 28 Abs. 52 (BGBl. I Nr. 60/2020), extended to 2021-12-31',
    },
    {
      country: 'CY',
      ppm: 30_000,
      from: '2023-07-21',
      to: '9999-12-31',
      why: '3 % super-reduced rate for books incl. e-books, VAT Law amendment published 2023-07-21 (Directive (EU) 2022/542)',
    },
  ];

  it(`every e-book rate since ${HISTORY_FROM} is one of the rates ibericode lists for that day (or zero-rated), except the listed, sourced ones`, () => {
    const unexplained = new Set<string>();
    const excused = new Set<string>();
    for (const country of countries) {
      const periods = items[country] ?? items.EL!;
      for (const date of CHECKED_DAYS) {
        const ebook = reducedVatRate(country, 'EBOOKS', date);
        if (!ebook || ebook.ppm === 0) continue;
        const listed = Object.values(ibericodePeriodOn(periods, date)!.rates).map((rate) => Math.round(rate * 10_000));
        if (listed.includes(ebook.ppm)) continue;
        const known = ebookRatesIbericodeLacks.find((d) => d.country === country && d.ppm === ebook.ppm && d.from <= date && date <= d.to);
        if (known) excused.add(country);
        else unexplained.add(`${country} on ${date}: ${ebook.ppm} ppm not in ${JSON.stringify(ibericodePeriodOn(periods, date)!.rates)}`);
      }
    }
    expect([...unexplained].slice(0, 20)).toEqual([]);
    // Each listed difference is still needed (an unused excuse would hide nothing and should go).
    expect([...excused].sort()).toEqual(ebookRatesIbericodeLacks.map((d) => d.country).sort());
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

  /** Periods where kdeldycke's history and ours differ on purpose, each with the law we follow. */
  const documentedKdeldyckePeriods: { country: string; from: string; to: string; why: string }[] = [
    {
      country: 'IE',
      from: '2020-09-01',
      to: '2021-02-28',
      why: 'kdeldycke lacks the temporary 21 %: VATCA 2010 s. 46(1A), inserted by the Financial Provisions (Covid-19) (No. 2) Act 2020 s. 12',
    },
  ];

  it(`every day since ${HISTORY_FROM} agrees where both hold a rate (rate changes and their dates), except the documented periods`, () => {
    const byCountry = new Map<string, typeof rows>();
    for (const row of rows) byCountry.set(row.country, [...(byCountry.get(row.country) ?? []), row]);
    const mismatches = new Set<string>();
    const excused = new Set<string>();
    let compared = 0;
    for (const [country, countryRows] of byCountry) {
      if (country in documentedKdeldyckeDisagreements) continue;
      const sorted = [...countryRows].sort((a, b) => a.start.localeCompare(b.start));
      for (const date of CHECKED_DAYS) {
        // kdeldycke's stop_date is mostly exclusive but inclusive on some rows (HR, LU 2022-12-31; JP 2019-09-30):
        // the latest row started on or before the day, unless it stopped strictly before it.
        const row = sorted.filter((r) => r.start <= date).pop();
        if (!row || (row.stop !== '' && row.stop < date)) continue; // kdeldycke holds nothing that day
        const ours = ourStandardPpm(country, date);
        if (ours === 'none' || (ours === undefined && row.rate > 0)) continue; // outside our history, or not modelled
        compared++;
        const theirs = Math.round(row.rate * 1_000_000);
        if ((ours ?? 0) === theirs) continue;
        const known = documentedKdeldyckePeriods.find((p) => p.country === country && p.from <= date && date <= p.to);
        if (known) excused.add(country);
        else mismatches.add(`${country} from ${date}: ours ${ours}, theirs ${theirs} ppm`);
      }
    }
    expect(compared).toBeGreaterThan(100_000);
    expect([...mismatches].slice(0, 20)).toEqual([]);
    expect([...excused].sort()).toEqual(documentedKdeldyckePeriods.map((p) => p.country).sort());
  });
});

describe('every ZIP of us-zip5-rates-2026-03: PHYSICAL_GOODS/B2C/SHIPPED total = EstimatedCombinedRate', () => {
  const rows = avalaraRows();

  it('reads all 41,000 rows', () => {
    expect(rows.length).toBe(41_000);
  });

  it("matches within 1e-6 for every row, and the parts are the row's parts", () => {
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
  const avalaraSplitsDifferently = ['CA', 'NV', 'PR', 'UT', 'VA'];

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
