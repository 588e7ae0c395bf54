/**
 * Domain (pure): the period a usage report covers. `from` and `to` are inclusive UTC dates (YYYY-MM-DD); either
 * defaults to the current UTC month's bounds; a period over 366 days is refused.
 */
import * as z from 'zod';
import { dateField } from '../fields';
import { parameterError } from '../validation';

export const usageQuerySchema = z.strictObject({ from: dateField.optional(), to: dateField.optional() });

export type UsageQuery = z.output<typeof usageQuerySchema>;

const MAX_DAYS = 366;

export function usagePeriod(query: UsageQuery, now: Date): { from: string; to: string } {
  const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const monthEnd = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 0));
  const from = query.from ?? monthStart.toISOString().slice(0, 10);
  const to = query.to ?? monthEnd.toISOString().slice(0, 10);
  if (from > to) throw parameterError('from', `(${from}) must not be after 'to' (${to})`);
  const days = (Date.parse(to) - Date.parse(from)) / 86_400_000 + 1;
  if (days > MAX_DAYS) throw parameterError('to', `makes the period from ${from} to ${to} span ${days} days; ask for at most ${MAX_DAYS}`);
  return { from, to };
}
