/**
 * Domain (pure): the VAT rate a return line of a sale line reports (the OSS return asks for each rate apart): the
 * standard or the category's reduced rate the line's tax matches, else the tax's own ratio.
 */
import { taxForAmount } from '../money/money';
import { reducedVatRate, standardVatRate } from '../tax/rate-data';
import type { TransactionLine } from '../transactions/sale';
import type { RateType } from './return';

/** The rate of a VAT line in ppm and its type: the standard or the category's reduced rate the tax matches, else the tax's own ratio (0.1 %). */
export function vatRateOfLine(country: string, line: TransactionLine, date: string): { ppm: number; type: RateType } {
  const taxable = line.amount - (line.exempt_amount ?? 0);
  if (taxable === 0) return { ppm: 0, type: 'exempt' };
  if (line.tax_amount === 0) return { ppm: 0, type: 'zero' };
  let standard: number | undefined;
  let reduced: number | undefined;
  try {
    standard = standardVatRate(country, date)?.ppm;
    reduced = reducedVatRate(country, line.product_category, date)?.ppm;
  } catch {
    // A date outside the rate history: the tax's own ratio names the rate.
  }
  const matches = (ppm: number | undefined): ppm is number => ppm !== undefined && ppm > 0 && Math.abs(taxForAmount(taxable, ppm) - line.tax_amount) <= 1;
  const ppm = matches(reduced) ? reduced : matches(standard) ? standard : Math.round((line.tax_amount * 1_000_000) / taxable / 1000) * 1000;
  return { ppm, type: standard !== undefined && ppm < standard ? 'reduced' : 'standard' };
}
