/**
 * Domain (pure): amounts in minor units (ISO 4217's digits per currency: JPY 0, USD 2, KWD 3), as every amount of the
 * API is stated, and their decimal text for the documents people read (a return's CSV, an invoice's PDF).
 */
import currencyCodes from 'currency-codes';

/** Minor-unit digits of a currency (JPY 0, USD 2, KWD 3); 2 when ISO 4217 gives none. */
export const minorDigits = (currency: string): number => currencyCodes.code(currency)?.digits ?? 2;

/** Integer minor units as a decimal string (1234 EUR -> "12.34", 1000 JPY -> "1000", 1234 KWD -> "1.234"; sign kept). */
export function decimal(minor: number, currency: string): string {
  const digits = minorDigits(currency);
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(minor);
  if (digits === 0) return `${sign}${abs}`;
  const text = String(abs).padStart(digits + 1, '0');
  return `${sign}${text.slice(0, -digits)}.${text.slice(-digits)}`;
}
