/**
 * Domain (pure): the economic-nexus and registration-threshold rules (data/nexus-rules/*.json) as the engine reads
 * them, validated by their schema, and nexusRuleOn, the rule of one jurisdiction in force on a day. Why data: the
 * thresholds change by statute (transaction tests dropped 2019-2026) and each answer cites its row's source_url.
 */
import * as z from 'zod';
import usJson from '#data/nexus-rules/us.json';
import internationalJson from '#data/nexus-rules/international.json';
import { isoDate, parseDataFile } from '../tax/data-file';

const money = z.strictObject({ amount: z.number().int().nonnegative(), currency: z.string().regex(/^[A-Z]{3}$/) });
const comparison = z.enum(['greater_than', 'at_least']);

export const nexusWindowSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('current_or_previous_calendar_year') }),
  z.strictObject({ kind: z.literal('previous_calendar_year') }),
  z.strictObject({ kind: z.literal('calendar_year') }),
  z.strictObject({ kind: z.literal('second_preceding_calendar_year') }),
  z.strictObject({ kind: z.literal('rolling_12_months') }),
  z.strictObject({ kind: z.literal('preceding_12_calendar_months') }),
  z.strictObject({ kind: z.literal('preceding_4_quarters'), quarter_start_month: z.number().int().min(1).max(3) }),
  z.strictObject({ kind: z.literal('twelve_months_ending'), end_month: z.number().int().min(1).max(12) }),
  z.strictObject({ kind: z.literal('from_first_sale') }),
]);
export type NexusWindowRule = z.infer<typeof nexusWindowSchema>;

export const registerBySchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('on_crossing'), text: z.string() }),
  z.strictObject({ kind: z.literal('next_transaction'), text: z.string() }),
  z.strictObject({ kind: z.literal('first_day_of_next_calendar_year'), text: z.string() }),
  z.strictObject({ kind: z.literal('first_day_of_month_after_days'), days: z.number().int().positive(), text: z.string() }),
  z.strictObject({ kind: z.literal('first_day_of_month_on_or_after_days'), days: z.number().int().positive(), text: z.string() }),
  z.strictObject({ kind: z.literal('first_day_of_month_within_days'), days: z.number().int().positive(), text: z.string() }),
  z.strictObject({ kind: z.literal('earlier_of_next_calendar_year_and_days'), days: z.number().int().positive(), text: z.string() }),
  z.strictObject({
    kind: z.literal('date_in_next_calendar_year'),
    month: z.number().int().min(1).max(12),
    day: z.number().int().min(1).max(31),
    text: z.string(),
  }),
  z.strictObject({ kind: z.literal('first_day_of_nth_month_after_crossing_month'), months: z.number().int().positive(), text: z.string() }),
  z.strictObject({ kind: z.literal('days_after_crossing'), days: z.number().int().positive(), text: z.string() }),
  z.strictObject({ kind: z.literal('days_after_window_end'), days: z.number().int().positive(), text: z.string() }),
  z.strictObject({ kind: z.literal('months_after_window_end'), months: z.number().int().positive(), text: z.string() }),
  z.strictObject({ kind: z.literal('day_after_window_end'), text: z.string() }),
  z.strictObject({ kind: z.literal('unspecified'), text: z.string() }),
]);
export type RegisterByRule = z.infer<typeof registerBySchema>;

const countsSchema = z.strictObject({
  basis: z.enum([
    'gross',
    'retail',
    'taxable',
    'tangible_personal_property',
    'eu_cross_border_b2c',
    'worldwide_turnover',
    'taxable_supplies_in_country',
    'b2c_remote_supplies',
  ]),
  marketplace: z.enum(['included', 'excluded']),
});

/** Every row names the page it comes from; an unchecked row says so (verified_on null) and why (note). */
const common = {
  jurisdiction: z.string().regex(/^(US-[A-Z]{2}|[A-Z]{2})$/),
  country: z.string().regex(/^[A-Z]{2}$/),
  state: z
    .string()
    .regex(/^[A-Z]{2}$/)
    .optional(),
  effective_from: isoDate,
  effective_to: isoDate.nullable(),
  // The address of the page as it was read (some authority pages are still served over http).
  source_url: z.url({ protocol: /^https?$/ }),
  verified_on: isoDate.nullable(),
  note: z.string().min(8).optional(),
};

