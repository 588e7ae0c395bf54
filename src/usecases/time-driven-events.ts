/**
 * Use case: the daily run of time-driven events: exemption.expiring / .expired, registration.activated /
 * .expired, and return.due_soon 7 days before each filing obligation's due date (docs/tax-calendar.md). Each is a
 * conditional put of a deterministic id (src/domain/events/time-driven.ts), so running it twice writes each once.
 * Deployed: a daily EventBridge schedule invokes functions/scheduled-events; locally `levy events daily` or
 * `npm start` (at start and every 24 h).
 */
import { utcDay } from '../domain/dates';
import { newEvent } from '../domain/events/event';
import { exemptionDateWindow, exemptionDueEvents, registrationDateWindow, registrationDueEvents } from '../domain/events/time-driven';
import type { CalendarSource, EventLog } from '../ports/events';
import type { FiledReturnSource } from '../ports/tax-calendar';
import { addDays } from '../domain/dates';
import { dueSoonEvents } from '../domain/filing/due-soon';
import { obligationInputs, returnsByPeriod } from '../domain/filing/obligations';
import type { DueEvent } from '../domain/events/time-driven';

/** A registration that ended this long ago may still owe its last return (a due date comes at most ~15 months after its period). */
const OWING_AFTER_END_DAYS = 470;

export interface TimeDrivenRun {
  day: string;
  /** Events written by this run. */
  written: number;
  /** Events already written by an earlier run. */
  already: number;
}

export async function runTimeDrivenEvents(
  deps: { calendar: CalendarSource; events: EventLog; filedReturns?: FiledReturnSource },
  now = new Date(),
): Promise<TimeDrivenRun> {
  const day = utcDay(now);
  const ex = exemptionDateWindow(day);
  const reg = registrationDateWindow(day);
  const [exemptions, registrations] = await Promise.all([
    deps.calendar.exemptionsExpiringBetween(ex.from, ex.to),
    deps.calendar.registrationsChangingBetween(reg.from, reg.to),
  ]);
  const due = [
    ...exemptions.flatMap(({ accountId, exemption }) => exemptionDueEvents(exemption, day).map((e) => ({ accountId, e }))),
    ...registrations.flatMap(({ accountId, registration }) => registrationDueEvents(registration, day).map((e) => ({ accountId, e }))),
    ...(await returnDueSoonEvents(deps, day)),
  ];
  let written = 0;
  for (const { accountId, e } of due) {
    if (await deps.events.putOnce(newEvent(accountId, e.type, e.object, now, e.id))) written++;
  }
  return { day, written, already: due.length - written };
}

/**
 * return.due_soon of every registration still owing returns; the returns of an account are read only when it has one
 * due (without `filedReturns`, as in tests of the other events, every obligation counts as unfiled).
 */
async function returnDueSoonEvents(
  deps: { calendar: CalendarSource; filedReturns?: FiledReturnSource | undefined },
  day: string,
): Promise<{ accountId: string; e: DueEvent }[]> {
  const owing = await deps.calendar.registrationsInForceSince(addDays(day, -OWING_AFTER_END_DAYS));
  const byAccount = new Map<string, typeof owing>();
  for (const entry of owing) byAccount.set(entry.accountId, [...(byAccount.get(entry.accountId) ?? []), entry]);
  const out: { accountId: string; e: DueEvent }[] = [];
  for (const [accountId, entries] of byAccount) {
    const inputs = (returns: ReturnType<typeof returnsByPeriod>) => entries.map(({ registration: r }) => obligationInputs(r, returns, day));
    const unfiltered = inputs(new Map()).flatMap(dueSoonEvents);
    if (unfiltered.length === 0) continue;
    const returns = returnsByPeriod((await deps.filedReturns?.returnsOf(accountId)) ?? []);
    out.push(
      ...inputs(returns)
        .flatMap(dueSoonEvents)
        .map((e) => ({ accountId, e })),
    );
  }
  return out;
}
