/**
 * Domain (pure): the VAT summary of a document, one row per rate (Directive 2006/112/EC Art. 226 (8)-(10)): the
 * taxable amount and the VAT of every line at that rate, highest rate first. The finalized invoice and the credit
 * note PDF both sum their lines this way.
 */

export interface RateTotal {
  rate: number;
  taxable: number;
  tax: number;
}

/** Sums each line's taxable amount and tax under its rate; rows come highest rate first. */
export function totalsByRate<L>(lines: readonly L[], amountsOf: (line: L) => RateTotal): RateTotal[] {
  const byRate = new Map<number, RateTotal>();
  for (const line of lines) {
    const { rate, taxable, tax } = amountsOf(line);
    const row = byRate.get(rate) ?? { rate, taxable: 0, tax: 0 };
    row.taxable += taxable;
    row.tax += tax;
    byRate.set(rate, row);
  }
  return [...byRate.values()].sort((a, b) => b.rate - a.rate);
}
