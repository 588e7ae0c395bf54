/**
 * Domain (pure): the request of POST /v1/tax/unify, a cart of lines for one customer, place and date. The customer may
 * be a stored one (`customer_id`) and each line a product (`product_id`) or a tax code (`tax_code`): src/domain/sales.
 */
import * as z from 'zod';
import { currencyField } from '../currency-field';
import { checkLineSubject, checkSaleParties, customerIdRefField } from '../sales/line-subject';
import { saleLineShape } from '../sales/sale-line';
import { checkSaleTotals, checkUniqueLineIds, lineItemsField, referenceField } from '../fields/money';
import {
  booleanField,
  checkGovernmentLevel,
  customerTaxIdField,
  customerTypeField,
  dateField,
  entityIdField,
  governmentLevelField,
  locationField,
} from '../fields/sale';

/** A cart line's fields, which a checkout's and a payment link's line extend. */
export const cartLineShape = {
  id: referenceField,
  ...saleLineShape,
  tax_inclusive: booleanField.default(false),
};

export const cartLineSchema = z.strictObject(cartLineShape).superRefine(checkLineSubject);

export const unifyRequestSchema = z
  .strictObject({
    currency: currencyField,
    /** A stored customer: its type, address, tax IDs and certificates apply unless `customer` or `location` says otherwise. */
    customer_id: customerIdRefField.optional(),
    customer: z
      .strictObject({
        type: customerTypeField.optional(),
        tax_id: customerTaxIdField.optional(),
        exempt: booleanField.default(false),
        government_level: governmentLevelField.optional(),
      })
      .default({ exempt: false }),
    location: locationField.optional(),
    entity_id: entityIdField.optional(),
    date: dateField.optional(),
    line_items: lineItemsField(cartLineSchema),
    commit: booleanField.default(false),
    transaction_id: referenceField.optional(),
  })
  .superRefine((cart, ctx) => {
    checkUniqueLineIds(cart.line_items, ctx, false);
    checkSaleParties({ customer_id: cart.customer_id, customer_type: cart.customer.type, location: cart.location }, ctx, ['customer', 'type']);
    if (cart.customer.type !== undefined) checkGovernmentLevel(cart.customer.type, cart.customer.government_level, ctx, ['customer', 'government_level']);
    checkSaleTotals(cart.line_items, ctx);
    if (cart.commit && cart.transaction_id === undefined) {
      ctx.addIssue({ code: 'custom', path: ['transaction_id'], message: "is required when commit is true (it becomes the recorded transaction's id)" });
    }
    if (!cart.commit && cart.transaction_id !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['transaction_id'], message: 'is only used with commit: true' });
    }
  });

export type UnifyRequest = z.output<typeof unifyRequestSchema>;
export type CartLine = UnifyRequest['line_items'][number];
