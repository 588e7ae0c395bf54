/**
 * Use case types shared by quote-tax-rate.ts and the module it loads on demand (sale-subjects.ts): what a quote
 * needs, and one rated line. Apart, so neither module imports the other (the dependency rules forbid the cycle).
 */
import type { LineRate } from '../domain/cart/cart';
import type { LineTaxability } from '../domain/sales/line-taxability';
import type { TaxRateCalculation } from '../domain/tax/rate-types';
import type { DeliveryMethod, ProductCategory } from '../domain/tax/vocabulary';
import type { Ports } from '../ports/ports';

/** The stores of customers, certificates and products are needed only by sales that name them. */
export type QuoteDeps = Pick<Ports, 'entities' | 'zipRates' | 'locations'> & Partial<Pick<Ports, 'customers' | 'exemptions' | 'products' | 'settings' | 'registrations'>>;

/** One line of a sale, rated: the rates its taxable share bears, what it is, and why it is or is not taxed. */
export interface RatedLine {
  /** Zero for a line wholly exempt by the request's `exempt` flag or a 100 % certificate. */
  rate: LineRate & Pick<TaxRateCalculation, 'basis'>;
  product_category: ProductCategory;
  delivery_method: DeliveryMethod;
  taxability: LineTaxability;
  /** The share of the line's amount a certificate exempts (0 without one): only the rest is taxed. */
  exemptPercentage: number;
  /** Only in the rate route's apply_registrations answer: whether the seller charges this tax (docs/nexus.md). */
  collecting?: boolean;
}
