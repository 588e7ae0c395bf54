/**
 * Domain (pure): the fields every sold line shares, in a cart (POST /v1/tax/unify and what extends it) and in a
 * recorded transaction: its amount and quantity, and what it sells (a category and delivery method, a stored product
 * or a catalogue code; checkLineSubject says which combinations hold).
 */
import { amountField, quantityField } from '../fields/money';
import { deliveryMethodField, productCategoryField } from '../fields/sale';
import { productIdRefField, taxCodeRefField } from './line-subject';

export const saleLineShape = {
  amount: amountField,
  quantity: quantityField.default(1),
  product_category: productCategoryField.optional(),
  delivery_method: deliveryMethodField.optional(),
  /** Instead of product_category: a stored product (its code on the sale's date) or a catalogue code. */
  product_id: productIdRefField.optional(),
  tax_code: taxCodeRefField.optional(),
};
