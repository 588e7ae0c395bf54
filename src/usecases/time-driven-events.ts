/**
 * Use case: the daily run of time-driven events (issue 14): exemption.expiring / .expired, registration.activated /
 * .expired. Each is a conditional put of a deterministic id (src/domain/events/time-driven.ts), so running it twice
 * writes each once. Deployed: a daily EventBridge schedule invokes functions/scheduled-events; locally `levy events
 * daily` or `npm start` (at start and every 24 h).
 */
import { utcDay } from '../domain/dates';
import { newEvent } from '../domain/events/event';
import { exemptionDateWindow, exemptionDueEvents, registrationDateWindow, registrationDueEvents } from '../domain/events/time-driven';
import type { CalendarSource, EventLog } from '../ports/events';

export interface TimeDrivenRun {
  day: string;
  /** Events written by this run. */
  written: number;
  /** Events already written by an earlier run. */
  already: number;
}

export async function runTimeDrivenEvents(deps: { calendar: CalendarSource; events: EventLog }, now = new Date()): Promise<TimeDrivenRun> {
  const day = utcDay(now);
  const ex = exemptionDateWindow(day);
  const reg = registrationDateWindow(day);
  const [exemptions, registrations] = await Promise.all([deps.calendar.exemptionsExpiringBetween(ex.from, ex.to), deps.calendar.registrationsChangingBetween(reg.from, reg.to)]);
  const due = [
    ...exemptions.flatMap(({ accountId, exemption }) => exemptionDueEvents(exemption, day).map((e) => ({ accountId, e }))),
    ...registrations.flatMap(({ accountId, registration }) => registrationDueEvents(registration, day).map((e) => ({ accountId, e }))),
  ];
  let written = 0;
  for (const { accountId, e } of due) {
    if (await deps.events.putOnce(newEvent(accountId, e.type, e.object, now, e.id))) written++;
  }
  return { day, written, already: due.length - written };
}
