/**
 * Unit, property-based (fast-check, seeded): a return's arithmetic and its corrections rule
 * (docs/returns.md), on random ledgers, without a database.
 *
 * - computeSection: the totals equal a recomputation from the records it lists; the jurisdiction lines' taxes add up
 *   to the totals' (each sale line's tax_breakdown is split over the US levels exactly); gross = taxable + exempt.
 * - correctionWindows: with returns finalized in any order and records recorded at any time, every late record lands
 *   in exactly one later return's corrections (the first one locked after it was recorded), never in an earlier period's.
 */
import fc from 'fast-check';
import { computeSection, coveredLines, coveredRefundLines, refundRecord, saleRecord, type RegistrationScope } from '../../../src/domain/returns/compute';
import { correctionWindows } from '../../../src/domain/returns/corrections';
import type { ReturnSummary } from '../../../src/domain/returns/return';
import type { StoredRegistration } from '../../../src/domain/registrations/registration';
import type { Refund } from '../../../src/domain/transactions/refund';
import type { Transaction } from '../../../src/domain/transactions/sale';

const registration: StoredRegistration = {
  id: 'reg_ca',
  entity_id: 'ent_primary',
  country: 'US',
  state: 'CA',
  type: 'SALES_TAX',
  active_from: '2020-01-01',
  created_at: '2020-01-01T00:00:00.000Z',
  updated_at: '2020-01-01T00:00:00.000Z',
};
const scope: RegistrationScope = { registration, entityRegistrations: [registration], primaryEntityId: 'ent_primary' };
const identity = (amount: number) => amount;

const lineArb = fc.record({
  amount: fc.integer({ min: 0, max: 5_000_000 }),
  state: fc.integer({ min: 0, max: 400_000 }),
  county: fc.integer({ min: 0, max: 50_000 }),
  additional: fc.integer({ min: 0, max: 50_000 }),
  special: fc.integer({ min: 0, max: 50_000 }),
  exemptShare: fc.integer({ min: 0, max: 100 }),
  refundShare: fc.integer({ min: 0, max: 100 }),
});
const saleArb = fc.record({
  state: fc.constantFrom('CA', 'CA', 'TX'),
  county: fc.constantFrom('LOS ANGELES', 'ORANGE', undefined),
  lines: fc.array(lineArb, { minLength: 1, maxLength: 4 }),
});

type SaleSpec = typeof saleArb extends fc.Arbitrary<infer T> ? T : never;

function ledger(specs: SaleSpec[]): { sales: Transaction[]; refunds: { refund: Refund; sale: Transaction }[] } {
  const sales: Transaction[] = specs.map((spec, s) => {
    const line_items = spec.lines.map((l, i) => {
      const tax = l.state + l.county + l.additional + l.special;
      const exempt = Math.floor((l.amount * l.exemptShare) / 100);
      return {
        id: `l${i}`,
        amount: l.amount,
        quantity: 1,
        product_category: 'PHYSICAL_GOODS' as const,
        delivery_method: 'SHIPPED' as const,
        tax_amount: tax,
        tax_source: 'provided' as const,
        tax_breakdown: { country: 0, state: l.state, county: l.county, additional: l.additional, special: l.special },
        taxability_reason: exempt > 0 ? ('customer_exempt' as const) : ('taxable' as const),
        tax_code: 'levy_physical_goods',
        ...(exempt > 0 ? { exempt_amount: exempt } : {}),
      };
    });
    const subtotal = line_items.reduce((sum, l) => sum + l.amount, 0);
    const tax_total = line_items.reduce((sum, l) => sum + l.tax_amount, 0);
    return {
      id: `s${s}`,
      date: '2026-05-01',
      currency: 'USD',
      customer_type: 'B2C',
      location: { country: 'US', state: spec.state },
      jurisdiction: {
        country: 'US',
        country_name: 'United States',
        state: spec.state,
        state_name: spec.state,
        ...(spec.county ? { county: spec.county, city: 'SOME CITY' } : {}),
      },
      line_items,
      subtotal,
      tax_total,
      total: subtotal + tax_total,
      created_at: '2026-05-01T00:00:00.000Z',
    } as Transaction;
  });
  const refunds = sales.flatMap((sale, s) => {
    const lines = specs[s]!.lines.flatMap((l, i) => {
      const amount = Math.floor((l.amount * l.refundShare) / 100);
      const line = sale.line_items[i]!;
      return amount > 0 ? [{ id: line.id, amount, tax_amount: Math.floor((line.tax_amount * l.refundShare) / 100) }] : [];
    });
    if (lines.length === 0) return [];
    const subtotal = lines.reduce((sum, l) => sum + l.amount, 0);
    const tax_total = lines.reduce((sum, l) => sum + l.tax_amount, 0);
    const refund: Refund = {
      id: `r${s}`,
      transaction_id: sale.id,
      date: '2026-05-02',
      currency: 'USD',
      line_items: lines,
      subtotal,
      tax_total,
      total: subtotal + tax_total,
      created_at: '2026-05-02T00:00:00.000Z',
    };
    return [{ refund, sale }];
  });
  return { sales, refunds };
}

