// Unit tests (pure): integer money helpers in src/domain/money/money.ts, with fast-check properties.
import fc from 'fast-check';
import {
  MAX_AMOUNT_MINOR,
  fractionToPpm,
  percentToPpm,
  ppmToFraction,
  proportionalShare,
  scalePpm,
  splitInclusive,
  taxForAmount,
} from '../../../src/domain/money/money';

const amount = fc.integer({ min: 0, max: MAX_AMOUNT_MINOR - 1 });
const ratePpm = fc.integer({ min: 0, max: 1_000_000 });

/** Reference half-up rounding of a / b for non-negative BigInts, written differently from the code under test. */
function referenceHalfUp(numerator: bigint, denominator: bigint): bigint {
  const quotient = numerator / denominator;
  const remainder = numerator % denominator;
  return remainder * 2n >= denominator ? quotient + 1n : quotient;
}

describe('taxForAmount', () => {
  it('rounds half up at the minor unit', () => {
    expect(taxForAmount(100, 50_000)).toBe(5); // 5 %
    expect(taxForAmount(10, 50_000)).toBe(1); // 0.5 -> 1
    expect(taxForAmount(9, 50_000)).toBe(0); // 0.45 -> 0
    expect(taxForAmount(1999, 72_500)).toBe(145); // 144.9275 -> 145
    expect(taxForAmount(0, 190_000)).toBe(0);
  });

  it('is exact for amounts near 10^13 where floats would lose cents', () => {
    expect(taxForAmount(9_999_999_999_999, 72_500)).toBe(725_000_000_000); // 724,999,999,999.927 -> 725,000,000,000
    expect(taxForAmount(9_999_999_999_993, 72_500)).toBe(724_999_999_999); // 724,999,999,999.49... -> down
    expect(taxForAmount(9_999_999_999_999, 199_999)).toBe(1_999_990_000_000); // ...999.800001 -> up
  });

  it('matches a BigInt reference for any amount and rate', () => {
    fc.assert(
      fc.property(amount, ratePpm, (a, r) => {
        expect(taxForAmount(a, r)).toBe(Number(referenceHalfUp(BigInt(a) * BigInt(r), 1_000_000n)));
      }),
    );
  });

  it('rejects negative, fractional and too-large amounts', () => {
    expect(() => taxForAmount(-1, 1000)).toThrow(/amount/);
    expect(() => taxForAmount(1.5, 1000)).toThrow(/amount/);
    expect(() => taxForAmount(MAX_AMOUNT_MINOR, 1000)).toThrow(/10\^13/);
  });
});

describe('splitInclusive', () => {
  it('splits a gross amount so that net + tax is exactly the gross', () => {
    expect(splitInclusive(11_900, 190_000)).toEqual({ net: 10_000, tax: 1_900 });
    expect(splitInclusive(100, 200_000)).toEqual({ net: 83, tax: 17 }); // 16.67 -> 17
    fc.assert(
      fc.property(amount, ratePpm, (gross, r) => {
        const { net, tax } = splitInclusive(gross, r);
        expect(net + tax).toBe(gross);
        expect(net).toBeGreaterThanOrEqual(0);
        expect(tax).toBe(Number(referenceHalfUp(BigInt(gross) * BigInt(r), 1_000_000n + BigInt(r))));
      }),
    );
  });

  it('gives back a tax within one minor unit of what the net amount would be taxed', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e12 }), ratePpm, (gross, r) => {
        const { net, tax } = splitInclusive(gross, r);
        expect(Math.abs(taxForAmount(net, r) - tax)).toBeLessThanOrEqual(1);
      }),
    );
  });
});

describe('proportionalShare', () => {
  it('is half-up and stays within the total', () => {
    expect(proportionalShare(100, 1, 3)).toBe(33);
    expect(proportionalShare(100, 2, 3)).toBe(67);
    expect(proportionalShare(5, 1, 2)).toBe(3);
    expect(proportionalShare(7, 0, 0)).toBe(0);
    fc.assert(
      fc.property(amount, amount, amount, (total, x, y) => {
        const [part, whole] = x <= y ? [x, y] : [y, x];
        const share = proportionalShare(total, part, whole);
        expect(share).toBeGreaterThanOrEqual(0);
        expect(share).toBeLessThanOrEqual(total);
        if (whole > 0) expect(share).toBe(Number(referenceHalfUp(BigInt(total) * BigInt(part), BigInt(whole))));
        if (part === whole) expect(share).toBe(total);
      }),
    );
  });

  it('refuses a part larger than the whole', () => {
    expect(() => proportionalShare(10, 3, 2)).toThrow(RangeError);
  });
});

describe('rate conversions', () => {
  it('converts percent and fractions to ppm exactly and back to 6-place fractions', () => {
    expect(percentToPpm(7.25)).toBe(72_500);
    expect(percentToPpm(9.975)).toBe(99_750);
    expect(percentToPpm(25.5)).toBe(255_000);
    expect(fractionToPpm(0.105)).toBe(105_000);
    expect(ppmToFraction(72_500)).toBe(0.0725);
    expect(() => percentToPpm(7.123456)).toThrow(RangeError);
    fc.assert(
      fc.property(ratePpm, (ppm) => {
        expect(fractionToPpm(ppmToFraction(ppm))).toBe(ppm);
        expect(ppmToFraction(ppm).toFixed(6)).toBe((ppm / 1e6).toFixed(6));
      }),
    );
  });

  it('scales a rate by a share of the price (Texas 80 %)', () => {
    expect(scalePpm(62_500, 80)).toBe(50_000);
    expect(scalePpm(82_500, 80)).toBe(66_000);
    expect(scalePpm(12_345, 80)).toBe(9_876); // 9876.0
  });
});
