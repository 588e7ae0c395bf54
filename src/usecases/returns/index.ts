/**
 * Use case: tax returns (docs/returns.md). A return is computed from the ledger (the sales and refunds dated
 * in its period and recorded at or before its cutoff, plus the late records of earlier finalized periods), then
 * adjusted by hand, finalized (recomputed and locked), and marked filed. Split by concern: computation
 * (compute.ts), reads (queries.ts), record listing (records.ts) and changes (changes.ts); importers use this index.
 */
export type { ReturnDeps } from './compute';
export { getReturn, listReturns } from './queries';
export { listReturnRecords } from './records';
export { addAdjustment, createReturn, finalizeReturn, markReturnFiled } from './changes';
