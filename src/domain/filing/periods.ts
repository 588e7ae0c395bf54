/**
 * Domain (pure): the period arithmetic of filing schedules (docs/tax-calendar.md), shared by the tax
 * calendar and returns. A period is {start, end}, both inclusive calendar days (YYYY-MM-DD): Q1 is 2026-01-01 to
 * 2026-03-31, as a return names it. Periods are whole months: a frequency's periods start in `anchorMonth` (1-12) and
 * every `monthsPerPeriod` months from it, so anchor 3 gives March-May, June-August, September-November,
 * December-February quarters.
 */
import { addDays, lastDayOfMonth } from '../dates';
import { monthsPerPeriod, type DueDayRule, type FilingFrequency } from './schedule';

export interface FilingPeriod {
  /** First day (inclusive). */
  start: string;
  /** Last day (inclusive). */
  end: string;
}

/** Months since year 0 of a day's month (0 = January of year 0), so periods are counted with integer division. */
const monthIndex = (day: string): number => Number(day.slice(0, 4)) * 12 + Number(day.slice(5, 7)) - 1;
const monthOf = (index: number): string => `${String(Math.floor(index / 12)).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}`;
const firstDayOf = (index: number): string => `${monthOf(index)}-01`;
const lastDayOf = (index: number): string => lastDayOfMonth(monthOf(index));

const periodAt = (frequency: FilingFrequency, firstMonth: number): FilingPeriod => ({
  start: firstDayOf(firstMonth),
  end: lastDayOf(firstMonth + monthsPerPeriod[frequency] - 1),
});

/** The month index a period containing `month` starts in. */
const periodStartMonth = (frequency: FilingFrequency, anchorMonth: number, month: number): number => {
  const length = monthsPerPeriod[frequency];
  const offset = month - (anchorMonth - 1);
  return Math.floor(offset / length) * length + (anchorMonth - 1);
};

/** The period of `frequency` (anchored at `anchorMonth`) that contains `day`. */
export function periodContaining(frequency: FilingFrequency, day: string, anchorMonth = 1): FilingPeriod {
  return periodAt(frequency, periodStartMonth(frequency, anchorMonth, monthIndex(day)));
}

/** Whether {start, end} is exactly one period of `frequency` (anchored at `anchorMonth`): a return's period must be. */
export function isExactPeriod(frequency: FilingFrequency, period: FilingPeriod, anchorMonth = 1): boolean {
  const containing = periodContaining(frequency, period.start, anchorMonth);
  return containing.start === period.start && containing.end === period.end;
}

/** The period right after `period` (same frequency and anchor). */
export function nextPeriod(frequency: FilingFrequency, period: FilingPeriod, anchorMonth = 1): FilingPeriod {
  return periodContaining(frequency, addDays(period.end, 1), anchorMonth);
}

/** The period right before `period`. */
export function previousPeriod(frequency: FilingFrequency, period: FilingPeriod, anchorMonth = 1): FilingPeriod {
  return periodContaining(frequency, addDays(period.start, -1), anchorMonth);
}

/** Every period of `frequency` sharing at least one day with [from, to] (both inclusive), in order. */
export function periodsOverlapping(frequency: FilingFrequency, range: { from: string; to: string }, anchorMonth = 1): FilingPeriod[] {
  if (range.to < range.from) return [];
  const out: FilingPeriod[] = [];
  for (let period = periodContaining(frequency, range.from, anchorMonth); period.start <= range.to; period = nextPeriod(frequency, period, anchorMonth))
    out.push(period);
  return out;
}

/**
 * The due date a rule names for a period before any weekend or holiday moves it: `months_after` the month the period
 * ends in, on `day` (clamped to that month's last day: day 31 in April is the 30th, day 29 in February 2027 the 28th),
 * then `plus_days` later.
 */
export function nominalDueDate(period: FilingPeriod, rule: DueDayRule): string {
  const month = monthIndex(period.end) + rule.months_after;
  const last = lastDayOf(month);
  const day = rule.day === 'last' ? last : `${monthOf(month)}-${String(Math.min(rule.day, Number(last.slice(8, 10)))).padStart(2, '0')}`;
  return addDays(day, rule.plus_days ?? 0);
}
