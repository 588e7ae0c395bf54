/**
 * Domain (pure): a recorded sale. Each line's tax: the per-level rates in ppm -> the line's tax, half-up, split over
 * the levels so the level amounts always add up to the line's tax (largest remainder, splitByWeights).
 */
import type { CustomerTreatment } from '../tax/customer-treatment';
import type { Jurisdiction } from '../tax/rate-types';
import type { CustomerType, DeliveryMethod, GovernmentLevel, ProductCategory } from '../tax/vocabulary';
import type { LocationInput } from '../fields/sale';
import { levelsAddUpTo, splitByWeights, sumLevels, type LevelAmounts, type TaxLevel } from '../money/levels';
import { taxForAmount } from '../money/money';
import { taxabilityFields, type ExemptionSnapshot, type LineTaxability, type TaxedShares } from '../sales/line-taxability';
import type { TaxabilityReason } from '../tax/taxability';
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
  /**
   * The product named, the code the line was taxed under, why, and the certificate used (a snapshot).
   * `tax_code` and `taxability_reason` are absent only on lines recorded before Levy stored them.
   */
  product_id?: string;
  tax_code?: string;
  /** The Stripe code the line named (`txcd_...`), when it named one. */
  stripe_tax_code?: string;
  taxability_reason?: TaxabilityReason;
  /** The certificate, named as every answer names it (certificateFields): its id and share, and the snapshot. */
  exemption_id?: string;
  exempt_percentage?: number;
  exemption?: ExemptionSnapshot;
  /** The registration the line's tax was collected under (collection `registered_only`). */
  registration_id?: string;
  /**
   * The share of `amount` no tax was charged on (exempt, not taxable, zero-rated, reverse charged), present only when
   * not 0; the rest (`amount - exempt_amount`) is the share tax was charged on. Kept this compact because a sale is one
   * item of at most 400 KB: a 1,000-line sale must still fit (docs/exposure.md, data model).
   */
  exempt_amount?: number;
}

export interface Transaction {
  id: string;
  date: string;
  currency: string;
  /** The declared type applied: the request's, else the stored customer's. */
  customer_type: CustomerType;
  government_level?: GovernmentLevel;
  customer_tax_id?: string;
  /** The stored customer the sale named; its transaction count moved in the same write. */
  customer_id?: string;
  /**
   * Who the sale was taxed as (customer_type is the declared type): a refund reuses this sale's tax, so its treatment.
   * Absent only on sales recorded before Levy stored it.
   */
  customer?: CustomerTreatment;
  entity_id?: string;
  /** Sold through a marketplace facilitator (the request's `marketplace: true`); absent otherwise. */
  marketplace?: true;
  /** The location applied: the request's, else the stored customer's address. */
  location: LocationInput;
  jurisdiction: Jurisdiction;
  /**
   * What the rate was decided without, as the quote's notes say it (src/domain/tax/us-placement.ts): a US rate that is
   * the state base rate only, for want of an imported ZIP table or a ZIP. Absent when there is nothing to say.
   */
  notes?: string[];
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
export function lineTax(amount: number, ratesPpm: LevelAmounts, providedTax: number | undefined, jurisdiction: Jurisdiction): LineTax {
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

/** What the quote decided for a line: what it is, why it is or is not taxed, and its taxed and untaxed shares. */
export interface LineFacts extends TaxedShares {
  product_category: ProductCategory;
  delivery_method: DeliveryMethod;
  taxability: LineTaxability;
}

/** Who and where the sale was for, once the stored customer (if named) filled in what the request left out. */
export interface SaleParties {
  customer_id?: string;
  customer_type: CustomerType;
  location: LocationInput;
}

/** Assembles the stored transaction from the request, its parties and each line's facts and tax. */
export function buildTransaction(
  request: TransactionRequest,
  parties: SaleParties,
  customer: CustomerTreatment,
  jurisdiction: Jurisdiction,
  facts: readonly LineFacts[],
  taxes: readonly LineTax[],
  createdAt: string,
  notes: readonly string[] = [],
): Transaction {
  const line_items: TransactionLine[] = request.line_items.map((line, index) => {
    const { product_category, delivery_method, taxability, exempt_amount } = facts[index]!;
    return {
      id: line.id,
      amount: line.amount,
      quantity: line.quantity,
      product_category,
      delivery_method,
      ...taxes[index]!,
      ...taxabilityFields(taxability),
      ...(exempt_amount !== 0 ? { exempt_amount } : {}),
    };
  });
  const subtotal = line_items.reduce((sum, l) => sum + l.amount, 0);
  const tax_total = line_items.reduce((sum, l) => sum + l.tax_amount, 0);
  return {
    id: request.id,
    date: request.date,
    currency: request.currency,
    customer_type: parties.customer_type,
    ...(request.government_level !== undefined ? { government_level: request.government_level } : {}),
    ...(request.customer_tax_id !== undefined ? { customer_tax_id: request.customer_tax_id } : {}),
    ...(parties.customer_id !== undefined ? { customer_id: parties.customer_id } : {}),
    customer,
    ...(request.entity_id !== undefined ? { entity_id: request.entity_id } : {}),
    ...(request.marketplace === true ? { marketplace: true as const } : {}),
    location: parties.location,
    jurisdiction,
    ...(notes.length > 0 ? { notes: [...notes] } : {}),
    line_items,
    subtotal,
    tax_total,
    total: subtotal + tax_total,
    created_at: createdAt,
  };
}
