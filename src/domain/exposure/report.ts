/**
 * Domain (pure): GET /v1/exposure/countries (spec 2.4, 4.1) from stored totals, never from transactions.
 *
 * One item per (country, currency); `jurisdictions` and `counties` only where exposure is attributed (spec 2.4 rule
 * 2): an entry appears when, in the range, a sale was attributed to it or its amount is not zero (a refund of an
 * earlier month's sale). Sorted by country code (then currency), jurisdiction code, county name; full names.
 */
import { byText } from '../compare';
import * as z from 'zod';
import { monthField, periodInOrder, periodOrderError } from '../fields/periods';
import { countryField } from '../fields/records';
import { countryName, subdivisionName } from '../geography/countries';
import { nexusStatusSchema } from '../nexus/report';
import { ALL_TIME, type ExposureDelta } from './deltas';

/** A stored counter: the totals of one entry for one period, the same shape as the deltas ADDed to it. */
export type ExposureTotal = ExposureDelta;

const exposureAmount = z.number().int().meta({ description: 'Tax in minor units of the currency, net of refunds' });

/**
 * With `include=sales`: the entry's net sales in minor units, net of refunds: the share tax was charged on
 * and the rest by reason, so a return can be built (docs/exposure.md "Exempt and taxable sales").
 */
const salesSchema = z
  .object({
    taxable_amount: z.number().int().meta({ description: 'Net sales tax was charged on' }),
    exempt_amount: z.number().int().meta({ description: 'Net sales no tax was charged on (the sum of exempt_by_reason)' }),
    exempt_by_reason: z.record(z.string(), z.number().int()).meta({
      description:
        "By the filer's reason, lower-case (docs/returns.md): the certificate's (resale, government, nonprofit, manufacturing, agriculture, other), else the declared customer type's (resale, government, nonprofit), else the engine's (not_taxable_in_jurisdiction, zero_rated, reverse_charge)",
      example: { resale: 10_000, not_taxable_in_jurisdiction: 2_500 },
    }),
  })
  .meta({ id: 'ExposureSales', description: 'With include=sales: net sales in minor units, net of refunds, split into taxed and exempt' });

const countyItemSchema = z.object({
  county_name: z.string().meta({ description: 'County name' }),
  exposure_amount: exposureAmount,
  sales: salesSchema.optional(),
});

const jurisdictionItemSchema = z.object({
  jurisdiction_code: z.string().meta({ description: 'State or province code (ISO 3166-2 suffix)', example: 'CA' }),
  jurisdiction_name: z.string().meta({ description: 'State or province name', example: 'California' }),
  exposure_amount: exposureAmount,
  sales: salesSchema.optional(),
  nexus_status: nexusStatusSchema.optional().meta({ description: 'With include=nexus, a US state: its status in GET /v1/nexus today, for the primary entity' }),
  counties: z.array(countyItemSchema).optional().meta({ description: 'Per county, where the state has county taxes' }),
});

const countryItemSchema = z.object({
  country_code: z.string().meta({ description: 'ISO 3166-1 alpha-2 country code', example: 'US' }),
  country_name: z.string().meta({ description: 'English name of the country' }),
  currency: z.string().meta({ description: 'ISO 4217 code of the amounts' }),
  exposure_amount: exposureAmount,
  sales: salesSchema.optional(),
  jurisdictions: z.array(jurisdictionItemSchema).optional().meta({ description: 'Per state or province, where the country has them' }),
});

/** The answer of GET /v1/exposure/countries (the OpenAPI document's `ExposureReport`). */
export const exposureReportSchema = z.object({ exposure: z.array(countryItemSchema).meta({ description: 'Tax collected per country' }) }).meta({
  id: 'ExposureReport',
  example: {
    exposure: [
      {
        country_code: 'US',
        country_name: 'United States of America',
        currency: 'USD',
        exposure_amount: 1193,
        jurisdictions: [
          {
            jurisdiction_code: 'CA',
            jurisdiction_name: 'California',
            exposure_amount: 1193,
            counties: [{ county_name: 'San Francisco', exposure_amount: 1193 }],
          },
        ],
      },
    ],
  },
});

export type CountyItem = z.output<typeof countyItemSchema>;
export type JurisdictionItem = z.output<typeof jurisdictionItemSchema>;
export type CountryItem = z.output<typeof countryItemSchema>;
export type ExposureReport = z.output<typeof exposureReportSchema>;
export type ExposureSales = z.output<typeof salesSchema>;

/** What `include` may add: the sales amounts, each US state's nexus status today. */
export const exposureIncludes = ['sales', 'nexus'] as const;
export type ExposureInclude = (typeof exposureIncludes)[number];
const includeMessage = 'must be "sales", "nexus" or both, comma-separated (adds the taxable and exempt sales; each US state\'s nexus status)';

/**
 * `from` and `to` (YYYY-MM, inclusive, both optional); `country` and `currency` keep one country's or one currency's
 * items (a report of every county in many currencies can pass what one answer carries: docs/exposure.md);
 * `include=sales` adds the sales amounts, `include=nexus` each US state's nexus status today (the primary entity's;
 * docs/nexus.md); anything else is a 400.
 */
