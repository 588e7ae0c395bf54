/** Unit: obligation statuses and the returns input of the tax calendar (docs/tax-calendar.md). */
import { businessDayCalendarFor, filingScheduleFor } from '../../../src/domain/filing/defaults';
import { dueSoonEvents } from '../../../src/domain/filing/due-soon';
import { obligationStatus, periodKey, registrationObligations, returnsByPeriod, type FiledReturnRef } from '../../../src/domain/filing/obligations';
import type { StoredRegistration } from '../../../src/domain/registrations/registration';

const stored: StoredRegistration = {
  id: 'reg_1',
  entity_id: 'ent_1',
  country: 'US',
  state: 'IL',
  type: 'SALES_TAX',
  active_from: '2026-01-01',
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
};
const registration = { ...stored, filing: filingScheduleFor(stored, { frequency: 'MONTHLY' }) };
const calendar = businessDayCalendarFor(stored);
const march = { start: '2026-03-01', end: '2026-03-31' };

describe('obligations', () => {
  it('is upcoming, then due from 7 days before its due date to the day, then overdue', () => {
    expect(obligationStatus('2026-04-20', false, '2026-04-12')).toBe('upcoming');
    expect(obligationStatus('2026-04-20', false, '2026-04-13')).toBe('due');
    expect(obligationStatus('2026-04-20', false, '2026-04-20')).toBe('due');
    expect(obligationStatus('2026-04-20', false, '2026-04-21')).toBe('overdue');
    expect(obligationStatus('2026-04-20', true, '2026-05-30')).toBe('filed');
  });

  it('takes filed and return_id from the returns input: a filed return wins over a draft of the same period', () => {
    const refs: FiledReturnRef[] = [
      { registration_id: 'reg_1', period: march, return_id: 'ret_draft', filed: false },
      { registration_id: 'reg_1', period: march, return_id: 'ret_filed', filed: true },
      { registration_id: 'reg_1', period: { start: '2026-02-01', end: '2026-02-28' }, return_id: 'ret_feb', filed: false },
    ];
    const returns = returnsByPeriod(refs);
    expect(returns.get(periodKey('reg_1', march))?.return_id).toBe('ret_filed');
    const obligations = registrationObligations({ registration, calendar, returns, today: '2026-04-25' }, { from: '2026-03-01', to: '2026-04-30' });
    // 35 ILCS 120/3: the 20th of the following month; 2026-03-20 is a Friday, 2026-04-20 a Monday.
    expect(obligations.map((o) => [o.period.start, o.due_on, o.status, o.return_id])).toEqual([
      ['2026-02-01', '2026-03-20', 'overdue', 'ret_feb'],
      ['2026-03-01', '2026-04-20', 'filed', 'ret_filed'],
    ]);
  });

  it('writes no return.due_soon for a filed period', () => {
    const none = returnsByPeriod([]);
    expect(dueSoonEvents({ registration, calendar, returns: none, today: '2026-04-13' }).map((e) => e.object.due_on)).toEqual(['2026-04-20']);
    const filed = returnsByPeriod([{ registration_id: 'reg_1', period: march, return_id: 'ret_1', filed: true }]);
    expect(dueSoonEvents({ registration, calendar, returns: filed, today: '2026-04-13' })).toEqual([]);
  });
});
