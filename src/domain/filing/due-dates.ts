/**
 * Domain (pure): a period's due date under a schedule and its jurisdiction's business-day rule
 * (docs/tax-calendar.md): the rule's nominal date, moved to the next day that is neither a Saturday, a Sunday nor a
 * listed holiday where the jurisdiction says so (US states: SSUTA § 320 and each state's law), left where it falls
 * where it does not (the EU schemes, the UK).
 */
import { addDays } from '../dates';
import type { BusinessDayCalendar } from './defaults';
import { nominalDueDate, type FilingPeriod } from './periods';
import type { DueDayRule } from './schedule';

const isWeekend = (day: string): boolean => {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return weekday === 0 || weekday === 6;
};

/** The first business day on or after `day` under the calendar. */
export function nextBusinessDay(day: string, calendar: Pick<BusinessDayCalendar, 'holidays'>): string {
  let moved = day;
  while (isWeekend(moved) || calendar.holidays.has(moved)) moved = addDays(moved, 1);
  return moved;
}

/** The day a period's return is due. */
export function dueOn(period: FilingPeriod, rule: DueDayRule, calendar: Pick<BusinessDayCalendar, 'rule' | 'holidays'>): string {
  const nominal = nominalDueDate(period, rule);
  return calendar.rule === 'next_business_day' ? nextBusinessDay(nominal, calendar) : nominal;
}