describe('returns: properties of the arithmetic (random ledgers)', () => {
  it("totals equal a recomputation from the records the return lists; the lines' taxes add up to the totals'", () => {
    fc.assert(
      fc.property(fc.array(saleArb, { maxLength: 12 }), (specs) => {
        const records = ledger(specs);
        const { lines, totals, sale_count, refund_count } = computeSection(records, scope, identity, '2026-06-30');
        const period = { section: 'period' as const };
        const sales = records.sales.flatMap((sale) => {
          const covered = coveredLines(sale, scope);
          return covered.length > 0 ? [saleRecord(sale, covered, period)] : [];
        });
        const refunds = records.refunds.flatMap(({ refund, sale }) => {
          const covered = coveredRefundLines(refund, sale, scope);
          return covered.length > 0 ? [refundRecord(refund, covered, period)] : [];
        });
        expect([sale_count, refund_count]).toEqual([sales.length, refunds.length]);
        // Only the CA sales are the CA registration's.
        expect(sales.map((r) => r.transaction_id).sort()).toEqual(
          records.sales
            .filter((s) => s.jurisdiction.state === 'CA')
            .map((s) => s.id)
            .sort(),
        );
        expect(totals.gross_sales).toBe(sales.reduce((s, r) => s + r.amount, 0));
        expect(totals.tax_charged).toBe(sales.reduce((s, r) => s + r.tax_amount, 0));
        expect(totals.refunded_sales).toBe(refunds.reduce((s, r) => s + r.amount, 0));
        expect(totals.refunds).toBe(refunds.reduce((s, r) => s + r.tax_amount, 0));
        expect(totals.net_tax_due).toBe(totals.tax_charged - totals.refunds);
        expect(totals.gross_sales).toBe(totals.taxable_sales + totals.exempt_sales);
        expect(Object.values(totals.exempt_sales_by_reason).reduce((s, v) => s + v, 0)).toBe(totals.exempt_sales);
        expect(lines.reduce((s, l) => s + l.tax_charged, 0)).toBe(totals.tax_charged);
        expect(lines.reduce((s, l) => s + l.refunds, 0)).toBe(totals.refunds);
        // The state line reports every CA sale line once.
        expect(lines.find((l) => l.level === 'state')?.gross_sales ?? 0).toBe(totals.gross_sales);
      }),
      { seed: 15_2026, numRuns: 300 },
    );
  });
});

