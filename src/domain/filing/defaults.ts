/**
 * Domain (pure): the default filing schedules and business-day rules of data/filing-defaults/
 * (docs/tax-calendar.md), validated at load, and the lookups: the row for a registration (country and state, then
 * country, then '*'), the schedule a registration gets when its request leaves fields out, and the jurisdiction's
 * rule for a due date on a weekend or holiday. Only the registration and calendar routes load it (not the rate
 * function).
 */
import * as z from 'zod';
import schedulesJson from '#data/filing-defaults/schedules.json';
import holidaysJson from '#data/filing-defaults/holidays.json';
import { isoDate, parseDataFile, source } from '../tax/data-file';
import { registrationTypes, type RegistrationType } from '../registrations/registration';
import { dueDayRuleSchema, filingFrequencies, type DueDayRule, type FilingFrequency, type FilingRequest, type FilingSchedule } from './schedule';

export const businessDayRules = ['next_business_day', 'none'] as const;
export type BusinessDayRule = (typeof businessDayRules)[number];

const defaultsSchemas = () => {
  const rowSchema = z
    .strictObject({
      jurisdiction: z.string().min(1),
      country: z.string().regex(/^([A-Z]{2}|\*)$/),
      state: z
        .string()
        .regex(/^[A-Z]{2}$/)
        .optional(),
      types: z.array(z.enum(registrationTypes)).min(1),
      frequency: z.enum(filingFrequencies),
      period_anchor_month: z.number().int().min(1).max(12).optional(),
      due_day_rule: dueDayRuleSchema,
      due_day_rule_by_frequency: z.partialRecord(z.enum(filingFrequencies), dueDayRuleSchema).optional(),
      business_day_rule: z.enum(businessDayRules),
      holiday_calendar: z.string().min(2).optional(),
      source,
      note: z.string().min(8).optional(),
    })
    .refine((r) => (r.business_day_rule === 'next_business_day') === (r.holiday_calendar !== undefined), {
      error: 'a next_business_day row names its holiday_calendar; a none row names none',
    });
  const schedulesSchema = z.strictObject({ description: z.string(), rows: z.array(rowSchema).min(1) });
  const holidaysSchema = z.strictObject({
    description: z.string(),
    first_year: z.number().int(),
    last_year: z.number().int(),
    calendars: z.array(
      z.strictObject({
        calendar: z.string().min(2),
        name: z.string().min(2),
        source,
        holidays: z.array(z.strictObject({ date: isoDate, name: z.string().min(2) })).min(1),
      }),
    ),
  });
  return { schedulesSchema, holidaysSchema };
};

export interface FilingDefaultRow {
  jurisdiction: string;
  country: string;
  state?: string;
  types: RegistrationType[];
  frequency: FilingFrequency;
  period_anchor_month?: number;
  due_day_rule: DueDayRule;
  due_day_rule_by_frequency?: Partial<Record<FilingFrequency, DueDayRule>>;
  business_day_rule: BusinessDayRule;
  holiday_calendar?: string;
  source?: string;
  note?: string;
}
interface HolidayCalendars {
  first_year: number;
  last_year: number;
  calendars: { calendar: string; name: string; source?: string; holidays: { date: string; name: string }[] }[];
}

let loaded: { rows: FilingDefaultRow[]; holidays: HolidayCalendars } | undefined;
/** Read and validated on first use, so a route that never asks does not pay for it. */
export function filingDefaultsData(): { rows: readonly FilingDefaultRow[]; holidays: HolidayCalendars } {
  return (loaded ??= {
    rows: parseDataFile<{ rows: FilingDefaultRow[] }>(
      'filing-defaults/schedules.json',
      () => defaultsSchemas().schedulesSchema as z.ZodType<{ rows: FilingDefaultRow[] }>,
      schedulesJson,
    ).rows,
    holidays: parseDataFile<HolidayCalendars>(
      'filing-defaults/holidays.json',
      () => defaultsSchemas().holidaysSchema as z.ZodType<HolidayCalendars>,
      holidaysJson,
    ),
  });
}

/** What a lookup needs of a registration. */
export interface FilingJurisdiction {
  type: RegistrationType;
  country: string;
  state?: string | undefined;
}

/** The most specific row for the registration: its country and state, then its country, then '*'. Every type has a '*' or country row. */
export function filingDefaultRow(r: FilingJurisdiction): FilingDefaultRow {
  const rows = filingDefaultsData().rows.filter((row) => row.types.includes(r.type));
  const found =
    rows.find((row) => row.country === r.country && row.state !== undefined && row.state === r.state) ??
    rows.find((row) => row.country === r.country && row.state === undefined) ??
    rows.find((row) => row.country === '*');
  if (!found)
    throw new Error(`data/filing-defaults/schedules.json has no row for ${r.type} in ${r.country}${r.state ? `-${r.state}` : ''} and no '*' row for ${r.type}`);
  return found;
}

/** The rule a row gives for a frequency: the frequency's own when the jurisdiction's date depends on it. */
const ruleFor = (row: FilingDefaultRow, frequency: FilingFrequency): DueDayRule => row.due_day_rule_by_frequency?.[frequency] ?? row.due_day_rule;

/**
 * The schedule a registration gets: the request's fields, the rest from the jurisdiction's row. A request that
 * changes the frequency without a due_day_rule gets the row's rule for that frequency; the anchor month is the row's
 * only for its own frequency (New York's March quarters are not its months).
 */
export function filingScheduleFor(r: FilingJurisdiction, request: FilingRequest = {}): FilingSchedule {
  const row = filingDefaultRow(r);
  const frequency = request.frequency ?? row.frequency;
  return {
    frequency,
    period_anchor_month: request.period_anchor_month ?? (frequency === row.frequency ? (row.period_anchor_month ?? 1) : 1),
    due_day_rule: request.due_day_rule ?? ruleFor(row, frequency),
  };
}

/** The schedule a registration files on: its own, or (stored before schedules existed) its jurisdiction's default. */
export const filingOf = (r: FilingJurisdiction & { filing?: FilingSchedule | undefined }): FilingSchedule => r.filing ?? filingScheduleFor(r);

/** A jurisdiction's rule for a due date on a weekend or public holiday, and the holidays (observed days) it counts. */
export interface BusinessDayCalendar {
  rule: BusinessDayRule;
  holidays: ReadonlySet<string>;
  /** The last year the holiday list covers: later dates move for weekends only. */
  lastYear: number;
}

const calendars = new Map<string, BusinessDayCalendar>();
export function businessDayCalendarFor(r: FilingJurisdiction): BusinessDayCalendar {
  const row = filingDefaultRow(r);
  const key = `${row.business_day_rule}|${row.holiday_calendar ?? ''}`;
  let found = calendars.get(key);
  if (!found) {
    const { holidays } = filingDefaultsData();
    const list = holidays.calendars.find((c) => c.calendar === row.holiday_calendar)?.holidays ?? [];
    found = { rule: row.business_day_rule, holidays: new Set(list.map((h) => h.date)), lastYear: holidays.last_year };
    calendars.set(key, found);
  }
  return found;
}
