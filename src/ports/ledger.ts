/**
 * Port (implemented by src/adapters/dynamodb/ledger.ts): the record of sales and refunds. A write lands together with
 * the exposure counters it moves, all or nothing, so the exposure report is exact right after a 201.
 */
import type { ExposureDelta } from '../domain/exposure/deltas';
import type { NexusDelta } from '../domain/nexus/counters';
import type { Page } from '../domain/records/record';
import type { ReturnDeltas } from '../domain/returns/counters';
import type { Refund, RefundedSoFar, RefundProgress } from '../domain/transactions/refund';
import type { Transaction } from '../domain/transactions/sale';
import type { Creation } from './records';

export interface StoredSale {
  transaction: Transaction;
  /** The content of the request that recorded it (safe-retry rule). */
  fingerprint: string;
  refunded: RefundedSoFar;
  /** How many lines its refunds hold together; absent on a sale recorded before Levy counted them (its refunds tell). */
  refundLines?: number;
  /** Moves by one with each refund: a refund computed from an older version is stale. */
  version: number;
}

export interface StoredRefund {
  refund: Refund;
  fingerprint: string;
}

export interface SaleListRequest {
  limit: number;
  startingAfter?: string;
  /** YYYY-MM-DD, inclusive: with either, the sales in range by date then id; without, by id. */
  from?: string;
  to?: string;
}

/**
 * A sale's write: `exists` is a sale of this id recorded from other content, `replayed` the same sale recorded already
 * (its fingerprint: a resend, a concurrent retry), `record` as stored; `counter_limit`: an exposure total would pass
 * 2^53 - 1 minor units; `missing_customer`: the sale names a customer (`customer_id`) that no longer exists.
 */
export type SaleRecording = Creation<Transaction> | { outcome: 'counter_limit' } | { outcome: 'missing_customer' };

/** A refund's write: as a sale's; `stale`: the sale was refunded since the version the allocation read. */
export type RefundRecording = Creation<Refund> | { outcome: 'stale' };

export interface SaleLedger {
  get(accountId: string, id: string): Promise<StoredSale | undefined>;
  /** A page of sales; an unknown `startingAfter` is a 400 naming it. */
  list(accountId: string, request: SaleListRequest): Promise<Page<Transaction>>;
  /**
   * The sale, its counters and the customer's transaction count (a customer named by a sale cannot be deleted) land
   * together, or nothing does (every outcome but `created`).
   */
  record(
    accountId: string,
    sale: Transaction,
    fingerprint: string,
    exposure: readonly ExposureDelta[],
    nexus?: readonly NexusDelta[],
    /** The return counters it adds to (src/domain/returns/counters.ts), in the same write. */
    returns?: ReturnDeltas,
  ): Promise<SaleRecording>;
}

export interface RefundLedger {
  get(accountId: string, transactionId: string, refundId: string): Promise<StoredRefund | undefined>;
  listFor(accountId: string, transactionId: string): Promise<Refund[]>;
  /** The refund, the sale's refunds so far (as of `expectedVersion`) and its counters land together, or nothing does. */
  record(
    accountId: string,
    refund: Refund,
    fingerprint: string,
    after: RefundProgress,
    expectedVersion: number,
    exposure: readonly ExposureDelta[],
    /** The nexus counters the refund lowers, in the same write. */
    nexus?: readonly NexusDelta[],
    /** The return counters it adds to (as refunds), in the same write. */
    returns?: ReturnDeltas,
  ): Promise<RefundRecording>;
}
