/** Unit (pure): the unified cart calculation, with fast-check properties over random carts. */
import fc from 'fast-check';
import { calculateCart, calculateLine, type LineRate } from '../../../src/domain/cart/cart';
import { treatCustomer } from '../../support/customer-treatment';
import type { CartLine } from '../../../src/domain/cart/unify-request';
import { geoLocationLookups } from '../../../src/adapters/geo';
import { calculateTaxRateDetailed } from '../../../src/domain/tax/rate-engine';

const MAX = 10_000_000_000_000 - 1;

const ratePpm = fc.record({
  country: fc.integer({ min: 0, max: 270_000 }),
  state: fc.integer({ min: 0, max: 100_000 }),
  county: fc.integer({ min: 0, max: 50_000 }),
  additional: fc.integer({ min: 0, max: 50_000 }),
  special: fc.integer({ min: 0, max: 50_000 }),
});

const lineRate = ratePpm.map((p): LineRate => {
  const total = p.country + p.state + p.county + p.additional + p.special;
  return { ppm: p, totalPpm: total, result: {} as LineRate['result'] };
});

const cartLine = fc.record({
  amount: fc.integer({ min: 0, max: MAX }),
  tax_inclusive: fc.boolean(),
  rate: lineRate,
});

/** amount x rate, half-up, computed on the decimal rate as /v1/tax/rate returns it. */
const halfUp = (amount: number, rate: number) => {
  const ppm = BigInt(Math.round(rate * 1e6));
  return Number((BigInt(amount) * ppm * 2n + 1_000_000n) / 2_000_000n);
};

