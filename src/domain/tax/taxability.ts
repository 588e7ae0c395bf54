/**
 * Domain (pure, a leaf of the engine): why a sale is or is not taxed (`taxability_reason`), decided from the engine's
 * answer alone, and the code each product_category stands for. Kept apart from the tax-code catalogue
 * (tax-codes.ts) so the rate route's category path answers a reason and a code without loading the catalogue.
 */
import type { TaxRateCalculation } from './rate-types';
import type { ProductCategory } from './vocabulary';

/**
 * Why a sale is or is not taxed (Stripe Tax's `taxability_reason` words where they mean the same):
 * - `taxable`: the jurisdiction's standard rate applies.
 * - `reduced_rate`: a lower rate for the product than the jurisdiction's standard one (DE 7 % food, TN 4 % groceries).
 * - `zero_rated`: taxable at 0 % (GB food and children's clothing, Canadian basic groceries).
 * - `taxable_basis_reduced`: only a share of the price is taxed (Texas data processing: 80 %).
 * - `not_taxable_in_jurisdiction`: the jurisdiction does not tax the product, levies no such tax, or is not the
 *   place of supply.
 * - `reverse_charge`: the business customer accounts for the tax.
 * - `customer_exempt`: the customer's type exempts it there (resale, government, nonprofit), the request's `exempt`
 *   flag, or an exemption certificate (then the line names it: `exemption_id`).
 * - `not_collecting`: taxable, but the account collects only where registered (`registered_only`) and no
 *   registration of the selling entity covers the jurisdiction on the sale's date (docs/nexus.md).
 */
export const taxabilityReasons = [
  'taxable',
  'reduced_rate',
  'zero_rated',
  'taxable_basis_reduced',
  'not_taxable_in_jurisdiction',
  'reverse_charge',
  'customer_exempt',
  'not_collecting',
] as const;
export type TaxabilityReason = (typeof taxabilityReasons)[number];

/** The reasons under which tax is charged: the rest say why a sale bears none. */
export const taxedReasons: readonly TaxabilityReason[] = ['taxable', 'reduced_rate', 'taxable_basis_reduced'];

/** The reason, from the most decisive fact: who accounts for the tax, whether it is due at all, then at what rate. */
export function taxabilityReasonOf(calculation: Pick<TaxRateCalculation, 'result' | 'basis' | 'totalPpm'>): TaxabilityReason {
  const { result, basis } = calculation;
  if (result.exempt) return 'customer_exempt';
  if (result.reverse_charge_applicable) return 'reverse_charge';
  if (!result.taxable) return 'not_taxable_in_jurisdiction';
  if (basis?.rate === 'zero') return 'zero_rated';
  if (result.notes?.some((note) => note.startsWith('taxable_share_'))) return 'taxable_basis_reduced';
  if (basis?.rate === 'reduced') return 'reduced_rate';
  return 'taxable';
}

/**
 * The catalogue code each product_category maps to (docs/products.md "Defaults"). data/tax-codes.json's `default_for`
 * is the source; tax-codes.ts refuses a catalogue that disagrees with this table, so the two cannot drift.
 */
export const defaultTaxCodeIds: Readonly<Record<ProductCategory, string>> = {
  SAAS: 'levy_saas',
  DIGITAL_GOODS: 'levy_digital_goods',
  EBOOKS: 'levy_ebooks',
  PHYSICAL_GOODS: 'levy_general_goods',
  PROFESSIONAL_SERVICES: 'levy_professional_services',
};
