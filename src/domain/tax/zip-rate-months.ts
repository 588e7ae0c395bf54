/**
 * Domain (pure): which imported ZIP5 table is in force on a sale's date. Each table carries the month it was
 * published for (Avalara's are dated the first of the month, when AvaTax takes each month's rate changes), and it stays
 * in force until a later month's table is imported. A date before a ZIP's first table has no table at all, never a
 * later one.
 */
import type { UsLocalRate } from './rate-types';

/** `YYYY-MM` of a `YYYY-MM-DD` date. */
export function monthOfDate(date: string): string {
  return date.slice(0, 7);
}

/** The ZIP's table for one state on a month, as the Rates store answers it. */
export interface ZipRateOnMonth {
  /** The row of the newest table imported for that month or an earlier one; null when there is none. */
  row: UsLocalRate | null;
  /** Only when row is null and the ZIP has tables for later months: the first of them (YYYY-MM). */
  firstMonth?: string;
}

/**
 * The row in force in `month` among `rows` (any states and months of one ZIP): the newest month on or before it for
 * `state`. Used by the Rates store on what its query returns, and by the in-memory store of the tests.
 */
export function zipRateOnMonth(rows: readonly UsLocalRate[], state: string, month: string): ZipRateOnMonth {
  const ofState = rows.filter((r) => r.state === state);
  const inForce = ofState.filter((r) => r.effective_month <= month).sort((a, b) => b.effective_month.localeCompare(a.effective_month))[0];
  if (inForce) return { row: inForce };
  const later = ofState.map((r) => r.effective_month).sort()[0];
  return later ? { row: null, firstMonth: later } : { row: null };
}
