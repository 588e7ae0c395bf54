/** Unit (pure): the exposure counters a sale or a refund changes (src/domain/exposure/deltas.ts). */
import fc from 'fast-check';
import { lineAttribution, refundExposureDeltas, saleExposureDeltas } from '../../../src/domain/exposure/deltas';
import type { LevelAmounts } from '../../../src/domain/money/levels';
import { buildCategorySale } from '../../support/sale-facts';
import { transactionRequestSchema } from '../../../src/domain/transactions/schema';
import { customerTreatment } from '../../../src/domain/tax/customer-treatment';

const levels = (country: number, state = 0, county = 0, additional = 0, special = 0): LevelAmounts => ({ country, state, county, additional, special });
const la = { country: 'US', country_name: 'United States', state: 'CA', state_name: 'California', county: 'Los Angeles County' };

/** A sale whose lines are as recorded before Levy stored sales amounts (no taxed/untaxed split): only its tax moves the counters. */
function sale(jurisdiction: typeof la | { country: string; country_name: string; state?: string }, breakdowns: LevelAmounts[], date = '2026-03-10') {
  const t = saleWithAmounts(jurisdiction, breakdowns, date);
  return { ...t, line_items: t.line_items.map(({ exempt_amount: _e, taxability_reason: _r, tax_code: _c, ...line }) => line) };
}

function saleWithAmounts(jurisdiction: typeof la | { country: string; country_name: string; state?: string }, breakdowns: LevelAmounts[], date = '2026-03-10') {
  const request = transactionRequestSchema.parse({
    id: 's1',
    date,
    currency: 'USD',
    customer_type: 'B2C',
    location: { country: jurisdiction.country },
    line_items: breakdowns.map((_, i) => ({ amount: 1_000 + i, product_category: 'PHYSICAL_GOODS', delivery_method: 'SHIPPED' })),
  });
  const taxes = breakdowns.map((b) => ({ tax_amount: Object.values(b).reduce((x, y) => x + y, 0), tax_source: 'computed' as const, tax_breakdown: b }));
  return buildCategorySale(request, customerTreatment({ type: 'B2C' }, jurisdiction.country, null), jurisdiction, taxes, 'now');
}

describe('lineAttribution', () => {
  it('names the state only with sub-national tax and a known state, the county only with county-or-below tax', () => {
    expect(lineAttribution({ tax_breakdown: levels(0, 60, 3, 7, 35) }, la)).toEqual({ state: 'CA', county: 'Los Angeles County' });
    expect(lineAttribution({ tax_breakdown: levels(0, 60) }, la)).toEqual({ state: 'CA' });
    expect(lineAttribution({ tax_breakdown: levels(0, 0, 0, 0, 5) }, la)).toEqual({ state: 'CA', county: 'Los Angeles County' });
    expect(lineAttribution({ tax_breakdown: levels(0) }, la)).toEqual({});
    expect(lineAttribution({ tax_breakdown: levels(190) }, { country: 'DE', country_name: 'Germany' })).toEqual({});
    // A region without a known name (DE has no modelled subdivisions) is never a jurisdiction entry.
    expect(lineAttribution({ tax_breakdown: levels(0, 5) }, { country: 'DE', country_name: 'Germany', state: 'BY' } as never)).toEqual({});
  });
});

describe('saleExposureDeltas', () => {
  it('aggregates all lines into at most country + state + county, per month and all time', () => {
    const lines = Array.from({ length: 1000 }, (_, i) => (i % 2 ? levels(0, 60, 3, 7, 35) : levels(0, 60)));
    const deltas = saleExposureDeltas(sale(la, lines));
    expect(deltas).toHaveLength(6);
    const find = (period: string, state?: string, county?: string) => deltas.find((d) => d.period === period && d.state === state && d.county === county);
    expect(find('2026-03')).toMatchObject({ currency: 'USD', country: 'US', tax: 500 * 60 + 500 * 105, sales: 1 });
    expect(find('all', 'CA')).toMatchObject({ tax: 500 * 60 + 500 * 105, sales: 1 });
    expect(find('2026-03', 'CA', 'Los Angeles County')).toMatchObject({ tax: 500 * 105, sales: 1 });
  });

  it('gives a German sale only country counters, and a tax-free sale a sale count with no tax', () => {
    expect(saleExposureDeltas(sale({ country: 'DE', country_name: 'Germany' }, [levels(190)])).map((d) => [d.period, d.state, d.tax, d.sales])).toEqual([
      ['2026-03', undefined, 190, 1],
      ['all', undefined, 190, 1],
    ]);
    expect(saleExposureDeltas(sale(la, [levels(0)])).map((d) => [d.state, d.tax, d.sales])).toEqual([
      [undefined, 0, 1],
      [undefined, 0, 1],
    ]);
  });
});

