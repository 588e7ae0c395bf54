// Domain (pure): integer money arithmetic in minor units, with rates as integer parts per million (ppm).
import { fieldError } from '../validation';

/** 1 = 1,000,000 ppm; 7.25 % = 72,500 ppm. */
const PPM_PER_UNIT = 1_000_000;

/** A line's amount is below 10^13 minor units (10^11 in major units). */
export const MAX_AMOUNT_MINOR = 10_000_000_000_000;

/**
 * A sale's lines add up to at most 10^15 minor units (in amounts, and in taxes a caller provides): a sale's subtotal,
 * tax and total then stay far below 2^53, so every sum is an exact JavaScript integer and a valid DynamoDB number.
 */
export const MAX_SALE_TOTAL_MINOR = 1_000_000_000_000_000;

function assertAmount(value: number, field: string): void {
  if (!Number.isSafeInteger(value) || value < 0 || value >= MAX_AMOUNT_MINOR) {
    throw fieldError(field, 'must be a non-negative integer below 10^13 (minor units)');
  }
}

function assertPpm(ratePpm: number): void {
  if (!Number.isSafeInteger(ratePpm) || ratePpm < 0) throw new RangeError(`rate ppm must be a non-negative integer, got ${ratePpm}`);
}

/** Half-up division of non-negative BigInts: floor((2n * numerator + denominator) / (2n * denominator)). */
function divideHalfUp(numerator: bigint, denominator: bigint): bigint {
  return (2n * numerator + denominator) / (2n * denominator);
}

/** Tax on a net amount at a rate, rounded half-up to the minor unit (BigInt inside: amount x ppm exceeds 2^53). */
export function taxForAmount(amountMinor: number, ratePpm: number): number {
  assertAmount(amountMinor, 'amount');
  assertPpm(ratePpm);
  return Number(divideHalfUp(BigInt(amountMinor) * BigInt(ratePpm), BigInt(PPM_PER_UNIT)));
}

/**
 * Splits a tax-inclusive gross amount into net and tax: tax = gross x rate / (1 + rate) rounded half-up,
 * net = gross - tax, so net + tax === gross always.
 */
export function splitInclusive(grossMinor: number, ratePpm: number): { net: number; tax: number } {
  assertAmount(grossMinor, 'amount');
  assertPpm(ratePpm);
  const tax = Number(divideHalfUp(BigInt(grossMinor) * BigInt(ratePpm), BigInt(PPM_PER_UNIT + ratePpm)));
  return { net: grossMinor - tax, tax };
}

/** total x part / whole rounded half-up (a partial refund's share of a line's tax); 0 when whole is 0. */
export function proportionalShare(total: number, part: number, whole: number): number {
  assertAmount(total, 'total');
  assertAmount(part, 'part');
  assertAmount(whole, 'whole');
  if (part > whole) throw new RangeError(`part (${part}) exceeds whole (${whole})`);
  if (whole === 0) return 0;
  return Number(divideHalfUp(BigInt(total) * BigInt(part), BigInt(whole)));
}

/**
 * Converts a percentage written in data ("7.25", 9.975) to ppm exactly; rejects values with more than four decimals
 * of a percent (finer than 1 ppm), which would signal a typo in a data file.
 */
export function percentToPpm(percent: number): number {
  const ppm = Math.round(percent * 10_000);
  if (!Number.isFinite(percent) || percent < 0 || Math.abs(ppm - percent * 10_000) > 1e-6) {
    throw new RangeError(`rate ${percent} % is not a whole number of ppm`);
  }
  return ppm;
}

/** Converts a decimal fraction with at most 6 decimals (0.0725) to ppm. */
export function fractionToPpm(fraction: number): number {
  const ppm = Math.round(fraction * PPM_PER_UNIT);
  if (!Number.isFinite(fraction) || fraction < 0 || Math.abs(ppm - fraction * PPM_PER_UNIT) > 1e-3) {
    throw new RangeError(`rate ${fraction} has more than 6 decimals`);
  }
  return ppm;
}

/** ppm -> decimal fraction, exact to 6 places (72,500 -> 0.0725): the division of an integer by 10^6 is correctly rounded. */
export function ppmToFraction(ppm: number): number {
  return ppm / PPM_PER_UNIT;
}

/** ppm -> percent, as forms and return line names write a rate (55,000 -> 5.5). */
export function ppmToPercent(ppm: number): number {
  return ppm / 10_000;
}

/** A ppm rate scaled by a whole-percent share (Texas taxes 80 % of a data-processing price), rounded half-up. */
export function scalePpm(ppm: number, sharePercent: number): number {
  return Number(divideHalfUp(BigInt(ppm) * BigInt(Math.round(sharePercent * 100)), 10_000n));
}

export interface ExemptSplit {
  /** The share taxed as if there were no certificate. */
  taxable: number;
  /** The share the certificate exempts. */
  exempt: number;
}

/**
 * Splits an amount (a line's amount, or a computed tax, in integer minor units) by an exempt percentage: the taxable
 * share is `amount * (100 - percentage) / 100` rounded half up (the project's rounding), the exempt share the rest,
 * so the two always add up to the amount. 50 % of 1,001 -> taxable 501, exempt 500; 100 % -> taxable 0. Here rather
 * than beside the certificate rule (src/domain/exemptions/applicable.ts re-exports it) so money code can use it
 * without loading the certificates.
 */
export function splitByExemptPercentage(amount: number, exemptPercentage: number): ExemptSplit {
  if (!Number.isSafeInteger(amount) || amount < 0) throw new RangeError(`amount must be a non-negative safe integer, got ${amount}`);
  if (!Number.isInteger(exemptPercentage) || exemptPercentage < 0 || exemptPercentage > 100) {
    throw new RangeError(`exemptPercentage must be an integer from 0 to 100, got ${exemptPercentage}`);
  }
  // amount < 2^53 and the factor <= 200, so BigInt keeps the product exact for any amount the API accepts.
  const taxable = Number((BigInt(amount) * BigInt(100 - exemptPercentage) * 2n + 100n) / 200n);
  return { taxable, exempt: amount - taxable };
}
