/** Domain (pure, types): what every per-account record has, and the list and patch shapes of the API. */

export interface StoredRecord {
  id: string;
  created_at: string;
  updated_at: string;
}

/** One page of a list route: `{data, has_more}`, cursor-paginated by `starting_after`. */
export interface Page<T> {
  data: T[];
  has_more: boolean;
}

export interface PageRequest {
  limit: number;
  startingAfter?: string;
}

/** Fields of an update: a value sets it, null removes it, undefined leaves it. */
export type Patch<T> = { [K in keyof T]?: T[K] | null };
