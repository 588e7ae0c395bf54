/**
 * The records a return holds, listed a page at a time (docs/returns.md): kept apart from the computation because
 * it pages the ledger's by-date index instead of reading a period whole.
 */
import { found } from '../../domain/errors';
import type { Page } from '../../domain/records/record';
import { coveredLines, coveredRefundLines, refundRecord, saleRecord, type RegistrationScope } from '../../domain/returns/compute';
import type { ReturnRecord } from '../../domain/returns/return';
import type { Refund } from '../../domain/transactions/refund';
import type { Transaction } from '../../domain/transactions/sale';
import { parameterError } from '../../domain/validation';
import { primaryEntity } from '../entity-of-request';
import type { ReturnDeps } from './compute';
import { getReturn } from './queries';

/** One run of a return's records: one kind, dated in a range, recorded in a window, listed under a section. */
interface RecordSegment {
  kind: 'sale' | 'refund';
  range: { from: string; to: string };
  after?: string;
  upTo: string;
  section: Pick<ReturnRecord, 'section' | 'corrected_return_id'>;
}

const recordedIn = (segment: RecordSegment, recordedAt: string) => recordedAt <= segment.upTo && (segment.after === undefined || recordedAt > segment.after);

/**
 * Every sale and refund the return holds, a page at a time: its period's sales then refunds (by date), then each
 * correction's. The page reads the by-date index from the cursor on, only as far as it needs (docs/returns.md).
 */
export async function listReturnRecords(
  deps: ReturnDeps,
  accountId: string,
  id: string,
  page: { limit: number; starting_after?: string | undefined },
): Promise<Page<ReturnRecord>> {
  const taxReturn = await getReturn(deps, accountId, id);
  const registration = found(await deps.registrations.get(accountId, taxReturn.registration_id), 'registration', taxReturn.registration_id);
  const entityRegistrations = (await deps.registrations.listAll(accountId)).filter((r) => r.entity_id === registration.entity_id);
  const scope: RegistrationScope = { registration, entityRegistrations, primaryEntityId: (await primaryEntity(deps, accountId)).id };
  const segments: RecordSegment[] = [
    { from: taxReturn.period_start, to: taxReturn.period_end, after: undefined, section: { section: 'period' as const } },
    ...taxReturn.corrections.map((c) => ({
      from: c.period_start,
      to: c.period_end,
      after: c.recorded_after,
      section: { section: 'correction' as const, corrected_return_id: c.return_id },
    })),
  ].flatMap(({ from, to, after, section }) =>
    (['sale', 'refund'] as const).map((kind) => ({ kind, range: { from, to }, ...(after !== undefined ? { after } : {}), upTo: taxReturn.cutoff, section })),
  );

  // The cursor: the record it names, found in the segment whose range and window hold it.
  let first = 0;
  let cursor: { date: string; transactionId: string; refundId?: string } | undefined;
  if (page.starting_after !== undefined) {
    const [kind, transactionId, refundId] = page.starting_after.split(':');
    const record =
      kind === 'sale' && transactionId
        ? (await deps.ledger.get(accountId, transactionId))?.transaction
        : kind === 'refund' && transactionId && refundId
          ? (await deps.ledger.getRefund(accountId, transactionId, refundId))?.refund
          : undefined;
    const index =
      record === undefined
        ? -1
        : segments.findIndex((s) => s.kind === kind && record.date >= s.range.from && record.date <= s.range.to && recordedIn(s, record.created_at));
    if (record === undefined || index < 0) throw parameterError('starting_after', `is '${page.starting_after}', which is not a record of this return`);
    first = index;
    cursor = { date: record.date, transactionId: transactionId!, ...(refundId !== undefined ? { refundId } : {}) };
  }

  const sales = new Map<string, Transaction | undefined>();
  const saleOf = async (transactionId: string) => {
    if (!sales.has(transactionId)) sales.set(transactionId, (await deps.ledger.get(accountId, transactionId))?.transaction);
    return sales.get(transactionId);
  };
  const data: ReturnRecord[] = [];
  for (let i = first; i < segments.length; i++) {
    const segment = segments[i]!;
    const keep = async (record: Transaction | Refund): Promise<ReturnRecord | undefined> => {
      if (!recordedIn(segment, record.created_at)) return undefined;
      if (segment.kind === 'sale') {
        const covered = coveredLines(record as Transaction, scope);
        return covered.length > 0 ? saleRecord(record as Transaction, covered, segment.section) : undefined;
      }
      const refund = record as Refund;
      const sale = await saleOf(refund.transaction_id);
      const covered = sale ? coveredRefundLines(refund, sale, scope) : [];
      return covered.length > 0 ? refundRecord(refund, covered, segment.section) : undefined;
    };
    const result = await deps.ledger.pageDated(accountId, segment.kind, segment.range, i === first ? cursor : undefined, page.limit - data.length, keep);
    data.push(...result.kept);
    if (result.has_more) return { data, has_more: true };
  }
  return { data, has_more: false };
}
