/**
 * Domain (pure): the cart-level "unified" calculation of POST /v1/tax/unify.
 *
 * - Each line is taxed at its own rate (one rate per category + delivery; the engine's five levels in ppm).
 * - Tax-exclusive line: tax = amount x rate, half-up. Tax-inclusive line: the amount is split into
 *   net + tax with net + tax === amount exactly (money.splitInclusive).
 * - A line's tax is split over the levels in proportion of their rates (largest remainder), so the
 *   breakdown always adds up to the line's tax.
 * - Totals are sums of lines: subtotal = sum of net amounts, total = subtotal + tax_total.
 * - A line a certificate exempts in part (exempt_percentage p): the line's amount is split exactly into an exempt
 *   share (p %, no tax) and a taxable share (splitByExemptPercentage, half-up), and only the taxable share is taxed
 *   (for a tax-inclusive line the taxable share of the gross is split into net + tax).
 */
import { levelAmounts, splitByWeights, zeroRate, type LevelAmounts, type TaxLevel } from '../money/levels';
import { ppmToFraction, scalePpm, splitByExemptPercentage, splitInclusive, taxForAmount } from '../money/money';
import { taxedShares } from '../sales/line-taxability';
import type { TaxRateCalculation } from '../tax/rate-types';
import type { CartLine } from './unify-request';

export interface LevelBreakdown {
  rate: number;
  amount: number;
}

export interface CartLineResult {
  id: string;
  /** The line total as sent (gross for a tax-inclusive line). */
  amount: number;
  tax_inclusive: boolean;
  /** The line's amount without tax: the amount, or for a tax-inclusive line amount - tax. */
  net_amount: number;
  /** The part of the net amount tax was charged on: 0 when not taxable, exempt or reverse charged. */
  taxable_amount: number;
  /** The rest of the net amount (net_amount - taxable_amount): the share no tax was charged on. */
  exempt_amount: number;
  tax_amount: number;
  breakdown: Record<TaxLevel, LevelBreakdown>;
}

export interface CartTotals {
  line_items: CartLineResult[];
  subtotal: number;
  tax_total: number;
  total: number;
}

/** The rate a line is taxed at: the engine's public result and its integer levels. */
export type LineRate = Pick<TaxRateCalculation, 'result' | 'ppm' | 'totalPpm'>;

export function calculateLine(line: Pick<CartLine, 'id' | 'amount' | 'tax_inclusive'>, rate: LineRate, exemptPercentage = 0): CartLineResult {
  // The rate's levels in ppm are the weights of the split.
  const weights: LevelAmounts = rate.ppm;
  // The exemption shares the net price. A tax-exclusive amount is the net; a tax-inclusive one holds the tax of the
  // net's taxable share, so it is split at the rate scaled to that share (10 % on a 50 % exempt line: 1,000 gross is
  // 952 net and 48 tax, the tax a transaction of 952 net is charged).
  const net = line.tax_inclusive ? splitInclusive(line.amount, scalePpm(rate.totalPpm, 100 - exemptPercentage)).net : line.amount;
  const share = splitByExemptPercentage(net, exemptPercentage);
  const tax = line.tax_inclusive ? line.amount - net : taxForAmount(share.taxable, rate.totalPpm);
  const split = splitByWeights(tax, weights);
  return {
    id: line.id,
    amount: line.amount,
    tax_inclusive: line.tax_inclusive,
    net_amount: net,
    ...taxedShares(net, exemptPercentage, rate.totalPpm > 0),
    tax_amount: tax,
    breakdown: levelAmounts<LevelBreakdown>((level) => ({ rate: ppmToFraction(weights[level]), amount: split[level] })),
  };
}

/** Every line at the rate `rateOf` gives it; totals are sums of the lines. */
export function calculateCart(lines: readonly CartLine[], rateOf: (line: CartLine, index: number) => LineRate & { exemptPercentage?: number }): CartTotals {
  const line_items = lines.map((line, index) => {
    const rate = rateOf(line, index);
    return calculateLine(line, rate, rate.exemptPercentage);
  });
  const subtotal = line_items.reduce((sum, l) => sum + l.net_amount, 0);
  const tax_total = line_items.reduce((sum, l) => sum + l.tax_amount, 0);
  return { line_items, subtotal, tax_total, total: subtotal + tax_total };
}

/** An exempt customer pays nothing on any line: the rate's parts are zeroed and flagged. */
export function exemptRate(rate: LineRate): LineRate {
  const { resultFields, ppm, totalPpm } = zeroRate();
  return { result: { ...rate.result, exempt: true, reverse_charge_applicable: false, ...resultFields }, ppm, totalPpm };
}
