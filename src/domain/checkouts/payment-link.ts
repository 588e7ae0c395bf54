/**
 * Domain (pure): payment links, reusable quote templates (docs/checkouts.md). A link holds lines, a
 * currency and whether its prices include tax; each buyer opens a checkout from it. Levy hosts no payment page: the
 * merchant's page calls `POST /v1/payment_links/{id}/checkouts`. With `tax_behavior: inclusive` the listed price is
 * what the buyer pays and the tax is carved out of it (unify's inclusive split: net + tax == listed, to the minor unit).
 */
import * as z from 'zod';
import { currencyField } from '../currency-field';
import { checkSaleTotals, checkUniqueLineIds, minorUnitsField } from '../fields/money';
import { deliveryMethodField, entityIdField, productCategoryField, taxBehaviorField } from '../fields/sale';
import { taxBehaviors, type TaxBehavior } from '../tax/vocabulary';
import { newId } from '../ids';
import { timestampField, type StoredRecord } from '../records/record';
import { checkoutLinesField, type CheckoutLine } from './checkout';

export const createPaymentLinkSchema = z
  .strictObject({
    currency: currencyField,
    line_items: checkoutLinesField,
    tax_behavior: taxBehaviorField,
    entity_id: entityIdField.optional(),
  })
  .superRefine((link, ctx) => {
    checkUniqueLineIds(link.line_items, ctx, false);
    checkSaleTotals(link.line_items, ctx);
    link.line_items.forEach((line, index) => {
      if (line.tax_inclusive && link.tax_behavior === 'exclusive') {
        ctx.addIssue({
          code: 'custom',
          path: ['line_items', index, 'tax_inclusive'],
          message: "contradicts tax_behavior 'exclusive'; the link's tax_behavior decides it for every line",
        });
      }
    });
  });
export type CreatePaymentLinkRequest = z.output<typeof createPaymentLinkSchema>;

export interface PaymentLink extends StoredRecord {
  currency: string;
  tax_behavior: TaxBehavior;
  entity_id?: string;
  line_items: CheckoutLine[];
}

export function newPaymentLink(request: CreatePaymentLinkRequest, now: Date): PaymentLink {
  const at = now.toISOString();
  const inclusive = request.tax_behavior === 'inclusive';
  return {
    id: newId('plink', now.getTime()),
    currency: request.currency,
    tax_behavior: request.tax_behavior,
    ...(request.entity_id !== undefined ? { entity_id: request.entity_id } : {}),
    line_items: request.line_items.map(({ tax_inclusive: _, ...line }) => ({ ...line, tax_inclusive: inclusive })),
    created_at: at,
    updated_at: at,
  };
}

const linkLineViewSchema = z.object({
  id: z.string().meta({ description: "The line's id as sent" }),
  amount: minorUnitsField.meta({ description: 'The listed price of the line (tax included with tax_behavior inclusive)' }),
  quantity: z.number().int().meta({ description: 'Units sold' }),
  product_category: productCategoryField.optional(),
  delivery_method: deliveryMethodField.optional(),
  product_id: z.string().optional().meta({ description: 'The product the line named; its tax code applies' }),
  tax_code: z.string().optional().meta({ description: 'The tax code the line named (GET /v1/tax_codes)' }),
  description: z.string().optional().meta({ description: 'What the line sells, in words; every checkout opened from the link shows it on the line' }),
});

export const paymentLinkSchema = z
  .object({
    id: z.string().meta({ description: 'The payment link id (`plink_...`)', example: 'plink_0mhx2k3c0a1b2c3d4e5f60718' }),
    currency: z.string().meta({ description: 'ISO 4217 code of every amount' }),
    tax_behavior: z
      .enum(taxBehaviors)
      .meta({ description: '`exclusive`: line amounts are net and tax is added; `inclusive`: they include tax, which is carved out' }),
    entity_id: z.string().optional().meta({ description: 'The selling entity; absent: the primary' }),
    line_items: z.array(linkLineViewSchema).meta({ description: 'The lines every checkout opened from the link starts with' }),
    created_at: timestampField,
    updated_at: timestampField,
  })
  .meta({ id: 'PaymentLink' });
export type PaymentLinkView = z.output<typeof paymentLinkSchema>;

export function paymentLinkView(link: PaymentLink): PaymentLinkView {
  return { ...link, line_items: link.line_items.map(({ tax_inclusive: _, ...line }) => line) };
}
