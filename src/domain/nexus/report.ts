/**
 * Domain (pure): the nexus report (GET /v1/nexus, POST /v1/nexus/simulate; docs/nexus.md). From the rules in
 * force on `as_of`, which counters a report needs (readPlan), how a rule reads the stored counters (its basis, its
 * marketplace treatment, the EU test less the seller's home country, currency conversion), and the answer's row.
 * The arithmetic of a verdict is evaluate.ts; the reads are the use case's.
 */
import * as z from 'zod';
import { euMemberStates } from '../geography/countries';
import { lastDayOfMonth } from '../dates';
import { dateField, entityIdField } from '../fields/sale';
import { inForceOn, type StoredRegistration } from '../registrations/registration';
import { measurementWindows, type DateWindow, type NexusCounter, type NexusEvaluation } from './evaluate';
import { WORLDWIDE, type NexusBasis, type StoredNexusCounter } from './counters';
import { nexusJurisdictions, nexusRuleOn, type ApplyingNexusRule, type NexusRule } from './rule-data';

/** South Dakota v. Wayfair, Inc., 585 U.S. 162 (decided 2018-06-21): no economic nexus before it. */
export const EARLIEST_AS_OF = '2018-06-21';

export const nexusQuerySchema = z.strictObject({
  entity_id: entityIdField.optional(),
  as_of: dateField
    .refine((d) => d >= EARLIEST_AS_OF, { error: `must not be before ${EARLIEST_AS_OF} (South Dakota v. Wayfair: no economic nexus before it)` })
    .optional(),
  country: z
    .string({ error: 'must be a country code such as "US"' })
    .trim()
    .transform((s) => s.toUpperCase())
    .refine((c) => /^[A-Z]{2}$/.test(c), { error: 'must be a two-letter country code such as "US" (or "EU")' })
    .optional(),
});
export type NexusQuery = z.output<typeof nexusQuerySchema>;

const money = z.number().int();
/** A jurisdiction's nexus status (the exposure report's include=nexus shows the same). */
export const nexusStatusSchema = z.enum(['below', 'approaching', 'crossed', 'registered', 'not_applicable']).meta({
  description:
    '`below`: under the threshold; `approaching`: at `approaching_threshold_percent` of it (settings); `crossed`: met in its window; ' +
    '`registered`: an active registration covers the jurisdiction; `not_applicable`: no sales tax there (DE, MT, NH, OR)',
});
export const nexusRowSchema = z
  .object({
    country: z.string().meta({ description: 'ISO 3166-1 alpha-2, or `EU` for the EU-wide distance-sales threshold' }),
    state: z.string().optional().meta({ description: 'US state code (ISO 3166-2 suffix), for a state row' }),
    status: nexusStatusSchema,
    sales_amount: money.nullable().meta({ description: 'Sales counted in the window, minor units of `currency` (null: not applicable)' }),
    transaction_count: z.number().int().nullable().meta({ description: 'Sales counted in the window (null: not applicable)' }),
    currency: z.string().nullable().meta({ description: "ISO 4217 code of the amounts (the threshold's currency); null: not applicable" }),
    window: z
      .object({
        start: z.string().meta({ description: 'First day counted (YYYY-MM-DD)' }),
        end: z.string().meta({ description: 'Last day counted (YYYY-MM-DD)' }),
      })
      .nullable()
      .meta({ description: 'The measurement window the sales were counted in; null: not applicable' }),
    threshold: z
      .object({
        sales_amount: money.meta({ description: 'Sales threshold, minor units of `currency`' }),
        transaction_count: z.number().int().nullable().meta({ description: 'Transaction-count threshold; null: the rule has none' }),
        logic: z
          .enum(['sales_only', 'either', 'both'])
          .meta({ description: '`sales_only`: the amount decides; `either`: amount or count; `both`: amount and count' }),
        window: z.string().meta({ description: 'How the rule measures, e.g. `current_or_previous_calendar_year`' }),
        source_url: z.string().meta({ description: 'The page the threshold is taken from' }),
      })
      .nullable()
      .meta({ description: "The rule's threshold; null: not applicable" }),
    percent_of_sales_threshold: z.number().nullable().meta({ description: 'sales_amount as a percent of the threshold (104 = 104 %); null: not applicable' }),
    percent_of_transaction_threshold: z.number().nullable().meta({ description: 'transaction_count as a percent of its threshold; null: the rule has none' }),
    crossed_on: z.string().optional().meta({ description: 'The day the threshold was met and stayed met to the window end (YYYY-MM-DD)' }),
    crossing_transaction_id: z.string().optional().meta({ description: 'The sale after which the threshold stayed met' }),
    register_by: z.string().optional().meta({ description: 'When registration (or collection) is due after crossing, as the rule words it' }),
    registration_id: z.string().optional().meta({ description: 'The active registration that makes the status `registered`' }),
    unconverted_sales: z
      .record(z.string(), money)
      .meta({ description: 'Sales in a currency Levy had no imported rate for on their day, per currency (minor units): not in sales_amount' }),
    source_url: z.string().meta({ description: 'The page the rule was checked against' }),
  })
  .meta({ id: 'NexusJurisdiction' });
