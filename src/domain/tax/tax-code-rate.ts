/**
 * Domain (pure): the rate of a sale named by tax code rather than by category, with why it is or is not taxed
 * (`taxability_reason`) and the source of the rule applied. The function POST /v1/tax/rate, /v1/tax/unify and
 * /v1/transactions call for a line with `tax_code` or `product_id` (issue 12, wiring). A code's category answers
 * exactly as before where the rule data has no rows for the code; the default code of each category is the category.
 */
import { ValidationError } from '../errors';
import { calculateTaxRateDetailed } from './rate-engine';
import type { TaxRateCalculation, TaxRateContext, TaxRateInput } from './rate-types';
import { taxCode, taxCodeRules, type TaxCode } from './tax-codes';
import { allowedDeliveryMethods, type DeliveryMethod } from './vocabulary';

/**
 * Why a sale is or is not taxed (Stripe Tax's `taxability_reason` words where they mean the same):
 * - `taxable`: the jurisdiction's standard rate applies.
 * - `reduced_rate`: a lower rate for the product than the jurisdiction's standard one (DE 7 % food, TN 4 % groceries).
 * - `zero_rated`: taxable at 0 % (GB food and children's clothing, Canadian basic groceries).
 * - `taxable_basis_reduced`: only a share of the price is taxed (Texas data processing: 80 %).
 * - `not_taxable_in_jurisdiction`: the jurisdiction does not tax the product, levies no such tax, or is not the
 *   place of supply.
 * - `reverse_charge`: the business customer accounts for the tax.
 * - `customer_exempt`: the customer's type exempts it there (resale, government, nonprofit; the wiring adds certificates).
 */
export const taxabilityReasons = [
  'taxable',
  'reduced_rate',
  'zero_rated',
  'taxable_basis_reduced',
  'not_taxable_in_jurisdiction',
  'reverse_charge',
  'customer_exempt',
] as const;
export type TaxabilityReason = (typeof taxabilityReasons)[number];

/** A sale named by tax code: the code replaces product_category; delivery_method defaults to the code's. */
export interface TaxCodeRateInput extends Omit<TaxRateInput, 'product_category' | 'delivery_method' | 'tax_code_rules'> {
  tax_code: string;
  delivery_method?: DeliveryMethod;
}

export interface TaxCodeCalculation extends TaxRateCalculation {
  tax_code: TaxCode;
  taxability_reason: TaxabilityReason;
  /** The statute, regulation or authority page of the rule or rate row applied. */
  rule_source: string;
}

/**
 * The rate of a sale of a tax code on a date, in a jurisdiction, for a customer type. Throws ValidationError (400)
 * naming `tax_code` for an unknown code and `delivery_method` for one the code's category does not allow; 422 for a
 * date outside the rate history, as calculateTaxRateDetailed.
 */
export function calculateTaxCodeRate(input: TaxCodeRateInput, context: TaxRateContext): TaxCodeCalculation {
  const { tax_code: id, delivery_method, ...sale } = input;
  const code = taxCode(id);
  const rules = taxCodeRules(id);
  if (!code || !rules) throw new ValidationError(`'tax_code' is '${id}', which is not a Levy tax code; GET /v1/tax_codes lists them.`, 'tax_code');
  const delivery = delivery_method ?? code.default_delivery;
  const allowed = allowedDeliveryMethods[code.category];
  if (!allowed.includes(delivery)) {
    throw new ValidationError(`'delivery_method' is ${delivery}, which does not fit tax_code ${id} (category ${code.category}); allowed: ${allowed.join(', ')}.`, 'delivery_method');
  }
  const calculation = calculateTaxRateDetailed({ ...sale, product_category: code.category, delivery_method: delivery, tax_code_rules: rules }, context);
  return { ...calculation, tax_code: code, taxability_reason: taxabilityReasonOf(calculation), rule_source: calculation.basis?.source ?? noBasisSource };
}

/** Every outcome of the engine carries its basis; this is what an answer without one would say (never expected). */
const noBasisSource = 'docs/tax-rules.md section 9 (the rule named by the answer\'s notes)';

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
