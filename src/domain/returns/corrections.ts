/**
 * Domain (pure): which late records a return corrects (docs/returns.md "Corrections"). A finalized return
 * holds the records of its period recorded at or before its cutoff; a record dated in that period but recorded after
 * it is late, and lands in exactly one later return: the first of the registration's returns, for a later period,
 * whose cutoff reaches it. OSS: corrections of periods from 2021 are made "only by adjustments in a subsequent return"
 * within three years of the original due date (Implementing Regulation (EU) No 282/2011 Art. 61, for periods from
 * 1 July 2021).
 */
import type { ReturnSummary } from './return';

/** How far back a correction reaches: three years from the corrected return's original due date (Reg. 282/2011 Art. 61). */
export const CORRECTION_YEARS = 3;

export interface CorrectionWindow {
  corrected: ReturnSummary;
  /** Late records of `corrected`'s period recorded after this instant, up to the correcting return's cutoff. */
  recorded_after: string;
}

/** The same calendar day `years` later (29 February becomes 28 February in a common year). */
export const yearsAfter = (day: string, years: number): string => {
  const year = String(Number(day.slice(0, 4)) + years).padStart(4, '0');
  const candidate = `${year}${day.slice(4)}`;
  return day.slice(5) === '02-29' && !isLeap(Number(year)) ? `${year}-02-28` : candidate;
};
const isLeap = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;

/**
 * The windows of late records a return (`target`, cut off at `cutoff`) corrects, given the registration's other
 * returns. For each finalized return F of an earlier period (within CORRECTION_YEARS of the target's start): records
 * dated in F's period and recorded in (L, cutoff], where L is the latest cutoff among F and every other finalized
 * return of a period after F's that was locked before `cutoff` (those already took the records up to their own cutoff).
 * Three years: the target's period must end within CORRECTION_YEARS of F's original due date (`dueOn`).
 */
export function correctionWindows(
  target: Pick<ReturnSummary, 'id' | 'period_start' | 'period_end'>,
  cutoff: string,
  returns: readonly ReturnSummary[],
  /** The original due date of a return's period (the registration's schedule); without it, the period's last day. */
  dueOn: (r: ReturnSummary) => string = (r) => r.period_end,
): CorrectionWindow[] {
  const finalized = returns.filter((r) => r.id !== target.id && r.status !== 'draft' && r.finalized_at !== undefined);
  const windows: CorrectionWindow[] = [];
  for (const corrected of finalized) {
    // An earlier period only, and the correcting period must end within three years of the corrected one's due date.
    if (corrected.period_end >= target.period_start || target.period_end > yearsAfter(dueOn(corrected), CORRECTION_YEARS)) continue;
    let after = corrected.cutoff;
    for (const other of finalized) {
      if (other.period_start > corrected.period_end && other.cutoff < cutoff && other.cutoff > after) after = other.cutoff;
    }
    if (after < cutoff) windows.push({ corrected, recorded_after: after });
  }
  return windows.sort((a, b) => a.corrected.period_start.localeCompare(b.corrected.period_start));
}
