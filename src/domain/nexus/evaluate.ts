/**
 * Domain (pure): the arithmetic of a nexus verdict. For a rule and an as-of day, the measurement window; for the
 * counters of sales in that window (per month, per day or per transaction: whatever the store keeps), the totals, the
 * percentages of each threshold, the status below|approaching|crossed and, when the counters are per day or per
 * transaction, the day (and transaction) whose sale made the standing crossing. No I/O: the counters come from the
 * caller (the report and the simulation both use this).
 */
import { addDays, utcDay } from '../dates';
import type { ApplyingNexusRule, NexusWindowRule, RegisterByRule } from './rule-data';

/** An inclusive span of days, YYYY-MM-DD. */
export interface DateWindow {
  start: string;
  end: string;
}

/**
 * Sales counted in one bucket: `period` is a month (YYYY-MM) or a day (YYYY-MM-DD). A bucket with a transaction_id
 * holds one transaction, so a crossing found in it names that sale. Refunds are negative sales_amount (and a negative
 * transaction_count where the rule's counting says a refunded sale no longer counts).
 */
export interface NexusCounter {
  period: string;
  sales_amount: number;
  transaction_count: number;
  transaction_id?: string;
}

export type NexusStatus = 'below' | 'approaching' | 'crossed';

export interface NexusEvaluation {
  status: NexusStatus;
  window: DateWindow;
  sales_amount: number;
  transaction_count: number;
  percent_of_sales_threshold: number | null;
  percent_of_transaction_threshold: number | null;
  /** The day the standing crossing happened; null when below, or when the crossing bucket is a month. */
  crossed_on: string | null;
  /** The month of the standing crossing, always known when crossed. */
  crossed_in_month: string | null;
  crossing_transaction_id: string | null;
  register_by: string | null;
}

const day = (iso: string): Date => new Date(`${iso}T00:00:00Z`);
/** The first day of the month `months` after (or before) year-month. */
const firstOfMonth = (year: number, month: number, months = 0): string => utcDay(new Date(Date.UTC(year, month - 1 + months, 1)));
const lastOfMonth = (year: number, month: number): string => addDays(firstOfMonth(year, month, 1), -1);

/**
 * The windows a rule measures on `asOf`, in the order they are tested. Two for "current or previous calendar year"
 * (the previous year whole, then the current year to asOf); one otherwise.
 */
export function measurementWindows(window: NexusWindowRule, asOf: string, effectiveFrom: string): DateWindow[] {
  const year = Number(asOf.slice(0, 4));
  const month = Number(asOf.slice(5, 7));
  switch (window.kind) {
    case 'current_or_previous_calendar_year':
      return [
        { start: `${year - 1}-01-01`, end: `${year - 1}-12-31` },
        { start: `${year}-01-01`, end: asOf },
      ];
    case 'previous_calendar_year':
      return [{ start: `${year - 1}-01-01`, end: `${year - 1}-12-31` }];
    case 'second_preceding_calendar_year':
      return [{ start: `${year - 2}-01-01`, end: `${year - 2}-12-31` }];
    case 'calendar_year':
      return [{ start: `${year}-01-01`, end: asOf }];
    case 'rolling_12_months': {
      // The 12 months ending on asOf: from the day after the same day a year earlier.
      const yearEarlier = new Date(Date.UTC(year - 1, month - 1, Number(asOf.slice(8, 10))));
      return [{ start: addDays(utcDay(yearEarlier), 1), end: asOf }];
    }
    case 'preceding_12_calendar_months':
      return [{ start: firstOfMonth(year, month, -12), end: addDays(firstOfMonth(year, month), -1) }];
    case 'preceding_4_quarters': {
      // Quarters start in quarter_start_month, +3, +6, +9 (NY: March; calendar quarters: January). The window is the
      // four whole quarters before the quarter holding asOf.
      const offset = (((month - window.quarter_start_month) % 3) + 3) % 3;
      const currentQuarterStart = firstOfMonth(year, month, -offset);
      const qs = day(currentQuarterStart);
      return [{ start: firstOfMonth(qs.getUTCFullYear(), qs.getUTCMonth() + 1, -12), end: addDays(currentQuarterStart, -1) }];
    }
    case 'twelve_months_ending': {
      // The 12 months ending on the last day of end_month most recently completed before asOf (CT: Sep 30).
      const endYear = asOf > lastOfMonth(year, window.end_month) ? year : year - 1;
      const end = lastOfMonth(endYear, window.end_month);
      return [{ start: firstOfMonth(endYear, window.end_month, -11), end }];
    }
    case 'from_first_sale':
      return [{ start: effectiveFrom, end: asOf }];
  }
}

