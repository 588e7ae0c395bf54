/**
 * Domain (pure): the usage report's query. `from` and `to` are inclusive UTC dates (YYYY-MM-DD);
 * either defaults to the current UTC month's bounds; a period over 366 days is refused.
 */
import { z } from 'zod';
import { ValidationError } from '../errors';

const isoDay = z.iso.date({ error: 'must be a date in the form YYYY-MM-DD' });

export const usageQuerySchema = z.strictObject({ from: isoDay.optional(), to: isoDay.optional() });

export type UsageQuery = z.output<typeof usageQuerySchema>;

const MAX_DAYS = 366;

export function usagePeriod(query: UsageQuery, now: Date): { from: string; to: string } {
  const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const monthEnd = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 0));
  const from = query.from ?? monthStart.toISOString().slice(0, 10);
  const to = query.to ?? monthEnd.toISOString().slice(0, 10);
  if (from > to) throw new ValidationError(`'from' (${from}) must not be after 'to' (${to}).`, 'from');
  const days = (Date.parse(to) - Date.parse(from)) / 86_400_000 + 1;
  if (days > MAX_DAYS) throw new ValidationError(`The period from ${from} to ${to} spans ${days} days; ask for at most ${MAX_DAYS}.`, 'to');
  return { from, to };
}
