/**
 * Domain (pure): the return.due_soon events of a registration on a day (docs/tax-calendar.md): one for each
 * obligation due within DUE_SOON_DAYS (today included) and not filed. Its id is deterministic in (type, registration
 * and period, due date), so the daily job writes it once however often it runs; a missed run catches up as long as
 * the due date has not passed. A due date moved by a schedule change is another date: another event.
 */
import { addDays } from '../dates';
import { deterministicEventId } from '../events/event';
import type { DueEvent } from '../events/time-driven';
import { DUE_SOON_DAYS, periodKey, registrationObligations, type ObligationInputs } from './obligations';

export function dueSoonEvents(inputs: ObligationInputs): DueEvent[] {
  const { today } = inputs;
  return registrationObligations(inputs, { from: today, to: addDays(today, DUE_SOON_DAYS) })
    .filter((o) => o.status !== 'filed')
    .map((o) => {
      const subject = periodKey(o.registration_id, o.period);
      return { id: deterministicEventId('return.due_soon', subject, o.due_on), type: 'return.due_soon', object: { object: 'tax_obligation', ...o } };
    });
}