/** The counters' granularity the rule needs to be exact: a rolling window cuts months, so it needs days. */
export function counterGranularityNeeded(window: NexusWindowRule): 'month' | 'day' {
  return window.kind === 'rolling_12_months' ||
    window.kind === 'from_first_sale' ||
    window.kind === 'calendar_year' ||
    window.kind === 'current_or_previous_calendar_year'
    ? 'day'
    : 'month';
}

/** The span of a counter's period. */
function periodSpan(period: string): DateWindow {
  if (/^\d{4}-\d{2}-\d{2}$/.test(period)) return { start: period, end: period };
  if (!/^\d{4}-\d{2}$/.test(period)) throw new RangeError(`counter period ${period} is neither YYYY-MM nor YYYY-MM-DD`);
  return { start: `${period}-01`, end: lastOfMonth(Number(period.slice(0, 4)), Number(period.slice(5, 7))) };
}

/** The counters inside a window; a month counter the window cuts cannot be counted exactly, so it is refused. */
function countersIn(counters: readonly NexusCounter[], window: DateWindow): NexusCounter[] {
  const inside: NexusCounter[] = [];
  for (const counter of counters) {
    const span = periodSpan(counter.period);
    if (span.end < window.start || span.start > window.end) continue;
    if (span.start < window.start || span.end > window.end)
      throw new RangeError(`counter ${counter.period} straddles the window ${window.start}..${window.end}: this window needs per-day counters`);
    inside.push(counter);
  }
  // Stable: a day's transactions keep their order of arrival.
  return inside
    .map((counter, index) => ({ counter, index }))
    .sort((a, b) => a.counter.period.localeCompare(b.counter.period) || a.index - b.index)
    .map(({ counter }) => counter);
}

const meets = (value: number, threshold: number, comparison: 'greater_than' | 'at_least'): boolean =>
  comparison === 'greater_than' ? value > threshold : value >= threshold;

function thresholdMet(rule: ApplyingNexusRule, sales: number, transactions: number): boolean {
  const salesMet = meets(sales, rule.sales_threshold.amount, rule.sales_comparison);
  if (rule.logic === 'sales_only') return salesMet;
  const transactionsMet = meets(transactions, rule.transaction_threshold ?? Infinity, rule.transaction_comparison ?? 'at_least');
  return rule.logic === 'either' ? salesMet || transactionsMet : salesMet && transactionsMet;
}

/** A percentage with two decimals; null when the rule has no such threshold (or it is zero: from the first sale). */
const percentOf = (value: number, threshold: number | null): number | null =>
  threshold === null || threshold === 0 ? null : Math.round((value * 10_000) / threshold) / 100;

