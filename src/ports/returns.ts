/**
 * Port (implemented by src/adapters/dynamodb/return-store.ts and transaction-store.ts): tax returns and the
 * ledger reads a return is computed from.
 */
import type { Page, PageRequest } from '../domain/records/record';
import type { ReturnDeltas } from '../domain/returns/counters';
import type { ReturnSummary, TaxReturn } from '../domain/returns/return';
import type { Refund } from '../domain/transactions/refund';
import type { Transaction } from '../domain/transactions/sale';
import type { FiledReturnSource } from './tax-calendar';

/** The tax calendar reads the account's returns through the same store (`returnsOf`: registration, period, filed). */
export interface ReturnStore extends FiledReturnSource {
  get(accountId: string, id: string): Promise<TaxReturn | undefined>;
  /** A page of the account's returns in creation order, after `startingAfter` (a return's id), of that registration and status when given. */
  page(accountId: string, page: PageRequest, filter: { registrationId?: string | undefined; status?: string | undefined }): Promise<Page<TaxReturn>>;
  /** The registration's returns, without their lines (which periods are locked, and when). */
  summaries(accountId: string, registrationId: string): Promise<ReturnSummary[]>;
  /**
   * Puts a new return with its period's uniqueness item and its `return.created` event, all or nothing; `exists`:
   * the registration already has a return for that period (nothing written).
   */
  create(accountId: string, taxReturn: TaxReturn): Promise<'created' | { exists: string }>;
  /**
   * Replaces a return, conditional on its `updated_at` still being `seen`, with an event when one is named; false:
   * it changed meanwhile (nothing written).
   */
  replace(accountId: string, taxReturn: TaxReturn, seen: string, event?: 'return.finalized' | 'return.filed'): Promise<boolean>;
}

/** The ledger as a return reads it: by date, whole periods, consistently. */
export interface ReturnLedger {
  eachSaleDated(accountId: string, from: string, to: string, each: (sale: Transaction) => void): Promise<void>;
  eachRefundDated(accountId: string, from: string, to: string, each: (refund: Refund) => void): Promise<void>;
  salesByIds(accountId: string, ids: readonly string[]): Promise<Transaction[]>;
  /**
   * Up to `limit` records dated in the range, after the one `after` names, in date order, that `keep` keeps (turns into
   * a value); `has_more`: another would be kept. Reads only as far as the page needs.
   */
  pageDated<T>(
    accountId: string,
    kind: 'sale' | 'refund',
    range: { from: string; to: string },
    after: { date: string; transactionId: string; refundId?: string } | undefined,
    limit: number,
    keep: (record: Transaction | Refund) => Promise<T | undefined>,
  ): Promise<{ kept: T[]; has_more: boolean }>;
  get(accountId: string, id: string): Promise<{ transaction: Transaction } | undefined>;
  getRefund(accountId: string, transactionId: string, refundId: string): Promise<{ refund: Refund } | undefined>;
}

/** A record by the instant it was recorded (the ReturnCounters table's `t#` items). */
export interface RecordingEntry {
  kind: 'sale' | 'refund';
  transaction_id: string;
  refund_id?: string;
  /** The record's date (YYYY-MM-DD). */
  date: string;
  recorded_at: string;
}

/** The return counters (src/adapters/dynamodb/return-counter-store.ts): what a return sums, and the records by recording time. */
export interface ReturnCounterStore {
  /** The counters and counts of the days `from` to `to` (inclusive), every cover. */
  counters(accountId: string, from: string, to: string): Promise<ReturnDeltas>;
  /** The records dated in these months (YYYY-MM) recorded after `after` (exclusive; undefined: any) and at most `upTo` (undefined: any). */
  recorded(accountId: string, months: readonly string[], after: string | undefined, upTo: string | undefined): Promise<RecordingEntry[]>;
}