export type NexusRow = z.output<typeof nexusRowSchema>;

export const nexusReportSchema = z
  .object({
    as_of: z.string().meta({ description: 'The day the report is for (YYYY-MM-DD)' }),
    entity_id: z.string().meta({ description: 'The selling entity reported on' }),
    data: z.array(nexusRowSchema).meta({ description: 'One row per jurisdiction with a rule in force on as_of' }),
  })
  .meta({ id: 'NexusReport' });
export type NexusReport = z.output<typeof nexusReportSchema>;

/** The rules of the report on asOf: every jurisdiction with a rule in force that day, filtered by country. */
export function rulesOn(asOf: string, country?: string): NexusRule[] {
  return nexusJurisdictions.flatMap((jurisdiction) => {
    const rule = nexusRuleOn(jurisdiction, asOf);
    return rule && (country === undefined || rule.country === country) ? [rule] : [];
  });
}

const monthOf = (day: string): string => day.slice(0, 7);

/** What the report reads: the months of every window (one key range) and the months a window cuts (their days). */
export interface ReadPlan {
  fromMonth: string;
  toMonth: string;
  /** Months read per day: a window starts or ends inside them. */
  dayMonths: Set<string>;
}

export function readPlan(rules: readonly NexusRule[], asOf: string): ReadPlan | undefined {
  const windows = rules.flatMap((rule) => (rule.applies ? measurementWindows(rule.window, asOf, rule.effective_from) : []));
  if (windows.length === 0) return undefined;
  const dayMonths = new Set<string>();
  for (const w of windows) {
    if (!w.start.endsWith('-01')) dayMonths.add(monthOf(w.start));
    if (w.end !== lastDayOfMonth(monthOf(w.end))) dayMonths.add(monthOf(w.end));
  }
  const fromMonth = windows.map((w) => monthOf(w.start)).sort()[0]!;
  const toMonth = windows
    .map((w) => monthOf(w.end))
    .sort()
    .at(-1)!;
  return { fromMonth, toMonth, dayMonths };
}

/** Which counter quantity a rule's basis reads. */
const basisOf: Record<ApplyingNexusRule['counts']['basis'], NexusBasis> = {
  gross: 'gross',
  retail: 'retail',
  taxable: 'taxable',
  tangible_personal_property: 'goods',
  // Art. 59c: the seller's intra-EU B2C supplies (the EU counter less its home country).
  eu_cross_border_b2c: 'b2c',
  // Worldwide turnover (CH): every sale, read from the worldwide counter.
  worldwide_turnover: 'gross',
  // A supply made in the country, whatever its rate (a zero-rated supply is a taxable supply).
  taxable_supplies_in_country: 'gross',
  b2c_remote_supplies: 'b2c',
};

/** The counters' jurisdictions a rule reads, and with which sign. */
export function sourcesOf(rule: ApplyingNexusRule, homeCountry: string): { jurisdiction: string; sign: 1 | -1 }[] {
  if (rule.counts.basis === 'worldwide_turnover') return [{ jurisdiction: WORLDWIDE, sign: 1 }];
  if (rule.jurisdiction === 'EU')
    return [{ jurisdiction: 'EU', sign: 1 }, ...(euMemberStates.has(homeCountry) ? [{ jurisdiction: homeCountry, sign: -1 as const }] : [])];
  return [{ jurisdiction: rule.jurisdiction, sign: 1 }];
}

/** Converts minor units of one currency into another on a day; undefined when no rate is known for that day. */
export type Converter = (amount: number, from: string, to: string, day: string) => number | undefined;

/** A stored counter, or one transaction's share of a day (naming it). */
export type ReportCounter = StoredNexusCounter & { transaction_id?: string };

/** Sales of a currency Levy could not convert on their day (no imported rate): reported, never dropped. */
export interface UnconvertedSales {
  period: string;
  currency: string;
  amount: number;
}

/**
 * The counters a rule evaluates: the sources' counters, its basis, with marketplace sales where the rule counts them,
 * in the threshold's currency (a day counter in another currency converted at its day's rate). Sales that cannot be
 * converted still count as transactions; their amounts are listed in `unconverted`.
 */
