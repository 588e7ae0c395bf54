/** Domain (pure): the request of POST /v1/tax/unify, a cart of lines for one customer, place and date. */
import * as z from 'zod';
import { currencyField } from '../currency-field';
import { amountField, booleanField, checkCategoryDelivery, checkGovernmentLevel, checkSaleTotals, checkUniqueLineIds, customerTaxIdField, customerTypeField, dateField, deliveryMethodField, entityIdField, governmentLevelField, lineItemsField, locationField, productCategoryField, quantityField, referenceField } from '../fields';

const cartLineSchema = z
  .strictObject({
    id: referenceField,
    amount: amountField,
    quantity: quantityField.default(1),
    product_category: productCategoryField,
    delivery_method: deliveryMethodField,
    tax_inclusive: booleanField.default(false),
  })
  .superRefine(checkCategoryDelivery);

export const unifyRequestSchema = z
  .strictObject({
    currency: currencyField,
    customer: z.strictObject({
      type: customerTypeField,
      tax_id: customerTaxIdField.optional(),
      exempt: booleanField.default(false),
      government_level: governmentLevelField.optional(),
    }),
    location: locationField,
    entity_id: entityIdField.optional(),
    date: dateField.optional(),
    line_items: lineItemsField(cartLineSchema),
    commit: booleanField.default(false),
    transaction_id: referenceField.optional(),
  })
  .superRefine((cart, ctx) => {
    checkUniqueLineIds(cart.line_items, ctx, false);
    checkGovernmentLevel(cart.customer.type, cart.customer.government_level, ctx, ['customer', 'government_level']);
    checkSaleTotals(cart.line_items, ctx);
    if (cart.commit && cart.transaction_id === undefined) {
      ctx.addIssue({ code: 'custom', path: ['transaction_id'], message: 'is required when commit is true (it becomes the recorded transaction\'s id)' });
    }
    if (!cart.commit && cart.transaction_id !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['transaction_id'], message: 'is only used with commit: true' });
    }
  });

export type UnifyRequest = z.output<typeof unifyRequestSchema>;
export type CartLine = UnifyRequest['line_items'][number];
