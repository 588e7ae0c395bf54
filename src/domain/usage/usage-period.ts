/**
 * Domain (pure): the period a usage report covers, and the report's schema. `from` and `to` are inclusive UTC dates (YYYY-MM-DD); either
 * defaults to the current UTC month's bounds; a period over 366 days is refused.
 */
import * as z from 'zod';
import { dateField } from '../fields/sale';
import { parameterError } from '../validation';

export const usageQuerySchema = z.strictObject({ from: dateField.optional(), to: dateField.optional() });

export type UsageQuery = z.output<typeof usageQuerySchema>;

/** One metered counter: billable calls of one endpoint on one UTC day. */
export const usageRowSchema = z.object({
  date: z.string().meta({ description: 'The UTC day (YYYY-MM-DD)', example: '2026-01-15' }),
  endpoint: z.string().meta({ description: 'Method and route', example: 'POST /v1/tax/rate' }),
  count: z.number().int().min(0).meta({ description: 'Billable calls that day' }),
});

/** The answer of GET /v1/usage (the OpenAPI document's `UsageReport`). */
export const usageReportSchema = z
  .object({ data: z.array(usageRowSchema).meta({ description: 'One row per endpoint and day' }) })
  .meta({ id: 'UsageReport', example: { data: [{ date: '2026-01-15', endpoint: 'POST /v1/tax/rate', count: 42 }] } });

export type UsageRow = z.output<typeof usageRowSchema>;
export type UsageReport = z.output<typeof usageReportSchema>;

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