export function ruleCounters(
  rule: ApplyingNexusRule,
  stored: readonly ReportCounter[],
  homeCountry: string,
  convert: Converter,
): { counters: NexusCounter[]; unconverted: UnconvertedSales[] } {
  const basis = basisOf[rule.counts.basis];
  const withMarketplace = rule.counts.marketplace === 'included';
  const target = rule.sales_threshold.currency;
  const counters: NexusCounter[] = [];
  const unconverted: UnconvertedSales[] = [];
  for (const source of sourcesOf(rule, homeCountry)) {
    for (const counter of stored) {
      if (counter.jurisdiction !== source.jurisdiction) continue;
      const amount = counter.direct.amounts[basis] + (withMarketplace ? counter.marketplace.amounts[basis] : 0);
      const count = counter.direct.counts[basis] + (withMarketplace ? counter.marketplace.counts[basis] : 0);
      if (amount === 0 && count === 0) continue;
      const converted =
        counter.currency === target ? amount : counter.period.length === 10 ? convert(amount, counter.currency, target, counter.period) : undefined;
      const id = counter.transaction_id !== undefined ? { transaction_id: counter.transaction_id } : {};
      if (converted === undefined) {
        if (amount !== 0) unconverted.push({ period: counter.period, currency: counter.currency, amount: source.sign * amount });
        counters.push({ period: counter.period, sales_amount: 0, transaction_count: source.sign * count, ...id });
      } else {
        counters.push({ period: counter.period, sales_amount: source.sign * converted, transaction_count: source.sign * count, ...id });
      }
    }
  }
  return { counters, unconverted };
}

/** The unconverted sales inside a window, per currency (amounts that net to 0 left out). */
export function unconvertedIn(unconverted: readonly UnconvertedSales[], window: DateWindow): Record<string, number> {
  const totals: Record<string, number> = {};
  for (const u of unconverted) {
    const start = u.period.length === 10 ? u.period : `${u.period}-01`;
    const end = u.period.length === 10 ? u.period : lastDayOfMonth(u.period);
    if (start >= window.start && end <= window.end) totals[u.currency] = (totals[u.currency] ?? 0) + u.amount;
  }
  for (const [currency, amount] of Object.entries(totals)) if (amount === 0) delete totals[currency];
  return totals;
}

/** Which registration types cover a rule's jurisdiction. */
function covers(registration: StoredRegistration, rule: NexusRule): boolean {
  if (rule.jurisdiction.startsWith('US-'))
    return registration.country === 'US' && registration.state === rule.state && (registration.type === 'SALES_TAX' || registration.type === 'SELLERS_USE_TAX');
  if (rule.jurisdiction === 'EU') return registration.type === 'OSS_UNION' || registration.type === 'OSS_NON_UNION';
  return registration.country === rule.country && (registration.type === 'VAT' || registration.type === 'GST' || registration.type === 'SIMPLIFIED');
}

/** The entity's registration in force on asOf that covers the rule's jurisdiction, if any. */
export function registrationFor(registrations: readonly StoredRegistration[], rule: NexusRule, entityId: string, asOf: string): StoredRegistration | undefined {
  return registrations.find((r) => r.entity_id === entityId && inForceOn(r, asOf) && covers(r, rule));
}

/** A rule with no threshold (no sales tax): the row says so. */
export function notApplicableRow(rule: NexusRule): NexusRow {
  return {
    country: rule.country,
    ...(rule.state !== undefined ? { state: rule.state } : {}),
    status: 'not_applicable',
    sales_amount: null,
    transaction_count: null,
    currency: null,
    window: null,
    threshold: null,
    percent_of_sales_threshold: null,
    percent_of_transaction_threshold: null,
    unconverted_sales: {},
    source_url: rule.source_url,
  };
}

export function evaluatedRow(
  rule: ApplyingNexusRule,
  evaluation: NexusEvaluation,
  unconverted: Record<string, number>,
  registration: StoredRegistration | undefined,
): NexusRow {
  return {
    country: rule.country,
    ...(rule.state !== undefined ? { state: rule.state } : {}),
    status: registration ? 'registered' : evaluation.status,
    sales_amount: evaluation.sales_amount,
    transaction_count: evaluation.transaction_count,
    currency: rule.sales_threshold.currency,
    window: evaluation.window,
    threshold: {
      sales_amount: rule.sales_threshold.amount,
      transaction_count: rule.transaction_threshold,
      logic: rule.logic,
      window: rule.window.kind,
      source_url: rule.source_url,
    },
    percent_of_sales_threshold: evaluation.percent_of_sales_threshold,
    percent_of_transaction_threshold: evaluation.percent_of_transaction_threshold,
    ...(evaluation.crossed_on !== null ? { crossed_on: evaluation.crossed_on } : {}),
    ...(evaluation.crossing_transaction_id !== null ? { crossing_transaction_id: evaluation.crossing_transaction_id } : {}),
    ...(evaluation.register_by !== null ? { register_by: evaluation.register_by } : {}),
    ...(registration ? { registration_id: registration.id } : {}),
    unconverted_sales: unconverted,
    source_url: rule.source_url,
  };
}

/** Evaluates a rule on its counters (re-exported for the use case: it refines the crossing day, then the sale). */
export type { DateWindow };
