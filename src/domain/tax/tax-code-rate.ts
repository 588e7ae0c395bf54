/**
 * Domain (pure): the rate of a sale named by tax code rather than by category, with why it is or is not taxed
 * (`taxability_reason`) and the source of the rule applied. The function POST /v1/tax/rate, /v1/tax/unify and
 * /v1/transactions call for a line with `tax_code` or `product_id`. A code's category answers
 * exactly as before where the rule data has no rows for the code; the default code of each category is the category.
 */
import { ValidationError } from '../errors';
import { calculateTaxRateDetailed } from './rate-engine';
import type { TaxRateCalculation, TaxRateContext, TaxRateInput } from './rate-types';
import { taxCode, taxCodeRules, type TaxCode } from './tax-codes';
import { taxabilityReasonOf, type TaxabilityReason } from './taxability';
import { deliveryMisfit, type DeliveryMethod } from './vocabulary';

export { taxabilityReasonOf, taxabilityReasons, type TaxabilityReason } from './taxability';

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
  const misfit = deliveryMisfit(code.category, delivery, `tax_code ${id} (category ${code.category})`);
  if (misfit) throw new ValidationError(`'delivery_method' ${misfit}.`, 'delivery_method');
  const calculation = calculateTaxRateDetailed({ ...sale, product_category: code.category, delivery_method: delivery, tax_code_rules: rules }, context);
  return { ...calculation, tax_code: code, taxability_reason: taxabilityReasonOf(calculation), rule_source: calculation.basis?.source ?? noBasisSource };
}

/** Every outcome of the engine carries its basis; this is what an answer without one would say (never expected). */
const noBasisSource = "docs/tax-rules.md section 9 (the rule named by the answer's notes)";
