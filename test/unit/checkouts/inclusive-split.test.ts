/**
 * Unit (property): a payment link with tax-inclusive prices is carved out exactly. A link's checkout is quoted by
 * unify, whose inclusive split is calculateCart's (src/domain/cart/cart.ts): for any listed amounts and any level rates,
 * net + tax == listed on every line and in total, the levels add up to each line's tax, and the net is the listed
 * price over (1 + rate), half-up (docs/unify.md "Per line, half-up").
 */
import fc from 'fast-check';
import { calculateCart, type LineRate } from '../../../src/domain/cart/cart';
import type { CartLine } from '../../../src/domain/cart/unify-request';
import { newPaymentLink } from '../../../src/domain/checkouts/payment-link';
import { sumLevels, taxLevels, type LevelAmounts } from '../../../src/domain/money/levels';

/** A rate as the engine hands it to the cart: only its ppm levels are read by the split. */
const rateOf = (ppm: LevelAmounts): LineRate => ({ ppm, totalPpm: sumLevels(ppm), result: {} as LineRate['result'] });

const levelsArbitrary = fc.record(
  Object.fromEntries(taxLevels.map((level) => [level, fc.integer({ min: 0, max: 150_000 })])) as Record<keyof LevelAmounts, fc.Arbitrary<number>>,
);

describe('an inclusive-price payment link splits exactly', () => {
  it('net + tax == listed per line and in total, for any amounts and rates', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 10_000_000_000 }), { minLength: 1, maxLength: 20 }),
        fc.array(levelsArbitrary, { minLength: 1, maxLength: 5 }),
        (amounts, rates) => {
          const link = newPaymentLink(
            {
              currency: 'EUR',
              tax_behavior: 'inclusive',
              line_items: amounts.map((amount, i) => ({
                id: `l${i}`,
                amount,
                quantity: 1,
                product_category: 'SAAS',
                delivery_method: 'CLOUD',
                tax_inclusive: false,
              })),
            },
            new Date(),
          );
          const lines = link.line_items as CartLine[];
          expect(lines.every((line) => line.tax_inclusive)).toBe(true);
          const cart = calculateCart(lines, (_, i) => rateOf(rates[i % rates.length]!));
          cart.line_items.forEach((line, i) => {
            expect(line.net_amount + line.tax_amount).toBe(amounts[i]);
            expect(taxLevels.reduce((sum, level) => sum + line.breakdown[level].amount, 0)).toBe(line.tax_amount);
            const totalPpm = sumLevels(rates[i % rates.length]!);
            // net = listed / (1 + rate), rounded half-up: within half a minor unit of the exact quotient.
            expect(Math.abs(line.net_amount - (amounts[i]! * 1_000_000) / (1_000_000 + totalPpm))).toBeLessThanOrEqual(0.5);
          });
          expect(cart.subtotal + cart.tax_total).toBe(amounts.reduce((a, b) => a + b, 0));
          expect(cart.total).toBe(amounts.reduce((a, b) => a + b, 0));
        },
      ),
      { numRuns: 500 },
    );
  });
});