const applyingRow = z.strictObject({
  ...common,
  applies: z.literal(true),
  sales_threshold: money,
  sales_comparison: comparison,
  transaction_threshold: z.number().int().positive().nullable(),
  transaction_comparison: comparison.nullable(),
  logic: z.enum(['sales_only', 'either', 'both']),
  window: nexusWindowSchema,
  counts: countsSchema,
  worldwide_turnover_threshold: money.optional(),
  register_by: registerBySchema,
});
const notApplicableRow = z.strictObject({
  ...common,
  applies: z.literal(false),
  sales_threshold: z.null(),
  sales_comparison: z.null(),
  transaction_threshold: z.null(),
  transaction_comparison: z.null(),
  logic: z.null(),
  window: z.null(),
  counts: z.null(),
  register_by: z.null(),
});

export const nexusRuleRowSchema = z.discriminatedUnion('applies', [applyingRow, notApplicableRow]).superRefine((row, ctx) => {
  if (row.effective_to !== null && row.effective_to <= row.effective_from)
    ctx.addIssue({ code: 'custom', message: `${row.jurisdiction}: effective_to ${row.effective_to} is not after effective_from ${row.effective_from}` });
  if (row.verified_on === null && row.note === undefined)
    ctx.addIssue({ code: 'custom', message: `${row.jurisdiction} ${row.effective_from}: an unverified row needs a note saying why` });
  if (row.applies && (row.transaction_threshold === null) !== (row.transaction_comparison === null))
    ctx.addIssue({ code: 'custom', message: `${row.jurisdiction}: transaction_threshold and transaction_comparison go together` });
  if (row.applies && row.logic !== 'sales_only' && row.transaction_threshold === null)
    ctx.addIssue({ code: 'custom', message: `${row.jurisdiction}: logic ${row.logic} needs a transaction_threshold` });
  if (row.applies && row.logic === 'sales_only' && row.transaction_threshold !== null)
    ctx.addIssue({ code: 'custom', message: `${row.jurisdiction}: logic sales_only with a transaction_threshold` });
  if ((row.jurisdiction.startsWith('US-') ? `US-${row.state}` : row.country) !== row.jurisdiction)
    ctx.addIssue({ code: 'custom', message: `${row.jurisdiction}: country/state do not match the jurisdiction` });
});
export type NexusRule = z.infer<typeof nexusRuleRowSchema>;
export type ApplyingNexusRule = Extract<NexusRule, { applies: true }>;

/** A file's rows: the periods of one jurisdiction never overlap (one rule in force per day). */
export const nexusRulesFileSchema = z.strictObject({ description: z.string(), rows: z.array(nexusRuleRowSchema).min(1) }).superRefine((file, ctx) => {
  const byJurisdiction = new Map<string, NexusRule[]>();
  for (const row of file.rows) byJurisdiction.set(row.jurisdiction, [...(byJurisdiction.get(row.jurisdiction) ?? []), row]);
  for (const [jurisdiction, rows] of byJurisdiction) {
    const sorted = [...rows].sort((a, b) => a.effective_from.localeCompare(b.effective_from));
    for (let i = 1; i < sorted.length; i++) {
      const previousEnd = sorted[i - 1].effective_to;
      if (previousEnd === null || previousEnd > sorted[i].effective_from)
        ctx.addIssue({ code: 'custom', message: `${jurisdiction}: rows from ${sorted[i - 1].effective_from} and ${sorted[i].effective_from} overlap` });
    }
  }
});

const usRules = parseDataFile('nexus-rules/us.json', () => nexusRulesFileSchema, usJson);
const internationalRules = parseDataFile('nexus-rules/international.json', () => nexusRulesFileSchema, internationalJson);

/** Every rule row, US and international. */
export const nexusRules: readonly NexusRule[] = [...usRules.rows, ...internationalRules.rows];

/** The jurisdictions that have a rule ("US-CA", "EU", "CH" ...). */
export const nexusJurisdictions: readonly string[] = [...new Set(nexusRules.map((row) => row.jurisdiction))];

/**
 * The rule of a jurisdiction ("US-NY", "EU", "GB" ...) in force on a day (YYYY-MM-DD), or undefined when Levy has no
 * row for that day (before the first economic-nexus law, or an unknown jurisdiction).
 */
export function nexusRuleOn(jurisdiction: string, date: string, rules: readonly NexusRule[] = nexusRules): NexusRule | undefined {
  return rules.find((row) => row.jurisdiction === jurisdiction && row.effective_from <= date && (row.effective_to === null || date < row.effective_to));
}