/** The day registration is due after a crossing, as the rule words it; null when it cannot be known. */
export function registerBy(rule: RegisterByRule, crossedOn: string | null, crossedInMonth: string | null, window: DateWindow): string | null {
  switch (rule.kind) {
    case 'on_crossing':
    case 'next_transaction':
      return crossedOn;
    case 'first_day_of_next_calendar_year':
      return crossedInMonth === null ? null : `${Number(crossedInMonth.slice(0, 4)) + 1}-01-01`;
    case 'first_day_of_month_after_days': {
      if (crossedOn === null) return null;
      const due = day(addDays(crossedOn, rule.days));
      return firstOfMonth(due.getUTCFullYear(), due.getUTCMonth() + 1, 1);
    }
    case 'first_day_of_month_on_or_after_days': {
      // "The first day of the month that begins at least N days after": that day itself when it is a first.
      if (crossedOn === null) return null;
      const due = addDays(crossedOn, rule.days);
      const dueDate = day(due);
      return due.endsWith('-01') ? due : firstOfMonth(dueDate.getUTCFullYear(), dueDate.getUTCMonth() + 1, 1);
    }
    case 'first_day_of_month_within_days': {
      // "The first of the calendar month that is at the most N days after": the last first-of-month on or before.
      if (crossedOn === null) return null;
      const limit = day(addDays(crossedOn, rule.days));
      return firstOfMonth(limit.getUTCFullYear(), limit.getUTCMonth() + 1);
    }
    case 'earlier_of_next_calendar_year_and_days': {
      if (crossedOn === null) return null;
      const nextYear = `${Number(crossedOn.slice(0, 4)) + 1}-01-01`;
      const afterDays = addDays(crossedOn, rule.days);
      return afterDays < nextYear ? afterDays : nextYear;
    }
    case 'date_in_next_calendar_year':
      return crossedInMonth === null
        ? null
        : `${Number(crossedInMonth.slice(0, 4)) + 1}-${String(rule.month).padStart(2, '0')}-${String(rule.day).padStart(2, '0')}`;
    case 'first_day_of_nth_month_after_crossing_month':
      return crossedInMonth === null ? null : firstOfMonth(Number(crossedInMonth.slice(0, 4)), Number(crossedInMonth.slice(5, 7)), rule.months);
    case 'days_after_crossing':
      return crossedOn === null ? null : addDays(crossedOn, rule.days);
    case 'days_after_window_end':
      return addDays(window.end, rule.days);
    case 'months_after_window_end': {
      const end = day(window.end);
      return addDays(firstOfMonth(end.getUTCFullYear(), end.getUTCMonth() + 1, rule.months + 1), -1);
    }
    case 'day_after_window_end':
      return addDays(window.end, 1);
    case 'unspecified':
      return null;
  }
}

function evaluateWindow(rule: ApplyingNexusRule, counters: readonly NexusCounter[], window: DateWindow, approachingPercent: number): NexusEvaluation {
  let sales = 0;
  let transactions = 0;
  // The standing crossing: the counter after which the threshold stayed met to the window's end (a refund that
  // takes the totals back under resets it).
  let standing: NexusCounter | null = null;
  for (const counter of countersIn(counters, window)) {
    sales += counter.sales_amount;
    transactions += counter.transaction_count;
    if (!thresholdMet(rule, sales, transactions)) standing = null;
    else if (standing === null) standing = counter;
  }
  const percentSales = percentOf(sales, rule.sales_threshold.amount);
  const percentTransactions = percentOf(transactions, rule.transaction_threshold);
  const crossed = standing !== null;
  // Approaching: the test that decides is near. Sales only: sales; either: the nearer test; both: the farther one.
  const deciding =
    rule.logic === 'sales_only'
      ? percentSales
      : rule.logic === 'either'
        ? Math.max(percentSales ?? 0, percentTransactions ?? 0)
        : Math.min(percentSales ?? 0, percentTransactions ?? 0);
  const status: NexusStatus = crossed ? 'crossed' : deciding !== null && deciding >= approachingPercent ? 'approaching' : 'below';
  const crossedOn = standing !== null && standing.period.length === 10 ? standing.period : null;
  const crossedInMonth = standing === null ? null : standing.period.slice(0, 7);
  return {
    status,
    window,
    sales_amount: sales,
    transaction_count: transactions,
    percent_of_sales_threshold: percentSales,
    percent_of_transaction_threshold: percentTransactions,
    crossed_on: crossedOn,
    crossed_in_month: crossedInMonth,
    crossing_transaction_id: standing?.transaction_id ?? null,
    register_by: crossed ? registerBy(rule.register_by, crossedOn, crossedInMonth, window) : null,
  };
}

/**
 * The verdict of a rule on `asOf` for a jurisdiction's counters (amounts in the threshold's currency, minor units).
 * With two windows (current or previous calendar year), a crossing in the previous year decides; otherwise the
 * current year's figures are answered.
 */
export function evaluateNexus(input: {
  rule: ApplyingNexusRule;
  counters: readonly NexusCounter[];
  asOf: string;
  approachingPercent?: number;
}): NexusEvaluation {
  const approachingPercent = input.approachingPercent ?? 80;
  const windows = measurementWindows(input.rule.window, input.asOf, input.rule.effective_from);
  const evaluations = windows.map((window) => evaluateWindow(input.rule, input.counters, window, approachingPercent));
  return evaluations.find((evaluation) => evaluation.status === 'crossed') ?? evaluations[evaluations.length - 1];
}
