/**
 * Domain (pure): whether a return's period may be filed under a registration (issue 15): the period must lie where the
 * registration is in force (from active_from, before expires_at). Whether it is exactly one period of the
 * registration's filing frequency is the filing schedule's (src/domain/filing/periods.ts, issue 15 part 1).
 */
import type { StoredRegistration } from '../registrations/registration';
import { fieldError } from '../validation';

export function checkReturnPeriod(registration: StoredRegistration, start: string, end: string): void {
  if (end < registration.active_from) {
    throw fieldError('period_end', `is ${end}, before registration '${registration.id}' came into force (${registration.active_from})`);
  }
  if (registration.expires_at !== undefined && start >= registration.expires_at) {
    throw fieldError('period_start', `is ${start}, after registration '${registration.id}' ended (${registration.expires_at}, exclusive)`);
  }
}