describe('returns: properties of corrections (random finalize orders and late records)', () => {
  // Eight quarters of one registration; each is finalized at some step (or never), records are recorded at steps.
  const quarters = Array.from({ length: 8 }, (_, q) => {
    const year = 2025 + Math.floor(q / 4);
    const month = (q % 4) * 3 + 1;
    const start = `${year}-${String(month).padStart(2, '0')}-01`;
    const end = `${year}-${String(month + 2).padStart(2, '0')}-${month + 2 === 3 || month + 2 === 12 ? 31 : 30}`;
    return { id: `ret_q${q}`, start, end };
  });
  const at = (step: number) => new Date(Date.UTC(2027, 0, 1) + step * 60_000).toISOString();

  it('each record recorded after its period was locked lands in exactly one later return: the first locked after it', () => {
    fc.assert(
      fc.property(
        // Distinct lock steps per quarter (or none), and records (quarter, recording step).
        fc
          .array(fc.option(fc.integer({ min: 1, max: 60 }), { nil: undefined }), { minLength: 8, maxLength: 8 })
          .filter((steps) => new Set(steps.filter((s) => s !== undefined)).size === steps.filter((s) => s !== undefined).length),
        fc.array(fc.record({ quarter: fc.integer({ min: 0, max: 7 }), step: fc.integer({ min: 0, max: 61 }) }), { maxLength: 30 }),
        (lockSteps, records) => {
          const summaries: ReturnSummary[] = quarters.flatMap((q, i) => {
            const step = lockSteps[i];
            return step === undefined
              ? []
              : [
                  {
                    id: q.id,
                    registration_id: 'reg_x',
                    period_start: q.start,
                    period_end: q.end,
                    status: 'finalized' as const,
                    cutoff: at(step),
                    finalized_at: at(step),
                    created_at: at(0),
                  },
                ];
          });
          const locked = new Map(summaries.map((s) => [s.id, s]));
          for (const record of records) {
            const own = locked.get(quarters[record.quarter]!.id);
            const recordedAt = at(record.step);
            // Recorded at or before its period's lock (or the period never locked): in its own return, not late.
            if (!own || recordedAt <= own.cutoff) continue;
            // Where the rule puts it: each finalized return computes its windows at its own lock, with the returns locked before.
            const holders = summaries.filter((target) => {
              const earlier = summaries.filter((s) => s.cutoff < target.cutoff);
              return correctionWindows({ id: target.id, period_start: target.period_start, period_end: target.period_end }, target.cutoff, earlier).some(
                (w) => w.corrected.id === own.id && recordedAt > w.recorded_after && recordedAt <= target.cutoff,
              );
            });
            // The expected holder: the first return of a later period locked at or after the record was recorded.
            const expected = summaries
              .filter((s) => s.period_start > own.period_end && s.cutoff >= recordedAt)
              .sort((a, b) => a.cutoff.localeCompare(b.cutoff))[0];
            expect(holders.map((h) => h.id)).toEqual(expected ? [expected.id] : []);
          }
        },
      ),
      { seed: 15_2026, numRuns: 300 },
    );
  });
});

describe('returns: the three-year limit of corrections (Implementing Regulation (EU) No 282/2011 Art. 61)', () => {
  const locked = (id: string, start: string, end: string): ReturnSummary => ({
    id,
    registration_id: 'reg_x',
    period_start: start,
    period_end: end,
    status: 'finalized',
    cutoff: '2026-01-01T00:00:00.000Z',
    finalized_at: '2026-01-01T00:00:00.000Z',
    created_at: '2025-01-01T00:00:00.000Z',
  });
  // 2025-Q1 of an OSS registration is due 2025-04-30 (the last day of the month after the quarter: Directive 2006/112/EC Art. 369f).
  const q1 = locked('ret_q1', '2025-01-01', '2025-03-31');
  const due = () => '2025-04-30';
  const windowsOf = (start: string, end: string) =>
    correctionWindows({ id: 'ret_t', period_start: start, period_end: end }, '2030-01-01T00:00:00.000Z', [q1], due).map((w) => w.corrected.id);

  it('corrects in a return whose period ends within three years of the original due date, not after', () => {
    expect(windowsOf('2028-04-01', '2028-04-30')).toEqual(['ret_q1']);
    expect(windowsOf('2028-04-01', '2028-06-30')).toEqual([]);
    // Never in a return of the same or an earlier period.
    expect(windowsOf('2025-01-01', '2025-03-31')).toEqual([]);
  });
});