export const exposureQuerySchema = z
  .strictObject({
    from: monthField.optional(),
    to: monthField.optional(),
    country: countryField.optional().meta({ description: "Only this country's items (ISO 3166-1 alpha-2)" }),
    // Its format only, not currency-field.ts's ISO 4217 list: that list would join this route's bundle for a filter.
    currency: z
      .string({ error: 'must be an ISO 4217 code such as "USD"' })
      .trim()
      .transform((s) => s.toUpperCase())
      .refine((c) => /^[A-Z]{3}$/.test(c), { error: 'must be an ISO 4217 code such as "USD"' })
      .optional()
      .meta({ description: 'Only the items of sales in this currency (ISO 4217)' }),
    include: z
      .string({ error: includeMessage })
      .transform((value) => value.split(',').map((part) => part.trim()))
      .refine((parts) => parts.every((part) => (exposureIncludes as readonly string[]).includes(part)), { error: includeMessage })
      .transform((parts) => parts as ExposureInclude[])
      .optional()
      .meta({ description: '`sales`, `nexus` or `sales,nexus`' }),
  })
  .refine(periodInOrder, periodOrderError);

export type ExposureQuery = z.output<typeof exposureQuerySchema>;

/** Which stored periods answer a query: the all-time counters, or the month counters of a range. */
export type PeriodSelection = { kind: 'all' } | { kind: 'months'; from?: string; to?: string };

export const periodsFor = (query: Pick<ExposureQuery, 'from' | 'to'>): PeriodSelection =>
  query.from === undefined && query.to === undefined ? { kind: 'all' } : { kind: 'months', from: query.from, to: query.to };

function periodSelected(period: string, selection: PeriodSelection): boolean {
  if (selection.kind === 'all') return period === ALL_TIME;
  if (period === ALL_TIME) return false;
  return (selection.from === undefined || period >= selection.from) && (selection.to === undefined || period <= selection.to);
}

interface Sum {
  tax: number;
  sales: number;
  taxable: number;
  exempt: Map<string, number>;
}

const newSum = (): Sum => ({ tax: 0, sales: 0, taxable: 0, exempt: new Map() });

const hasAmounts = (s: Sum) => s.taxable !== 0 || [...s.exempt.values()].some((amount) => amount !== 0);

export interface ReportOptions {
  /** Add each entry's sales amounts, and show the entries that have only those (a state with exempt sales alone). */
  sales?: boolean;
}

/**
 * Builds the report from the counters of the selected periods (counters of other periods are ignored). By default an
 * entry appears when a sale's tax was attributed to it or its amount is not zero (spec 2.4 rule 2); with
 * `options.sales` also when it holds sales amounts (exempt sales in a state, for its return).
 */
export function buildExposureReport(
  totals: Iterable<ExposureTotal>,
  selection: PeriodSelection = { kind: 'all' },
  options: ReportOptions = {},
): ExposureReport {
  const shown = (s: Sum) => s.sales > 0 || s.tax !== 0 || (options.sales === true && hasAmounts(s));
  const salesOf = (s: Sum): { sales?: ExposureSales } => {
    if (!options.sales) return {};
    const exempt = [...s.exempt.entries()].filter(([, amount]) => amount !== 0).sort(([a], [b]) => byText(a, b));
    return {
      sales: { taxable_amount: s.taxable, exempt_amount: exempt.reduce((sum, [, amount]) => sum + amount, 0), exempt_by_reason: Object.fromEntries(exempt) },
    };
  };
  const countries = new Map<string, { country: string; currency: string; sum: Sum; states: Map<string, { sum: Sum; counties: Map<string, Sum> }> }>();
  const add = (sum: Sum, t: ExposureTotal) => {
    sum.tax += t.tax;
    sum.sales += t.sales;
    sum.taxable += t.taxable_sales ?? 0;
    for (const [reason, amount] of Object.entries(t.exempt_sales ?? {})) sum.exempt.set(reason, (sum.exempt.get(reason) ?? 0) + amount);
  };
  for (const total of totals) {
    if (!periodSelected(total.period, selection)) continue;
    const countryKey = `${total.country}|${total.currency}`;
    let country = countries.get(countryKey);
    if (!country) countries.set(countryKey, (country = { country: total.country, currency: total.currency, sum: newSum(), states: new Map() }));
    if (total.state === undefined) {
      add(country.sum, total);
      continue;
    }
    let state = country.states.get(total.state);
    if (!state) country.states.set(total.state, (state = { sum: newSum(), counties: new Map() }));
    if (total.county === undefined) {
      add(state.sum, total);
      continue;
    }
    let county = state.counties.get(total.county);
    if (!county) state.counties.set(total.county, (county = newSum()));
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
            .map(([county_name, county]) => ({ county_name, exposure_amount: county.tax, ...salesOf(county) }));
          return {
            jurisdiction_code: code,
            jurisdiction_name: subdivisionName(c.country, code) ?? code,
            exposure_amount: s.sum.tax,
            ...salesOf(s.sum),
            ...(counties.length > 0 ? { counties } : {}),
          };
        });
      return {
        country_code: c.country,
        country_name: countryName(c.country),
        currency: c.currency,
        exposure_amount: c.sum.tax,
        ...salesOf(c.sum),
        ...(jurisdictions.length > 0 ? { jurisdictions } : {}),
      };
    });
  return { exposure };
}
