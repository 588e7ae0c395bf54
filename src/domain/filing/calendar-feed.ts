/**
 * Domain (pure): the tax calendar's requests and its iCalendar feed token (docs/tax-calendar.md).
 *
 * The feed token is what a calendar app keeps in the feed's URL (it cannot send a bearer key): `lcal_`, the account id
 * (base64url, so the feed finds the account's item without an index), a dot, and 32 random bytes (base64url). Only its
 * SHA-256 is stored; creating a new one replaces the stored hash, so the previous token stops working at once.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import * as z from 'zod';
import { decodeBase64UrlText, encodeBase64Url } from '../base64url';
import { addDays, daysBetween } from '../dates';
import { hashApiKey } from '../accounts/api-key';
import { periodInOrder, periodOrderError } from '../fields/periods';
import { dateField, oneOf } from '../fields/sale';
import { timestampField } from '../records/record';
import { obligationSchema, obligationStatuses } from './obligations';

/** Without `from`/`to`: the last 90 days (overdue returns stay in view) to a year ahead. */
export const DEFAULT_PAST_DAYS = 90;
export const DEFAULT_FUTURE_DAYS = 365;
/** A range longer than this is refused: 3 years of monthly periods per registration is the most one answer holds. */
export const MAX_RANGE_DAYS = 3 * 366;

export const taxCalendarQuerySchema = z
  .strictObject({
    from: dateField.optional().meta({ description: `First due date listed (inclusive); default ${DEFAULT_PAST_DAYS} days ago` }),
    to: dateField.optional().meta({ description: `Last due date listed (inclusive); default ${DEFAULT_FUTURE_DAYS} days ahead` }),
    status: z.enum(obligationStatuses, { error: oneOf(obligationStatuses) }).optional(),
  })
  .refine(periodInOrder, periodOrderError);
export type TaxCalendarQuery = z.output<typeof taxCalendarQuerySchema>;

/** The range a query asks for: given bounds kept; a missing one DEFAULT_PAST_DAYS + DEFAULT_FUTURE_DAYS from the other; neither: around today. */
export function calendarRange(query: Pick<TaxCalendarQuery, 'from' | 'to'>, today: string): { from: string; to: string } {
  const span = DEFAULT_PAST_DAYS + DEFAULT_FUTURE_DAYS;
  if (query.from !== undefined) return { from: query.from, to: query.to ?? addDays(query.from, span) };
  if (query.to !== undefined) return { from: addDays(query.to, -span), to: query.to };
  return { from: addDays(today, -DEFAULT_PAST_DAYS), to: addDays(today, DEFAULT_FUTURE_DAYS) };
}

export const rangeTooLong = (range: { from: string; to: string }): boolean => daysBetween(range.from, range.to) > MAX_RANGE_DAYS;

export const taxCalendarSchema = z
  .object({
    from: z.iso.date(),
    to: z.iso.date(),
    data: z.array(obligationSchema).meta({ description: 'The obligations due within [from, to], by due date' }),
  })
  .meta({ id: 'TaxCalendar' });

export const feedTokenSchema = z
  .object({
    token: z.string().meta({ description: 'Shown once: only its hash is kept. Creating another makes this one stop working.' }),
    path: z
      .string()
      .meta({ description: "The feed's path and query under the API's base URL (/v1/tax_calendar.ics?token=...), for a calendar app's subscription" }),
    created_at: timestampField,
  })
  .meta({ id: 'TaxCalendarFeedToken' });

const PREFIX = 'lcal_';

/** Kept as an API key is: only its SHA-256 hash. */
export const feedTokenHash = hashApiKey;

/** A new token of the account: its id, then 32 random bytes (`secret`: given only by the sample fixtures, to be stable). */
export function newFeedToken(accountId: string, secret: Buffer = randomBytes(32)): string {
  return `${PREFIX}${encodeBase64Url(accountId)}.${encodeBase64Url(secret)}`;
}

/**
 * The account a token names, or undefined when it is not a feed token's shape (its account part decoded strictly; the
 * secret part is checked whole, by the stored hash of the token's text).
 */
export function feedTokenAccount(token: string): string | undefined {
  const match = /^lcal_([A-Za-z0-9_-]{1,200})\.[A-Za-z0-9_-]{43}$/.exec(token);
  return (match?.[1] && decodeBase64UrlText(match[1])) || undefined;
}

/** Whether the token's hash is the stored one (compared in constant time). */
export function feedTokenMatches(token: string, storedHash: string | undefined): boolean {
  if (storedHash === undefined) return false;
  const a = Buffer.from(feedTokenHash(token), 'hex');
  const b = Buffer.from(storedHash, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}

export const feedTokenQuerySchema = z.strictObject({
  token: z
    .string({ error: 'is required: the feed token of POST /v1/tax_calendar/feed_token' })
    .min(1, { error: 'must not be empty' })
    .max(400, { error: 'must be at most 400 characters' }),
});
