/** Unit (pure): the exposure counters a sale or a refund changes (src/domain/exposure/deltas.ts). */
import { lineAttribution, refundExposureDeltas, saleExposureDeltas } from '../../../src/domain/exposure/deltas';
import type { LevelAmounts } from '../../../src/domain/money/levels';
import { buildCategorySale } from '../../support/sale-facts';
import { transactionRequestSchema } from '../../../src/domain/transactions/schema';
import { customerTreatment } from '../../../src/domain/tax/customer-treatment';

const levels = (country: number, state = 0, county = 0, additional = 0, special = 0): LevelAmounts => ({ country, state, county, additional, special });
const la = { country: 'US', country_name: 'United States', state: 'CA', state_name: 'California', county: 'Los Angeles County' };

function sale(jurisdiction: typeof la | { country: string; country_name: string; state?: string }, breakdowns: LevelAmounts[], date = '2026-03-10') {
  const request = transactionRequestSchema.parse({
    id: 's1', date, currency: 'USD', customer_type: 'B2C', location: { country: jurisdiction.country },
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
    expect(saleExposureDeltas(sale(la, [levels(0)])).map((d) => [d.state, d.tax, d.sales])).toEqual([[undefined, 0, 1], [undefined, 0, 1]]);
  });
});

describe('refundExposureDeltas', () => {
  it('subtracts the refund tax in its own month from exactly the entries of the refunded lines, counting no sale', () => {
    const t = sale(la, [levels(0, 60, 3, 7, 35), levels(0, 60)]);
    const refund = { id: 'r', transaction_id: 's1', date: '2026-05-02', currency: 'USD', line_items: [{ id: '1', amount: 10, tax_amount: 4 }, { id: '2', amount: 5, tax_amount: 2 }], subtotal: 15, tax_total: 6, total: 21, created_at: 'now' };
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
