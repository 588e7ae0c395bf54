/**
 * Domain (pure): the tax calendar's obligations (docs/tax-calendar.md): one per period of a registration's
 * filing schedule that shares a day with the registration's time in force, due on the schedule's due date (moved
 * for weekends and holidays where the jurisdiction says so). Nothing is stored: the calendar is recomputed from the
 * schedules, and `filed` / `return_id` come from the returns filed for a period (an input, FiledReturnRef).
 *
 * Status on a day: `filed` once a return for the period is marked filed; else `overdue` after the due date; `due`
 * from DUE_SOON_DAYS before it (the day the return.due_soon event is written) to the due date itself; `upcoming`
 * before that.
 */
import { jurisdictionCode } from '../geography/jurisdiction-code';
import * as z from 'zod';
import { addDays } from '../dates';
import type { StoredRegistration } from '../registrations/registration';
import { businessDayCalendarFor, filingOf, type BusinessDayCalendar } from './defaults';
import { dueOn } from './due-dates';
import { periodsOverlapping, type FilingPeriod } from './periods';
import type { FilingSchedule } from './schedule';

/** The obligation is `due` (and its return.due_soon event written) this many days before its due date. */
export const DUE_SOON_DAYS = 7;

export const obligationStatuses = ['upcoming', 'due', 'overdue', 'filed'] as const;
export type ObligationStatus = (typeof obligationStatuses)[number];

/** A return of the registration for the period, as the returns store knows it (implemented with returns). */
export interface FiledReturnRef {
  registration_id: string;
  period: FilingPeriod;
  return_id: string;
  /** Marked filed (mark_filed); a draft or finalized return does not make the obligation `filed`. */
  filed: boolean;
}

export interface Obligation {
  registration_id: string;
  /** `US-CA`, `DE`: where the return is filed (for OSS and IOSS, the member state of identification). */
  jurisdiction: string;
  type: StoredRegistration['type'];
  period: FilingPeriod;
  due_on: string;
  status: ObligationStatus;
  return_id?: string;
}

export const obligationSchema = z
  .object({
    registration_id: z.string(),
    jurisdiction: z.string().meta({ description: 'US-CA, DE ...: where the return is filed (for OSS and IOSS the member state of identification)' }),
    type: z.string().meta({ description: "The registration's type (SALES_TAX, VAT, OSS_UNION ...)" }),
    period: z.object({ start: z.iso.date(), end: z.iso.date() }).meta({ description: 'The period the return covers; both days inclusive' }),
    due_on: z.iso.date().meta({ description: "The day the return is due, moved off weekends and holidays where the jurisdiction's rule says so" }),
    status: z.enum(obligationStatuses).meta({
      description: `filed: a return for the period was marked filed; overdue: due_on has passed; due: within ${DUE_SOON_DAYS} days of due_on; upcoming: before that`,
    }),
    return_id: z.string().optional().meta({ description: 'The return made for the period, once there is one' }),
  })
  .meta({
    id: 'Obligation',
    example: {
      registration_id: 'reg_0mhx2k3c0f1e2d3c4b5a69788',
      jurisdiction: 'US-CA',
      type: 'SALES_TAX',
      period: { start: '2026-07-01', end: '2026-09-30' },
      due_on: '2026-11-02',
      status: 'upcoming',
    },
  });

export function obligationStatus(dueOnDay: string, filed: boolean, today: string): ObligationStatus {
  if (filed) return 'filed';
  if (today > dueOnDay) return 'overdue';
  if (today >= addDays(dueOnDay, -DUE_SOON_DAYS)) return 'due';
  return 'upcoming';
}

/** The key of a registration's period, as obligations and returns are matched on it. */
export const periodKey = (registrationId: string, period: FilingPeriod): string => `${registrationId}|${period.start}|${period.end}`;

export interface ObligationInputs {
  registration: StoredRegistration & { filing: FilingSchedule };
  calendar: Pick<BusinessDayCalendar, 'rule' | 'holidays'>;
  /** The registration's returns by periodKey; a filed one wins over a draft of the same period. */
  returns: ReadonlyMap<string, FiledReturnRef>;
  today: string;
}

/** What the obligations of a registration are computed from: its schedule (or its default), its business-day calendar, its returns. */
export const obligationInputs = (r: StoredRegistration, returns: ObligationInputs['returns'], today: string): ObligationInputs => ({
  registration: { ...r, filing: filingOf(r) },
  calendar: businessDayCalendarFor(r),
  returns,
  today,
});

/**
 * The registration's obligations due within [from, to] (inclusive): every period that shares a day with the
 * registration's time in force ([active_from, expires_at)), whose due date is in the range. A period's due date
 * comes at most 13 months and 60 days after it ends (the schedule's limits), so the periods read start that far
 * before `from`.
 */
export function registrationObligations(inputs: ObligationInputs, range: { from: string; to: string }): Obligation[] {
  const { registration: r, calendar, returns, today } = inputs;
  const { frequency, period_anchor_month: anchor, due_day_rule: rule } = r.filing;
  const lastInForce = r.expires_at !== undefined ? addDays(r.expires_at, -1) : range.to;
  const firstNeeded = addDays(range.from, -(13 * 31 + 60 + 366));
  const span = { from: r.active_from > firstNeeded ? r.active_from : firstNeeded, to: lastInForce < range.to ? lastInForce : range.to };
  const out: Obligation[] = [];
  for (const period of periodsOverlapping(frequency, span, anchor)) {
    const due = dueOn(period, rule, calendar);
    if (due < range.from || due > range.to) continue;
    const made = returns.get(periodKey(r.id, period));
    out.push({
      registration_id: r.id,
      jurisdiction: jurisdictionCode(r),
      type: r.type,
      period,
      due_on: due,
      status: obligationStatus(due, made?.filed === true, today),
      ...(made ? { return_id: made.return_id } : {}),
    });
  }
  return out;
}

/** Obligations in calendar order: by due date, then registration, then period. */
export const byDueDate = (a: Obligation, b: Obligation): number =>
  a.due_on.localeCompare(b.due_on) || a.registration_id.localeCompare(b.registration_id) || a.period.start.localeCompare(b.period.start);

/** The returns of an account indexed by period; a filed return wins over a draft of the same period. */
export function returnsByPeriod(refs: readonly FiledReturnRef[]): Map<string, FiledReturnRef> {
  const out = new Map<string, FiledReturnRef>();
  for (const ref of refs) {
    const key = periodKey(ref.registration_id, ref.period);
    const seen = out.get(key);
    if (!seen || (ref.filed && !seen.filed)) out.set(key, ref);
  }
  return out;
}
