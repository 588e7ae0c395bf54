// Domain (pure): the cart-level "unified" calculation of POST /v1/tax/unify.
/**
 * - Each line is taxed at its own rate (one rate per category + delivery; the engine's five levels in ppm).
 * - Tax-exclusive line: tax = amount x rate, half-up. Tax-inclusive line: the amount is split into
 *   net + tax with net + tax === amount exactly (money.splitInclusive).
 * - A line's tax is split over the levels in proportion of their rates (largest remainder), so the
 *   breakdown always adds up to the line's tax.
 * - Totals are sums of lines: subtotal = sum of net amounts, total = subtotal + tax_total.
 */
import { z } from 'zod';
import {
  amountField, checkUniqueLineIds, currencyField, lineItemsField, quantityField, referenceField, splitByWeights, taxLevels,
  type LevelAmounts, type TaxLevel,
} from '../records/transaction';
import { customerTaxIdField, entityIdField } from '../records/fields';
import { ppmToFraction, splitInclusive, taxForAmount } from './money';
import { checkCategoryDelivery, customerTypeSchema, deliveryMethodSchema, isoDateSchema, locationSchema, productCategorySchema } from './rate-request';
import type { RatePartsPpm, TaxRateResult } from './rate-engine';
import { euMemberStates } from './countries';
import { validateTaxId, vatPrefixOf, type TaxIdValidation } from './tax-id';

export const cartLineSchema = z
  .strictObject({
    id: referenceField,
    amount: amountField,
    quantity: quantityField.default(1),
    product_category: productCategorySchema,
    delivery_method: deliveryMethodSchema,
    tax_inclusive: z.boolean({ error: 'must be true or false' }).default(false),
  })
  .superRefine(checkCategoryDelivery);

export const unifyRequestSchema = z
  .strictObject({
    currency: currencyField,
    customer: z.strictObject({
      type: customerTypeSchema,
      tax_id: customerTaxIdField.optional(),
      exempt: z.boolean({ error: 'must be true or false' }).default(false),
    }),
    location: locationSchema,
    entity_id: entityIdField.optional(),
    date: isoDateSchema.optional(),
    line_items: lineItemsField(cartLineSchema),
    commit: z.boolean({ error: 'must be true or false' }).default(false),
    transaction_id: referenceField.optional(),
  })
  .superRefine((cart, ctx) => {
    checkUniqueLineIds(cart.line_items, ctx, false);
    if (cart.commit && cart.transaction_id === undefined) {
      ctx.addIssue({ code: 'custom', path: ['transaction_id'], message: 'is required when commit is true (it becomes the recorded transaction\'s id)' });
    }
    if (!cart.commit && cart.transaction_id !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['transaction_id'], message: 'is only used with commit: true' });
    }
  });

export type UnifyRequest = z.output<typeof unifyRequestSchema>;
export type CartLine = UnifyRequest['line_items'][number];

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
  tax_amount: number;
  breakdown: Record<TaxLevel, LevelBreakdown>;
}

export interface CartTotals {
  line_items: CartLineResult[];
  subtotal: number;
  tax_total: number;
  total: number;
}

/** The rate a line is taxed at: the engine's public result and its integer parts. */
export interface LineRate {
  result: TaxRateResult;
  ppm: RatePartsPpm;
}


export function calculateLine(line: Pick<CartLine, 'id' | 'amount' | 'tax_inclusive'>, rate: LineRate): CartLineResult {
  // The rate's parts in ppm are the weights of the split (the levels; `total` is not one).
  const weights: LevelAmounts = rate.ppm;
  const { net, tax } = line.tax_inclusive
    ? splitInclusive(line.amount, rate.ppm.total)
    : { net: line.amount, tax: taxForAmount(line.amount, rate.ppm.total) };
  const split = splitByWeights(tax, weights);
  const charged = rate.ppm.total > 0;
  return {
    id: line.id,
    amount: line.amount,
    tax_inclusive: line.tax_inclusive,
    net_amount: net,
    taxable_amount: charged ? net : 0,
    tax_amount: tax,
    breakdown: Object.fromEntries(taxLevels.map((level) => [level, { rate: ppmToFraction(weights[level]), amount: split[level] }])) as Record<TaxLevel, LevelBreakdown>,
  };
}

/** Every line at the rate `rateOf` gives it; totals are sums of the lines. */
export function calculateCart(lines: readonly CartLine[], rateOf: (line: CartLine) => LineRate): CartTotals {
  const line_items = lines.map((line) => calculateLine(line, rateOf(line)));
  const subtotal = line_items.reduce((sum, l) => sum + l.net_amount, 0);
  const tax_total = line_items.reduce((sum, l) => sum + l.tax_amount, 0);
  return { line_items, subtotal, tax_total, total: subtotal + tax_total };
}

/**
 * Who the customer is taxed as. Reverse charge needs proof of business status, as EU law and
 * Stripe Tax require: a B2B customer is taxed as B2B only with a tax ID that validates; without
 * one, or with an invalid one, the cart is taxed as B2C and `reason` says why.
 */
export interface CustomerTreatment {
  declared_type: UnifyRequest['customer']['type'];
  applied_type: UnifyRequest['customer']['type'];
  exempt: boolean;
  tax_id: TaxIdValidation | null;
  reason?: 'tax_id_missing' | 'tax_id_invalid' | 'customer_exempt';
  message?: string;
}

export function customerTreatment(customer: UnifyRequest['customer'], locationCountry: string | undefined): CustomerTreatment {
  const taxId = customer.tax_id
    ? validateTaxId({ tax_id: customer.tax_id, country: vatPrefixOf(customer.tax_id) ? undefined : locationCountry })
    : null;
  const base = { declared_type: customer.type, exempt: customer.exempt, tax_id: taxId };
  if (customer.exempt) {
    return { ...base, applied_type: customer.type, reason: 'customer_exempt', message: 'The customer is marked exempt: no tax is charged.' };
  }
  if (customer.type !== 'B2B') return { ...base, applied_type: customer.type };
  if (!taxId) {
    return { ...base, applied_type: 'B2C', reason: 'tax_id_missing', message: 'A B2B customer without a tax_id is taxed as B2C; send its tax ID to apply B2B rules such as reverse charge.' };
  }
  if (taxId.valid !== true) {
    return {
      ...base,
      applied_type: 'B2C',
      reason: 'tax_id_invalid',
      message: `The customer's tax_id did not validate (${taxId.reason ?? 'invalid'}); the cart is taxed as B2C.`,
    };
  }
  // In the EU only a VAT number proves business status for reverse charge; elsewhere a business
  // number (ABN, EIN, ...) is what a customer quotes.
  const provesBusiness = taxId.kind === 'vat' || (taxId.kind === 'business' && !euMemberStates.has(taxId.country ?? ''));
  if (!provesBusiness) {
    return {
      ...base,
      applied_type: 'B2C',
      reason: 'tax_id_invalid',
      message: `The customer's tax_id is a valid ${taxId.type} but not a VAT or business registration; the cart is taxed as B2C.`,
    };
  }
  return { ...base, applied_type: 'B2B' };
}

/** An exempt customer pays nothing on any line: the rate's parts are zeroed and flagged. */
export function exemptRate(rate: LineRate): LineRate {
  return {
    result: { ...rate.result, exempt: true, reverse_charge_applicable: false, country_rate: 0, state_rate: 0, county_rate: 0, additional_rate: 0, special_rate: 0, total_rate: 0 },
    ppm: { country: 0, state: 0, county: 0, additional: 0, special: 0, total: 0 },
  };
}
