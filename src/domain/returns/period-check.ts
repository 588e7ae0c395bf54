/**
 * Domain (pure): whether a return's period may be filed under a registration: exactly one period of the
 * registration's filing schedule (src/domain/filing/periods.ts; its frequency and anchor month, the defaults for a
 * registration stored before schedules existed), and where the registration is in force (from active_from, before
 * expires_at). A 400 naming the field otherwise, with the period that would fit.
 */
import { filingOf } from '../filing/defaults';
import { isExactPeriod, periodContaining } from '../filing/periods';
import type { StoredRegistration } from '../registrations/registration';
import { fieldError } from '../validation';

export function checkReturnPeriod(registration: StoredRegistration, start: string, end: string): void {
  const { frequency, period_anchor_month: anchor } = filingOf(registration);
  if (!isExactPeriod(frequency, { start, end }, anchor)) {
    const fit = periodContaining(frequency, start, anchor);
    throw fieldError(
      'period_end',
      `with period_start ${start} is not one ${frequency} period of registration '${registration.id}' (periods counted from month ${anchor}): the period containing ${start} is ${fit.start} to ${fit.end}`,
    );
  }
  if (end < registration.active_from) {
    throw fieldError('period_end', `is ${end}, before registration '${registration.id}' came into force (${registration.active_from})`);
  }
  if (registration.expires_at !== undefined && start >= registration.expires_at) {
    throw fieldError('period_start', `is ${start}, after registration '${registration.id}' ended (${registration.expires_at}, exclusive)`);
  }
}