describe('unified cart', () => {
  it('adds up: line taxes sum to tax_total, total = subtotal + tax_total, breakdowns sum to their line, all integers', () => {
    fc.assert(
      fc.property(fc.array(cartLine, { minLength: 1, maxLength: 30 }), (lines) => {
        const cart = lines.map((l, i) => ({ id: String(i), amount: l.amount, tax_inclusive: l.tax_inclusive, quantity: 1 }) as unknown as CartLine);
        const totals = calculateCart(cart, (line) => lines[Number(line.id)].rate);
        expect(totals.tax_total).toBe(totals.line_items.reduce((s, l) => s + l.tax_amount, 0));
        expect(totals.subtotal).toBe(totals.line_items.reduce((s, l) => s + l.net_amount, 0));
        expect(totals.total).toBe(totals.subtotal + totals.tax_total);
        for (const line of totals.line_items) {
          const parts = Object.values(line.breakdown).map((b) => b.amount);
          expect(parts.reduce((s, a) => s + a, 0)).toBe(line.tax_amount);
          for (const n of [line.tax_amount, line.net_amount, line.taxable_amount, ...parts]) expect(Number.isSafeInteger(n) && n >= 0).toBe(true);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('splits a tax-inclusive line exactly: net + tax = amount, and the tax is the net at the rate within one unit', () => {
    fc.assert(
      fc.property(cartLine, ({ amount, rate }) => {
        const line = calculateLine({ id: '1', amount, tax_inclusive: true }, rate);
        expect(line.net_amount + line.tax_amount).toBe(amount);
        const expected = (BigInt(line.net_amount) * BigInt(rate.totalPpm)) / 1_000_000n;
        expect(Math.abs(line.tax_amount - Number(expected))).toBeLessThanOrEqual(1);
      }),
      { numRuns: 500 },
    );
  });

  it('taxes one exclusive line at rate x amount, half-up, with the rate /v1/tax/rate gives', () => {
    const places = [
      { country: 'DE' },
      { country: 'FR' },
      { country: 'HU' },
      { country: 'GB' },
      { country: 'JP' },
      { country: 'CA', state: 'QC' },
      { country: 'CA', state: 'ON' },
      { country: 'US', state: 'NY' },
      { country: 'US', state: 'TX' },
    ];
    const categories = [
      ['SAAS', 'CLOUD'],
      ['DIGITAL_GOODS', 'DOWNLOAD'],
      ['PHYSICAL_GOODS', 'SHIPPED'],
      ['EBOOKS', 'DOWNLOAD'],
    ] as const;
    fc.assert(
      fc.property(
        fc.constantFrom(...places),
        fc.constantFrom(...categories),
        fc.constantFrom('B2C', 'B2B', 'GOVERNMENT'),
        fc.integer({ min: 0, max: MAX }),
        (location, [product_category, delivery_method], customer_type, amount) => {
          const calc = calculateTaxRateDetailed(
            { product_category, delivery_method, customer_type: customer_type as 'B2C', location, date: '2026-11-01' },
            { seller: { country: 'DE' }, usLocal: null, lookups: geoLocationLookups },
          );
          const line = calculateLine({ id: '1', amount, tax_inclusive: false }, calc);
          expect(line.tax_amount).toBe(halfUp(amount, calc.result.total_rate));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('taxes B2B as B2C unless its tax ID validates, and says why', () => {
    expect(treatCustomer({ type: 'B2B', exempt: false }, 'FR')).toMatchObject({ applied_type: 'B2C', reason: 'tax_id_missing' });
    expect(treatCustomer({ type: 'B2B', tax_id: 'FR00000000000', exempt: false }, 'FR')).toMatchObject({ applied_type: 'B2C', reason: 'tax_id_invalid' });
    expect(treatCustomer({ type: 'B2B', tax_id: 'FR40303265045', exempt: false }, 'FR')).toMatchObject({ applied_type: 'B2B', tax_id: { valid: true } });
    expect(treatCustomer({ type: 'B2B', tax_id: '303265045', exempt: false }, 'FR').applied_type).toBe('B2C');
    expect(treatCustomer({ type: 'B2C', exempt: true }, 'FR')).toMatchObject({ applied_type: 'B2C', exempt: true, reason: 'customer_exempt' });
  });
});

describe('a partly exempt line', () => {
  // A 10 % rate as the engine gives it (all at country level); the exemption certificate exempts 50 %.
  const tenPercent: LineRate = {
    result: { total_rate: 0.1 } as LineRate['result'],
    ppm: { country: 100_000, state: 0, county: 0, additional: 0, special: 0 },
    totalPpm: 100_000,
  };

  it('shares the net price: tax-inclusive 1,000 is 952 net and 48 tax, as a tax-exclusive 952 is charged', () => {
    // 952 + 10 % x (952 x 50 %) = 952 + 47.6 -> 48 = 1,000 (half-up, as every tax in Levy).
    const inclusive = calculateLine({ id: '1', amount: 1_000, tax_inclusive: true }, tenPercent, 50);
    expect(inclusive).toMatchObject({ net_amount: 952, taxable_amount: 476, exempt_amount: 476, tax_amount: 48 });
    const exclusive = calculateLine({ id: '1', amount: 952, tax_inclusive: false }, tenPercent, 50);
    expect(exclusive).toMatchObject({ net_amount: 952, taxable_amount: 476, exempt_amount: 476, tax_amount: 48 });
  });

  it('agrees between tax-inclusive and tax-exclusive lines on every net from 1 to 3,000 (within the one unit of rounding)', () => {
    for (let gross = 1; gross <= 3_000; gross++) {
      const inclusive = calculateLine({ id: '1', amount: gross, tax_inclusive: true }, tenPercent, 50);
      const exclusive = calculateLine({ id: '1', amount: inclusive.net_amount, tax_inclusive: false }, tenPercent, 50);
      expect(inclusive.net_amount + inclusive.tax_amount).toBe(gross);
      expect(Math.abs(exclusive.tax_amount - inclusive.tax_amount)).toBeLessThanOrEqual(1);
      expect(inclusive.taxable_amount + inclusive.exempt_amount).toBe(inclusive.net_amount);
    }
  });
});
