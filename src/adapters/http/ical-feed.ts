/**
 * Primary adapter (HTTP, the feed route only): the tax calendar as an iCalendar document (RFC 5545) for calendar
 * apps (docs/tax-calendar.md), written by the `ics` package. One all-day VEVENT per obligation on its due
 * date; its UID is the registration and period (`<registration_id>-<period start>@tax-calendar.levy`), so an app
 * that refreshes the feed updates the event in place (a status change, a moved date) instead of adding another.
 */
import { createEvents, type DateArray, type EventAttributes } from 'ics';
import { addDays } from '../../domain/dates';
import type { Obligation } from '../../domain/filing/obligations';

const dateArray = (day: string): DateArray => [Number(day.slice(0, 4)), Number(day.slice(5, 7)), Number(day.slice(8, 10))];

export const obligationUid = (o: Pick<Obligation, 'registration_id' | 'period'>): string => `${o.registration_id}-${o.period.start}@tax-calendar.levy`;

function obligationEvent(o: Obligation, stamp: number): EventAttributes {
  return {
    uid: obligationUid(o),
    start: dateArray(o.due_on),
    // All-day: DTEND is the next day (exclusive), as RFC 5545 3.6.1 describes a one-day event.
    end: dateArray(addDays(o.due_on, 1)),
    title: `${o.status === 'filed' ? 'Filed: ' : ''}${o.jurisdiction} ${o.type} return ${o.period.start} to ${o.period.end}`,
    description: [
      `Return due ${o.due_on} for ${o.jurisdiction} (${o.type}), period ${o.period.start} to ${o.period.end}.`,
      `Status: ${o.status}.`,
      `Registration: ${o.registration_id}.`,
      ...(o.return_id ? [`Return: ${o.return_id}.`] : []),
    ].join('\n'),
    categories: ['Tax return', o.jurisdiction],
    status: 'CONFIRMED',
    transp: 'TRANSPARENT',
    busyStatus: 'FREE',
    timestamp: stamp,
  } as EventAttributes;
}

/** The feed's text; throws when the package refuses an event (a bug: every field is Levy's own). */
export function icalFeed(obligations: readonly Obligation[], now = new Date()): string {
  const { error, value } = createEvents(
    obligations.map((o) => obligationEvent(o, now.getTime())),
    { productId: 'levy/tax-calendar', calName: 'Levy tax calendar' },
  );
  if (error || typeof value !== 'string') throw error ?? new Error('ics produced no calendar');
  return value;
}
