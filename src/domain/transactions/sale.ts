/**
 * Domain (pure): a recorded sale. Each line's tax: the per-level rates in ppm -> the line's tax, half-up, split over
 * the levels so the level amounts always add up to the line's tax (largest remainder, splitByWeights).
 */
import type { CustomerTreatment } from '../tax/customer-treatment';
import type { Jurisdiction } from '../tax/rate-types';
import type { CustomerType, DeliveryMethod, GovernmentLevel, ProductCategory } from '../tax/vocabulary';
import type { LocationInput } from '../fields';
import { levelsAddUpTo, splitByWeights, sumLevels, type LevelAmounts, type TaxLevel } from '../money/levels';
import { taxForAmount } from '../money/money';
import type { TransactionRequest } from './schema';

export interface TransactionLine {
  id: string;
  amount: number;
  quantity: number;
  product_category: ProductCategory;
  delivery_method: DeliveryMethod;
  tax_amount: number;
  /** `provided`: the caller's tax_amount; `computed`: Levy's engine (or unify, which uses the same engine). */
  tax_source: 'computed' | 'provided';
  /** The line's tax by jurisdiction level; the levels add up to tax_amount exactly. */
  tax_breakdown: LevelAmounts;
}

export interface Transaction {
  id: string;
  date: string;
  currency: string;
  customer_type: CustomerType;
  government_level?: GovernmentLevel;
  customer_tax_id?: string;
  /**
   * Who the sale was taxed as (customer_type is the declared type): a refund reuses this sale's tax, so its treatment.
   * Absent only on sales recorded before Levy stored it.
   */
  customer?: CustomerTreatment;
  entity_id?: string;
  location: LocationInput;
  jurisdiction: Jurisdiction;
  line_items: TransactionLine[];
  subtotal: number;
  tax_total: number;
  total: number;
  created_at: string;
}

/** A line's tax: how much, who computed it, and its split over the levels. */
export type LineTax = Pick<TransactionLine, 'tax_amount' | 'tax_source' | 'tax_breakdown'>;

/**
 * One line's tax. Computed: tax = amount x (sum of the level rates), half-up, then split over the levels in
 * proportion of their rates. Provided by the caller: the given tax is split the same way; where the engine's rates
 * are all 0 (not taxable in its view), it goes to the state level when the sale is in a known state, else the country.
 */
export function lineTax(
  amount: number,
  ratesPpm: LevelAmounts,
  providedTax: number | undefined,
  jurisdiction: Jurisdiction,
): LineTax {
  const fallback: TaxLevel = jurisdiction.state && jurisdiction.state_name ? 'state' : 'country';
  if (providedTax !== undefined) {
    return { tax_amount: providedTax, tax_source: 'provided', tax_breakdown: splitByWeights(providedTax, ratesPpm, fallback) };
  }
  const tax = taxForAmount(amount, sumLevels(ratesPpm));
  return { tax_amount: tax, tax_source: 'computed', tax_breakdown: splitByWeights(tax, ratesPpm, fallback) };
}

/** Checks a precomputed line (unify's commit): non-negative integer levels that add up to its tax. */
export function checkBreakdown(lineId: string, taxAmount: number, breakdown: LevelAmounts): void {
  if (!levelsAddUpTo(breakdown, taxAmount)) {
    throw new RangeError(`line ${lineId}: tax_breakdown must be non-negative integers adding up to tax_amount ${taxAmount}`);
  }
}

/** Assembles the stored transaction from the request and each line's tax. */
export function buildTransaction(
  request: TransactionRequest,
  customer: CustomerTreatment,
  jurisdiction: Jurisdiction,
  taxes: readonly LineTax[],
  createdAt: string,
): Transaction {
  const line_items: TransactionLine[] = request.line_items.map((line, index) => ({
    id: line.id,
    amount: line.amount,
    quantity: line.quantity,
    product_category: line.product_category,
    delivery_method: line.delivery_method,
    ...taxes[index],
  }));
  const subtotal = line_items.reduce((sum, l) => sum + l.amount, 0);
  const tax_total = line_items.reduce((sum, l) => sum + l.tax_amount, 0);
  return {
    id: request.id,
    date: request.date,
    currency: request.currency,
    customer_type: request.customer_type,
    ...(request.government_level !== undefined ? { government_level: request.government_level } : {}),
    ...(request.customer_tax_id !== undefined ? { customer_tax_id: request.customer_tax_id } : {}),
    customer,
    ...(request.entity_id !== undefined ? { entity_id: request.entity_id } : {}),
    location: request.location,
    jurisdiction,
    line_items,
    subtotal,
    tax_total,
    total: subtotal + tax_total,
    created_at: createdAt,
  };
}
