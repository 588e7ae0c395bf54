/**
 * Use case: record a full or partial refund of a recorded sale (POST /v1/transactions/{id}/refunds).
 *
 *   read the sale (404 if absent) -> same refund id stored? (same content: it; other: 409 refund_exists)
 *   -> allocate, within the lines a sale's refunds may hold together (409 too_many_refunds) (src/domain/transactions/refund.ts: proportional tax half-up, the last refund of a line takes what is
 *      left) -> the refund ledger writes the refund, the sale's refunded-so-far (as of the version the allocation
 *      read), minus its tax on the sale's exposure counters, minus its amounts on the selling entity's nexus
 *      counters, and its refund figures on the return counters, at once
 *
 * A concurrent refund of the same sale makes the write `stale`: the loser re-reads and allocates again, so two
 * refunds can never both take the same remaining amount.
 */
import { ConflictError, found } from '../domain/errors';
import { refundExposureDeltas } from '../domain/exposure/deltas';
import { refundNexusDeltas } from '../domain/nexus/counters';
import { refundReturnDeltas } from '../domain/returns/counters';
import { refundFingerprint } from '../domain/transactions/fingerprint';
import { allocateRefund, checkRefundLines, type Refund } from '../domain/transactions/refund';
import type { RefundRequest } from '../domain/transactions/schema';
import type { Ports } from '../ports/ports';
import { primaryEntity } from './entity-of-request';

/** `entities`: a sale that named no entity was made by the primary one, whose nexus counters the refund lowers. */
export type RecordRefundDeps = Pick<Ports, 'sales' | 'refunds'> & { entities: Pick<Ports['entities'], 'primary'> };

const MAX_ATTEMPTS = 5;

export interface RecordedRefund {
  /** false: the same refund id with the same content was already recorded; nothing was written. */
  created: boolean;
  refund: Refund;
}

const refundConflict = (transactionId: string, id: string) =>
  new ConflictError('refund_exists', `Refund '${id}' of transaction '${transactionId}' was already recorded with different content. Use a new refund id.`);

async function existingOrConflict(deps: RecordRefundDeps, accountId: string, transactionId: string, request: RefundRequest, fingerprint: string) {
  const stored = await deps.refunds.get(accountId, transactionId, request.id);
  if (!stored) return undefined;
  if (stored.fingerprint !== fingerprint) throw refundConflict(transactionId, request.id);
  return { created: false, refund: stored.refund };
}

export async function recordRefund(
  deps: RecordRefundDeps,
  accountId: string,
  transactionId: string,
  request: RefundRequest,
  now = new Date(),
): Promise<RecordedRefund> {
  const fingerprint = refundFingerprint(request);
  // Read once, and only for a sale that named no entity, however many rounds the loop takes.
  let primary: Promise<string> | undefined;
  const primaryId = () => (primary ??= primaryEntity(deps, accountId).then((e) => e.id));
  for (let attempt = 1; ; attempt++) {
    const stored = found(await deps.sales.get(accountId, transactionId), 'transaction', transactionId);
    const earlier = await existingOrConflict(deps, accountId, transactionId, request, fingerprint);
    if (earlier) return earlier;

    const { refund, refunded } = allocateRefund(stored.transaction, stored.refunded, request, now.toISOString());
    const linesBefore = stored.refundLines ?? (await deps.refunds.listFor(accountId, transactionId)).reduce((n, r) => n + r.line_items.length, 0);
    checkRefundLines(transactionId, linesBefore, refund);
    const exposure = refundExposureDeltas(stored.transaction, refund, stored.refunded);
    const sellerId = stored.transaction.entity_id ?? (await primaryId());
    const nexus = refundNexusDeltas(stored.transaction, refund, stored.refunded, sellerId);
    const returns = refundReturnDeltas(refund, stored.transaction);
    const after = { refunded, refundLines: linesBefore + refund.line_items.length };
    const recorded = await deps.refunds.record(accountId, refund, fingerprint, after, stored.version, exposure, nexus, returns);
    // `replayed`: the same refund is recorded (a concurrent retry, or this write sent again after its answer was lost).
    if (recorded.outcome === 'created' || recorded.outcome === 'replayed') return { created: recorded.outcome === 'created', refund: recorded.record };
    if (recorded.outcome === 'exists') throw refundConflict(transactionId, request.id);
    // `stale`: another refund of the sale moved first; the next round allocates again.
    if (attempt >= MAX_ATTEMPTS) {
      throw new ConflictError('refund_in_progress', `Transaction '${transactionId}' is being refunded concurrently. Retry the request.`);
    }
  }
}
