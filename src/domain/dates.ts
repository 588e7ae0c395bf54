/**
 * Domain (pure): UTC calendar days as ISO strings (YYYY-MM-DD), the one place their arithmetic is written.
 */
const DAY_MS = 86_400_000;
const midnight = (day: string): number => Date.parse(`${day}T00:00:00Z`);

/** The UTC calendar day of an instant. */
export const utcDay = (at: Date = new Date()): string => at.toISOString().slice(0, 10);

/** The day `days` after (or before, when negative) `day`. */
export const addDays = (day: string, days: number): string => utcDay(new Date(midnight(day) + days * DAY_MS));

/** Days from `from` to `to`. */
export const daysBetween = (from: string, to: string): number => Math.round((midnight(to) - midnight(from)) / DAY_MS);

/** The last day of a month (YYYY-MM). */
export const lastDayOfMonth = (month: string): string => utcDay(new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 0)));