describe('refundExposureDeltas', () => {
  it('subtracts the refund tax in its own month from exactly the entries of the refunded lines, counting no sale', () => {
    const t = sale(la, [levels(0, 60, 3, 7, 35), levels(0, 60)]);
    const refund = {
      id: 'r',
      transaction_id: 's1',
      date: '2026-05-02',
      currency: 'USD',
      line_items: [
        { id: '1', amount: 10, tax_amount: 4 },
        { id: '2', amount: 5, tax_amount: 2 },
      ],
      subtotal: 15,
      tax_total: 6,
      total: 21,
      created_at: 'now',
    };
    const deltas = refundExposureDeltas(t, refund);
    expect(deltas.map((d) => [d.period, d.state ?? '', d.county ?? '', d.tax, d.sales]).sort()).toEqual([
      ['2026-05', '', '', -6, 0],
      ['2026-05', 'CA', '', -6, 0],
      ['2026-05', 'CA', 'Los Angeles County', -4, 0],
      ['all', '', '', -6, 0],
      ['all', 'CA', '', -6, 0],
      ['all', 'CA', 'Los Angeles County', -4, 0],
    ]);
    expect(refundExposureDeltas(t, { ...refund, line_items: [{ id: '2', amount: 1, tax_amount: 0 }] })).toEqual([]);
  });
});

describe('sales amounts', () => {
  const exemptLine = (t: ReturnType<typeof saleWithAmounts>, index: number, reason: 'RESALE' | 'NONPROFIT', exempt: number) => {
    const line = t.line_items[index]!;
    line.taxability_reason = 'customer_exempt';
    line.exemption = { id: 'exm_1', reason, certificate_number: 'C-1', exempt_percentage: 50 };
    line.exempt_amount = exempt;
  };

  it("attributes taxable and exempt (by reason) sales to the sale's country, state and county, whatever tax they bore", () => {
    const t = saleWithAmounts(la, [levels(0, 60), levels(0)]);
    exemptLine(t, 1, 'RESALE', 1_001); // the whole second line (amount 1,001) exempt by a resale certificate
    const deltas = saleExposureDeltas(t);
    const find = (period: string, state?: string, county?: string) => deltas.find((d) => d.period === period && d.state === state && d.county === county);
    expect(find('2026-03')).toMatchObject({ tax: 60, sales: 1, taxable_sales: 1_000, exempt_sales: { resale: 1_001 } });
    expect(find('all', 'CA')).toMatchObject({ tax: 60, sales: 1, taxable_sales: 1_000, exempt_sales: { resale: 1_001 } });
    // No tax was levied at county level: the county counts no sale and no tax, but holds the sales amounts.
    expect(find('2026-03', 'CA', 'Los Angeles County')).toEqual({
      period: '2026-03',
      currency: 'USD',
      country: 'US',
      state: 'CA',
      county: 'Los Angeles County',
      tax: 0,
      sales: 0,
      taxable_sales: 1_000,
      exempt_sales: { resale: 1_001 },
    });
  });

  it('refunds remove their exact share; any sequence of partial refunds nets every amount to zero', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 100_000 }),
        fc.integer({ min: 0, max: 100 }),
        fc.array(fc.integer({ min: 1, max: 1_000 }), { minLength: 1, maxLength: 6 }),
        (amount, pct, cuts) => {
          const t = saleWithAmounts(la, [levels(0, 60)]);
          const line = t.line_items[0]!;
          line.amount = amount;
          const exempt = amount - Math.floor((amount * (100 - pct) * 2 + 100) / 200);
          exemptLine(t, 0, 'NONPROFIT', exempt);
          const totals = new Map<string, number>();
          const apply = (ds: ReturnType<typeof saleExposureDeltas>) => {
            for (const d of ds) {
              const k = `${d.period}|${d.state ?? ''}|${d.county ?? ''}`;
              totals.set(`${k}|taxable`, (totals.get(`${k}|taxable`) ?? 0) + (d.taxable_sales ?? 0));
              totals.set(`${k}|exempt`, (totals.get(`${k}|exempt`) ?? 0) + (d.exempt_sales?.nonprofit ?? 0));
            }
          };
          const all = (field: string) => [...totals.entries()].filter(([k]) => k.startsWith('all||') && k.endsWith(field)).reduce((sum, [, v]) => sum + v, 0);
          apply(saleExposureDeltas(t));
          expect(all('taxable') + all('exempt')).toBe(amount);
          let refunded = 0;
          for (const cut of [...cuts, amount]) {
            const take = Math.min(cut, amount - refunded);
            if (take === 0) break;
            const refund = {
              id: `r${refunded}`,
              transaction_id: 's1',
              date: '2026-04-01',
              currency: 'USD',
              line_items: [{ id: '1', amount: take, tax_amount: 0 }],
              subtotal: take,
              tax_total: 0,
              total: take,
              created_at: 'now',
            };
            apply(refundExposureDeltas(t, refund, refunded > 0 ? { '1': { amount: refunded, tax_amount: 0 } } : {}));
            refunded += take;
            // Never more untaxed (or taxed) share refunded than the line had: the all-time totals stay non-negative.
            expect(all('exempt')).toBeGreaterThanOrEqual(0);
            expect(all('taxable')).toBeGreaterThanOrEqual(0);
          }
          // The all-time counters net to zero (the sale's month keeps the sale, the refunds' month the refunds).
          expect([...totals.entries()].filter(([k]) => k.startsWith('all|')).every(([, v]) => v === 0)).toBe(true);
        },
      ),
    );
  });
});
