/**
 * Domain (pure): effective-dated rate rows. A row is in force from `effective_from` (inclusive) to its
 * `effective_to` (inclusive, the last day) when it has one, else to the day before the next row starts, else
 * indefinitely. A date before the first row, or after an `effective_to` that no row follows at once, is outside the
 * history Levy holds: it is answered with 422 `rate_history_unavailable`, never with a neighbouring row.
 */
import { addDays } from '../dates';
import { byText } from '../compare';
import { RateHistoryUnavailableError } from '../errors';

export interface DatedRow {
  effective_from: string;
  effective_to?: string;
}

export type RowOnDate<T> =
  { kind: 'row'; row: T } | { kind: 'no_rows' } | { kind: 'before_history'; earliest: string } | { kind: 'gap'; endedOn: string; nextFrom?: string };

/** The row in force on a date (rows sorted by effective_from, without overlaps: the schema checks both). */
export function rowOn<T extends DatedRow>(rows: readonly T[], date: string): RowOnDate<T> {
  const first = rows[0];
  if (!first) return { kind: 'no_rows' };
  if (date < first.effective_from) return { kind: 'before_history', earliest: first.effective_from };
  let index = 0;
  for (let i = 1; i < rows.length && rows[i]!.effective_from <= date; i++) index = i;
  const row = rows[index]!;
  if (row.effective_to !== undefined && date > row.effective_to) {
    const next = rows[index + 1];
    return next ? { kind: 'gap', endedOn: row.effective_to, nextFrom: next.effective_from } : { kind: 'gap', endedOn: row.effective_to };
  }
  return { kind: 'row', row };
}

export const dayBefore = (isoDate: string): string => addDays(isoDate, -1);
export const dayAfter = (isoDate: string): string => addDays(isoDate, 1);

/** The start of a row that holds "since always" (a rule with no `from`). */
export const SINCE_ALWAYS = '0001-01-01';

/** A rule dated with optional `from`/`to` (us-states.json) as a dated row: no `from` is since always. */
export function asDatedRow<T extends { from?: string; to?: string }>(rule: T): T & DatedRow {
  return { ...rule, effective_from: rule.from ?? SINCE_ALWAYS, ...(rule.to !== undefined ? { effective_to: rule.to } : {}) };
}

/**
 * The rows sorted by start: the series rowOn reads, for rules whose file order mixes several series (us-states.json
 * lists a category's rules for every customer group and delivery together).
 */
export function sortedByStart<T extends DatedRow>(rows: readonly T[]): T[] {
  return [...rows].sort((a, b) => byText(a.effective_from, b.effective_from));
}

/** Rows grouped by two keys (country, then category or code), each group in data order: the series rowOn reads. */
export function seriesByTwoKeys<T>(rows: readonly T[], first: (row: T) => string, second: (row: T) => string): Map<string, Map<string, T[]>> {
  const grouped = new Map<string, Map<string, T[]>>();
  for (const row of rows) {
    let byKey = grouped.get(first(row));
    if (!byKey) grouped.set(first(row), (byKey = new Map()));
    const series = byKey.get(second(row));
    if (series) series.push(row);
    else byKey.set(second(row), [row]);
  }
  return grouped;
}

/** Why sorted rows do not cover every day from `start` on (a later first row, a gap, a last row that ends), or undefined. */
export function coverageProblem(rows: readonly DatedRow[], start: string): string | undefined {
  const first = rows[0];
  if (!first) return 'no row';
  if (first.effective_from > start) return `nothing holds before ${first.effective_from}`;
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i]!;
    const next = rows[i + 1];
    if (row.effective_to === undefined) continue;
    if (!next) return `nothing holds after ${row.effective_to}`;
    if (next.effective_from !== dayAfter(row.effective_to)) return `nothing holds between ${row.effective_to} and ${next.effective_from}`;
  }
  return undefined;
}

/** The periods the rows cover, contiguous rows merged: "2016-06-01 to 2027-06-30", "2007-01-01 onwards". */
export function coveredPeriods(rows: readonly DatedRow[]): string[] {
  const periods: { from: string; to?: string }[] = [];
  rows.forEach((row, i) => {
    const next = rows[i + 1];
    const to = row.effective_to ?? (next ? dayBefore(next.effective_from) : undefined);
    const last = periods[periods.length - 1];
    if (last && last.to !== undefined && last.to === dayBefore(row.effective_from)) last.to = to;
    else periods.push({ from: row.effective_from, to });
  });
  return periods.map((period) => (period.to === undefined ? `${period.from} onwards` : `${period.from} to ${period.to}`));
}

/**
 * The row in force on a date, or the 422 naming the jurisdiction (named only then: the name costs a look-up) and the
 * dates Levy can answer for it. `undefined` only when there are no rows at all (a country without VAT: the caller
 * decides what that means).
 */
export function rowInForceOrThrow<T extends DatedRow>(rows: readonly T[], date: string, jurisdictionName: () => string): T | undefined {
  const found = rowOn(rows, date);
  const jurisdiction = found.kind === 'before_history' || found.kind === 'gap' ? jurisdictionName() : '';
  switch (found.kind) {
    case 'row':
      return found.row;
    case 'no_rows':
      return undefined;
    case 'before_history':
      throw new RateHistoryUnavailableError(
        `Levy's rate history for ${jurisdiction} starts on ${found.earliest}; 'date' ${date} is before it. ` +
          `Send a date on or after ${found.earliest} (Levy holds rates for ${coveredPeriods(rows).join(' and ')}).`,
      );
    case 'gap':
      throw new RateHistoryUnavailableError(
        `Levy holds no rate for ${jurisdiction} on ${date}: the rate it records ended on ${found.endedOn}` +
          (found.nextFrom ? ` and the next one starts on ${found.nextFrom}` : ' and no later rate is recorded') +
          `. Send a date Levy holds rates for: ${coveredPeriods(rows).join(' and ')}.`,
      );
  }
}

/** Why a list of dated rows is invalid (unsorted, duplicate start, end before start, overlap), or undefined. */
export function datedRowsProblem(rows: readonly DatedRow[]): string | undefined {
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i]!;
    const next = rows[i + 1];
    if (row.effective_to !== undefined && row.effective_to < row.effective_from) {
      return `the row from ${row.effective_from} ends (effective_to ${row.effective_to}) before it starts`;
    }
    if (next && next.effective_from <= row.effective_from) {
      return `rows must be sorted by effective_from without duplicates (${row.effective_from} then ${next.effective_from})`;
    }
    if (next && row.effective_to !== undefined && row.effective_to >= next.effective_from) {
      return `the row from ${row.effective_from} to ${row.effective_to} overlaps the row from ${next.effective_from}`;
    }
  }
  return undefined;
}
