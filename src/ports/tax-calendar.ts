/**
 * Port (implemented by src/adapters/dynamodb/registration-store.ts for the feed token; the returns store implements
 * FiledReturnSource, src/adapters/dynamodb/return-store.ts): what the tax calendar reads besides registrations.
 */
import type { FiledReturnRef } from '../domain/filing/obligations';

/** The account's returns, by registration and period: the calendar marks a period `filed` and names its return_id. */
export interface FiledReturnSource {
  /** Every return of the account (draft, finalized or filed) with its registration, period and whether it was filed. */
  returnsOf(accountId: string): Promise<FiledReturnRef[]>;
}

/** The hash of the account's one calendar feed token. */
export interface CalendarFeedTokenStore {
  /** Replaces the account's token hash (creating it the first time). */
  putFeedTokenHash(accountId: string, hash: string, createdAt: string): Promise<void>;
  feedTokenHash(accountId: string): Promise<string | undefined>;
}
