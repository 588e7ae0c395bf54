/** Domain (pure): what every per-account record has, and the list and patch shapes of the API (types and response schemas). */
import * as z from 'zod';

export interface StoredRecord {
  id: string;
  created_at: string;
  updated_at: string;
}

/** Set by Levy on every record (ISO 8601, UTC). */
export const timestampField = z.iso.datetime().meta({ description: 'A moment, ISO 8601 in UTC', example: '2026-01-15T09:30:00.000Z' });

/** One page of a list route: `{data, has_more}`, cursor-paginated by `starting_after`. */
export interface Page<T> {
  data: T[];
  has_more: boolean;
}

/** The response schema of a page of `item`s. */
export const pageSchema = <Item extends z.ZodType>(item: Item) =>
  z.object({
    data: z.array(item).meta({ description: 'The items of this page, in the order the route lists them' }),
    has_more: z.boolean().meta({
      description:
        "true when another page follows: ask again with `starting_after` set to the last id of this one (a page may hold fewer than `limit` items when more would pass 6 MB, Lambda's answer limit)",
    }),
  });

export interface PageRequest {
  limit: number;
  startingAfter?: string;
}

/** Fields of an update: a value sets it, null removes it, undefined leaves it. */
export type Patch<T> = { [K in keyof T]?: T[K] | null };
