/**
 * Domain (pure): GET /v1/exposure/countries (spec 2.4, 4.1; issue 4) from stored totals, never from transactions.
 *
 * One item per (country, currency); `jurisdictions` and `counties` only where exposure is attributed (spec 2.4 rule
 * 2): an entry appears when, in the range, a sale was attributed to it or its amount is not zero (a refund of an
 * earlier month's sale). Sorted by country code (then currency), jurisdiction code, county name; full names.
 */
import { byText } from '../compare';
import * as z from 'zod';
import { monthField, periodInOrder, periodOrderError } from '../fields';
import { countryName, subdivisionName } from '../geography/countries';
import { ALL_TIME, type ExposureDelta } from './deltas';

/** A stored counter: the totals of one entry for one period, the same shape as the deltas ADDed to it. */
export type ExposureTotal = ExposureDelta;

const exposureAmount = z.number().int().meta({ description: 'Tax in minor units of the currency, net of refunds' });

const countyItemSchema = z.object({ county_name: z.string(), exposure_amount: exposureAmount });

const jurisdictionItemSchema = z.object({
  jurisdiction_code: z.string().meta({ example: 'CA' }),
  jurisdiction_name: z.string().meta({ example: 'California' }),
  exposure_amount: exposureAmount,
  counties: z.array(countyItemSchema).optional(),
});

const countryItemSchema = z.object({
  country_code: z.string().meta({ example: 'US' }),
  country_name: z.string(),
  currency: z.string(),
  exposure_amount: exposureAmount,
  jurisdictions: z.array(jurisdictionItemSchema).optional(),
});

/** The answer of GET /v1/exposure/countries (the OpenAPI document's `ExposureReport`). */
export const exposureReportSchema = z.object({ exposure: z.array(countryItemSchema) }).meta({
  id: 'ExposureReport',
  example: {
    exposure: [
      {
        country_code: 'US',
        country_name: 'United States of America',
        currency: 'USD',
        exposure_amount: 1193,
        jurisdictions: [{ jurisdiction_code: 'CA', jurisdiction_name: 'California', exposure_amount: 1193, counties: [{ county_name: 'San Francisco', exposure_amount: 1193 }] }],
      },
    ],
  },
});

export type CountyItem = z.output<typeof countyItemSchema>;
export type JurisdictionItem = z.output<typeof jurisdictionItemSchema>;
export type CountryItem = z.output<typeof countryItemSchema>;
export type ExposureReport = z.output<typeof exposureReportSchema>;

/** `from` and `to` (YYYY-MM, inclusive, both optional); anything else is a 400. */
export const exposureQuerySchema = z
  .strictObject({ from: monthField.optional(), to: monthField.optional() })
  .refine(periodInOrder, periodOrderError);

export type ExposureQuery = z.output<typeof exposureQuerySchema>;

/** Which stored periods answer a query: the all-time counters, or the month counters of a range. */
export type PeriodSelection = { kind: 'all' } | { kind: 'months'; from?: string; to?: string };

export const periodsFor = (query: ExposureQuery): PeriodSelection =>
  query.from === undefined && query.to === undefined ? { kind: 'all' } : { kind: 'months', from: query.from, to: query.to };

function periodSelected(period: string, selection: PeriodSelection): boolean {
  if (selection.kind === 'all') return period === ALL_TIME;
  if (period === ALL_TIME) return false;
  return (selection.from === undefined || period >= selection.from) && (selection.to === undefined || period <= selection.to);
}

interface Sum {
  tax: number;
  sales: number;
}

const shown = (s: Sum) => s.sales > 0 || s.tax !== 0;

/** Builds the report from the counters of the selected periods (counters of other periods are ignored). */
export function buildExposureReport(totals: Iterable<ExposureTotal>, selection: PeriodSelection = { kind: 'all' }): ExposureReport {
  const countries = new Map<string, { country: string; currency: string; sum: Sum; states: Map<string, { sum: Sum; counties: Map<string, Sum> }> }>();
  const add = (sum: Sum, t: ExposureTotal) => {
    sum.tax += t.tax;
    sum.sales += t.sales;
  };
  for (const total of totals) {
    if (!periodSelected(total.period, selection)) continue;
    const countryKey = `${total.country}|${total.currency}`;
    let country = countries.get(countryKey);
    if (!country) countries.set(countryKey, (country = { country: total.country, currency: total.currency, sum: { tax: 0, sales: 0 }, states: new Map() }));
    if (total.state === undefined) {
      add(country.sum, total);
      continue;
    }
    let state = country.states.get(total.state);
    if (!state) country.states.set(total.state, (state = { sum: { tax: 0, sales: 0 }, counties: new Map() }));
    if (total.county === undefined) {
      add(state.sum, total);
      continue;
    }
    let county = state.counties.get(total.county);
    if (!county) state.counties.set(total.county, (county = { tax: 0, sales: 0 }));
    add(county, total);
  }

  const exposure: CountryItem[] = [...countries.values()]
    .filter((c) => shown(c.sum))
    .sort((a, b) => byText(a.country, b.country) || byText(a.currency, b.currency))
    .map((c) => {
      const jurisdictions: JurisdictionItem[] = [...c.states.entries()]
        .filter(([, s]) => shown(s.sum))
        .sort(([a], [b]) => byText(a, b))
        .map(([code, s]) => {
          const counties: CountyItem[] = [...s.counties.entries()]
            .filter(([, county]) => shown(county))
            .sort(([a], [b]) => byText(a, b))
            .map(([county_name, county]) => ({ county_name, exposure_amount: county.tax }));
          return {
            jurisdiction_code: code,
            jurisdiction_name: subdivisionName(c.country, code) ?? code,
            exposure_amount: s.sum.tax,
            ...(counties.length > 0 ? { counties } : {}),
          };
        });
      return {
        country_code: c.country,
        country_name: countryName(c.country),
        currency: c.currency,
        exposure_amount: c.sum.tax,
        ...(jurisdictions.length > 0 ? { jurisdictions } : {}),
      };
    });
  return { exposure };
}
