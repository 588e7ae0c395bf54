/**
 * Use case: record a full or partial refund of a recorded sale (POST /v1/transactions/{id}/refunds).
 *
 *   read the sale (404 if absent) -> same refund id stored? (same content: it; other: 409 refund_exists)
 *   -> allocate (records/transaction.ts: proportional tax half-up, the last refund of a line takes what is left)
 *   -> ONE TransactWriteItems: the refund's conditional put + the sale's refunded-so-far (conditional on the
 *      version the allocation read) + ADD of minus its tax on the sale's exposure counters
 *
 * A concurrent refund of the same sale moves the version: the loser re-reads and allocates again, so two refunds
 * can never both take the same remaining amount.
 */
import { ConflictError, NotFoundError } from '../errors';
import { refundExposureDeltas } from '../exposure/deltas';
import { allocateRefund, refundFingerprint, type Refund, type RefundRequest } from '../records/transaction';
import { exposureStore } from '../store/exposure-store';
import { transactionStore } from '../store/transaction-store';
import { cancellationCodes, transactWrite } from '../store/transact';

const MAX_ATTEMPTS = 5;

export interface RecordedRefund {
  /** false: the same refund id with the same content was already recorded; nothing was written. */
  created: boolean;
  refund: Refund;
}

async function existingOrConflict(accountId: string, transactionId: string, request: RefundRequest, fingerprint: string) {
  const stored = await transactionStore.getRefund(accountId, transactionId, request.id);
  if (!stored) return undefined;
  if (stored.fingerprint !== fingerprint) {
    throw new ConflictError('refund_exists', `Refund '${request.id}' of transaction '${transactionId}' was already recorded with different content. Use a new refund id.`);
  }
  return { created: false, refund: stored.refund };
}

export async function recordRefund(accountId: string, transactionId: string, request: RefundRequest, now = new Date()): Promise<RecordedRefund> {
  const fingerprint = refundFingerprint(request);
  for (let attempt = 1; ; attempt++) {
    const stored = await transactionStore.get(accountId, transactionId);
    if (!stored) throw new NotFoundError('transaction', transactionId);
    const earlier = await existingOrConflict(accountId, transactionId, request, fingerprint);
    if (earlier) return earlier;

    const { refund, refunded } = allocateRefund(stored.transaction, stored.refunded, request, now.toISOString());
    try {
      const items = [
        ...transactionStore.refundItems(accountId, refund, fingerprint, refunded, stored.version),
        ...exposureStore.addItems(accountId, refundExposureDeltas(stored.transaction, refund)),
      ];
      await transactWrite(items);
      return { created: true, refund };
    } catch (error) {
      const codes = cancellationCodes(error);
      const lostRace = codes?.[0] === 'ConditionalCheckFailed' || codes?.[1] === 'ConditionalCheckFailed';
      if (!lostRace) throw error;
      if (attempt >= MAX_ATTEMPTS) {
        throw new ConflictError('refund_in_progress', `Transaction '${transactionId}' is being refunded concurrently. Retry the request.`);
      }
    }
  }
}
