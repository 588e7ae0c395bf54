/**
 * Domain (pure, light: the registration schema that every registration route answers with loads it): a registration's
 * filing schedule (docs/tax-calendar.md). How often a return is filed (`frequency`), which months a period
 * starts in (`period_anchor_month`: 1 = calendar periods; 3 = New York's March-May quarters), and the due date's rule
 * (`due_day_rule`): `months_after` the month a period ends in, on `day` of that month (a number, clamped to the month's
 * last day, or "last"), then `plus_days` (the UK's "1 month and 7 days"). Whether a weekend or holiday moves the date
 * is the jurisdiction's rule, not the registration's (data/filing-defaults/business-days.json).
 */
import * as z from 'zod';

export const filingFrequencies = ['MONTHLY', 'QUARTERLY', 'SEMIANNUAL', 'ANNUAL'] as const;
export type FilingFrequency = (typeof filingFrequencies)[number];

/** The months a period of each frequency spans. */
export const monthsPerPeriod: Readonly<Record<FilingFrequency, number>> = { MONTHLY: 1, QUARTERLY: 3, SEMIANNUAL: 6, ANNUAL: 12 };

/** How often a return is filed: as a request sends it and as a registration answers it. */
const frequencyField = z
  .enum(filingFrequencies, { error: `must be one of ${filingFrequencies.join(', ')}` })
  .meta({ description: 'How often returns are filed: MONTHLY, QUARTERLY, SEMIANNUAL or ANNUAL' });

export const dueDayRuleSchema = z
  .strictObject({
    months_after: z
      .number({ error: 'must be a whole number of months (0-12)' })
      .int({ error: 'must be a whole number of months (0-12)' })
      .min(0, { error: 'must be 0 or more' })
      .max(12, { error: 'must be at most 12' })
      .meta({ description: 'Months after the month the period ends in (1: the following month)' }),
    day: z
      .union([z.number().int().min(1).max(31), z.literal('last')], { error: 'must be a day of the month (1-31, clamped to the month\'s last day) or "last"' })
      .meta({ description: 'Day of that month; 29-31 are clamped to its last day; "last" is its last day' }),
    plus_days: z
      .number({ error: 'must be a whole number of days (0-60)' })
      .int({ error: 'must be a whole number of days (0-60)' })
      .min(0, { error: 'must be 0 or more' })
      .max(60, { error: 'must be at most 60' })
      .optional()
      .meta({ description: 'Days added after (the UK: 1 month and 7 days)' }),
  })
  .meta({ id: 'DueDayRule', description: 'When a return is due, counted from the end of its period', example: { months_after: 1, day: 20 } });
export type DueDayRule = z.output<typeof dueDayRuleSchema>;

/** The schedule as stored on a registration and answered. */
export interface FilingSchedule {
  frequency: FilingFrequency;
  /** The month (1-12) periods are counted from: a period starts in it or a multiple of the period's months after it. */
  period_anchor_month: number;
  due_day_rule: DueDayRule;
}

export const anchorMonthField = z
  .number({ error: 'must be a month number (1-12)' })
  .int({ error: 'must be a month number (1-12)' })
  .min(1, { error: 'must be a month number (1-12)' })
  .max(12, { error: 'must be a month number (1-12)' });

export const filingScheduleSchema = z
  .object({
    frequency: frequencyField,
    period_anchor_month: z
      .number()
      .int()
      .min(1)
      .max(12)
      .meta({ description: 'The month periods are counted from (1: calendar months, quarters, halves and years)' }),
    due_day_rule: dueDayRuleSchema,
  })
  .meta({ id: 'FilingSchedule', example: { frequency: 'QUARTERLY', period_anchor_month: 1, due_day_rule: { months_after: 1, day: 20 } } });

/** What a request may send: every field optional; what is left out comes from data/filing-defaults (filing/defaults.ts). */
export const filingRequestSchema = z
  .strictObject({
    frequency: frequencyField.optional(),
    period_anchor_month: anchorMonthField.optional().meta({ description: 'The month (1-12) periods are counted from' }),
    due_day_rule: dueDayRuleSchema.optional(),
  })
  .meta({ description: "The filing schedule; omitted fields come from Levy's defaults for the jurisdiction and type (docs/tax-calendar.md)" });
export type FilingRequest = z.output<typeof filingRequestSchema>;
