/**
 * Use case: the tax calendar (docs/tax-calendar.md): the obligations of the account's registrations,
 * computed from their filing schedules (nothing stored) and marked filed from the account's returns; its iCalendar
 * feed's token (created or rotated; only the hash kept); and the obligations the feed serves for a token.
 */
import { addDays, daysBetween, utcDay } from '../domain/dates';
import { AppError, ValidationError } from '../domain/errors';
import {
  calendarRange,
  feedTokenAccount,
  feedTokenHash,
  feedTokenMatches,
  MAX_RANGE_DAYS,
  newFeedToken,
  rangeTooLong,
  type TaxCalendarQuery,
} from '../domain/filing/calendar-feed';
import { byDueDate, obligationInputs, registrationObligations, returnsByPeriod, type Obligation } from '../domain/filing/obligations';
import type { StoredRegistration } from '../domain/registrations/registration';
import type { RegistrationStore } from '../ports/registrations';
import type { CalendarFeedTokenStore, FiledReturnSource } from '../ports/tax-calendar';

export interface TaxCalendarDeps {
  registrations: Pick<RegistrationStore, 'listAll'>;
  filedReturns: FiledReturnSource;
}

/** The obligations of `registrations` due within the range, by due date. */
export function obligationsOf(
  registrations: readonly StoredRegistration[],
  returns: Parameters<typeof returnsByPeriod>[0],
  range: { from: string; to: string },
  today: string,
): Obligation[] {
  const made = returnsByPeriod(returns);
  return registrations.flatMap((r) => registrationObligations(obligationInputs(r, made, today), range)).sort(byDueDate);
}

/** Every obligation of the account due within the range. */
export async function accountObligations(deps: TaxCalendarDeps, accountId: string, range: { from: string; to: string }, today: string): Promise<Obligation[]> {
  const [registrations, returns] = await Promise.all([deps.registrations.listAll(accountId), deps.filedReturns.returnsOf(accountId)]);
  return obligationsOf(registrations, returns, range, today);
}

/** GET /v1/tax_calendar. */
export async function taxCalendar(
  deps: TaxCalendarDeps,
  accountId: string,
  query: TaxCalendarQuery,
  today = utcDay(),
): Promise<{ from: string; to: string; data: Obligation[] }> {
  const range = calendarRange(query, today);
  if (rangeTooLong(range))
    throw new ValidationError(`from: the range ${range.from} to ${range.to} is longer than ${MAX_RANGE_DAYS} days; ask for a shorter one`, 'from');
  const all = await accountObligations(deps, accountId, range, today);
  return { ...range, data: query.status === undefined ? all : all.filter((o) => o.status === query.status) };
}

/** POST /v1/tax_calendar/feed_token: a new token; the account's previous one stops working. */
export async function createFeedToken(
  deps: { feedTokens: CalendarFeedTokenStore },
  accountId: string,
  now = new Date(),
): Promise<{ token: string; path: string; created_at: string }> {
  const token = newFeedToken(accountId);
  const created_at = now.toISOString();
  await deps.feedTokens.putFeedTokenHash(accountId, feedTokenHash(token), created_at);
  return { token, path: `/v1/tax_calendar.ics?token=${token}`, created_at };
}

/** The feed serves obligations due from a year ago to two years ahead (calendar apps keep what they have seen). */
export const FEED_RANGE = { pastDays: 366, futureDays: 731 } as const;

/**
 * The most obligations one feed holds: an account with more in FEED_RANGE (about 28 monthly registrations) gets the
 * ones due nearest today. Rendering an event takes about a millisecond of a whole CPU (the `ics` package checks each),
 * so a feed must stay far below the ~14,000 events of Lambda's 6 MB to answer within the 10 s timeout on 512 MB
 * (docs/tax-calendar.md); a calendar app cannot page, and shows what is near.
 */
export const MAX_FEED_OBLIGATIONS = 1_000;

/** The `max` obligations due nearest `today` (ties: the earlier), by due date. */
export function nearestObligations(obligations: readonly Obligation[], today: string, max = MAX_FEED_OBLIGATIONS): Obligation[] {
  if (obligations.length <= max) return [...obligations];
  const byDistance = obligations.map((o) => ({ o, days: Math.abs(daysBetween(today, o.due_on)) }));
  byDistance.sort((a, b) => a.days - b.days || byDueDate(a.o, b.o));
  return byDistance
    .slice(0, max)
    .map(({ o }) => o)
    .sort(byDueDate);
}

/**
 * GET /v1/tax_calendar.ics: the account a valid token names and its obligations. A token that is malformed, unknown
 * or rotated away is a 404 (not 401: the URL is the credential, and an unknown URL is not found), the same for each.
 */
export async function feedObligations(
  deps: TaxCalendarDeps & { feedTokens: CalendarFeedTokenStore },
  token: string,
  today = utcDay(),
): Promise<{ accountId: string; obligations: Obligation[] }> {
  const accountId = feedTokenAccount(token);
  if (accountId === undefined || !feedTokenMatches(token, await deps.feedTokens.feedTokenHash(accountId))) {
    throw new AppError(
      404,
      'not_found',
      'No tax calendar feed has this token (it is unknown, or was replaced by a newer one: POST /v1/tax_calendar/feed_token).',
    );
  }
  const range = { from: addDays(today, -FEED_RANGE.pastDays), to: addDays(today, FEED_RANGE.futureDays) };
  return { accountId, obligations: nearestObligations(await accountObligations(deps, accountId, range, today), today) };
}
