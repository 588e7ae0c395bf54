/**
 * Test support: a return recomputed from the ledger (every sale and refund of its period read by date, kept by its
 * recording time), the reference the counter-built return is checked against. The same domain arithmetic
 * (computeSection), so what differs is only what was read: counters and late records against the whole ledger.
 */
import { returnDeps } from '../../src/composition/returns';
import { applyAdjustments, computeSection, type SectionRecords } from '../../src/domain/returns/compute';
import type { TaxReturn } from '../../src/domain/returns/return';
import type { Refund } from '../../src/domain/transactions/refund';
import type { Transaction } from '../../src/domain/transactions/sale';
import { baseJurisdiction, registrationScopeOf } from '../../src/usecases/returns/compute';

/** The records dated in [from, to] recorded in (after, upTo], read from the ledger's by-date index. */
async function ledgerRecords(accountId: string, from: string, to: string, after: string | undefined, upTo: string): Promise<SectionRecords> {
  const inWindow = (at: string) => at <= upTo && (after === undefined || at > after);
  const sales: Transaction[] = [];
  const refunds: Refund[] = [];
  await returnDeps.ledger.eachSaleDated(accountId, from, to, (s) => void (inWindow(s.created_at) && sales.push(s)));
  await returnDeps.ledger.eachRefundDated(accountId, from, to, (r) => void (inWindow(r.created_at) && refunds.push(r)));
  const known = new Map(
    (
      await returnDeps.ledger.salesByIds(
        accountId,
        refunds.map((r) => r.transaction_id),
      )
    ).map((s) => [s.id, s]),
  );
  return { sales, refunds: refunds.map((refund) => ({ refund, sale: known.get(refund.transaction_id)! })) };
}

const identity = (amount: number) => amount;

/** What `r` would hold recomputed from the ledger at its cutoff and correction windows (one currency: no conversion). */
export async function ledgerReturn(accountId: string, r: TaxReturn) {
  const registration = (await returnDeps.registrations.get(accountId, r.registration_id))!;
  const scope = await registrationScopeOf(returnDeps, accountId, registration);
  const period = computeSection(await ledgerRecords(accountId, r.period_start, r.period_end, undefined, r.cutoff), scope, identity, r.period_end);
  const corrections = [];
  let { sale_count, refund_count } = period;
  for (const c of r.corrections) {
    const section = computeSection(await ledgerRecords(accountId, c.period_start, c.period_end, c.recorded_after, r.cutoff), scope, identity, r.period_end);
    sale_count += section.sale_count;
    refund_count += section.refund_count;
    corrections.push({ ...c, lines: section.lines, totals: section.totals });
  }
  const lineFor = (jurisdiction: string) =>
    baseJurisdiction(registration, jurisdiction) ?? { jurisdiction, country: registration.country, level: 'country' as const };
  const adjusted = applyAdjustments(period.lines, period.totals, r.adjustments, corrections, lineFor);
  return { lines: adjusted.lines, totals: adjusted.totals, corrections, sale_count, refund_count };
}
