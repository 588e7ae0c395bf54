/**
 * Domain (pure): months, `from`/`to` periods and the query of every list route.
 */
import * as z from 'zod';
import { requiredOr } from '../validation';

/** A month YYYY-MM. */
const monthMessage = 'must be a month in the form YYYY-MM';
export const monthField = z.string({ error: requiredOr(monthMessage) }).regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: monthMessage });

/** A `from`/`to` query (dates or months, both optional) whose `from` is not after its `to`. */
export const periodInOrder = (q: { from?: string; to?: string }): boolean => q.from === undefined || q.to === undefined || q.from <= q.to;
export const periodOrderError = { error: "must not be after 'to'", path: ['from'] };

// Lists

const limitMessage = 'must be a whole number from 1 to 100';
/** Query of every list route: `limit` 1-100 (default 10), `starting_after` an id from a previous page. */
export const listQuerySchema = z.strictObject({
  limit: z.coerce.number({ error: limitMessage }).int({ error: limitMessage }).min(1, { error: limitMessage }).max(100, { error: limitMessage }).default(10),
  starting_after: z.string().min(1, { error: 'must be a record id' }).max(100, { error: 'must be a record id' }).optional(),
});
