/**
 * Domain (pure): the requests of POST /v1/transactions and POST /v1/transactions/{id}/refunds (strict: unknown fields
 * are 400), and the query of GET /v1/transactions. The shape is ours (docs/exposure.md); the fields are shared.
 */
import * as z from 'zod';
import { currencyField } from '../currency-field';
import { checkLineSubject, checkSaleParties, customerIdRefField } from '../sales/line-subject';
import { saleLineShape } from '../sales/sale-line';
import { amountField, checkSaleTotals, checkUniqueLineIds, lineItemsField, MAX_LINE_ITEMS, referenceField, refundAmountField } from '../fields/money';
import { listQuerySchema, periodInOrder, periodOrderError } from '../fields/periods';
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

const transactionLineSchema = z
  .strictObject({
    id: referenceField.optional(),
    ...saleLineShape,
    /** The tax the seller already charged on this line; absent: Levy computes it. */
    tax_amount: amountField.optional(),
  })
  .superRefine(checkLineSubject)
  .superRefine((line, ctx) => {
    if (line.amount === 0 && line.tax_amount !== undefined && line.tax_amount > 0) {
      ctx.addIssue({ code: 'custom', path: ['tax_amount'], message: 'must be 0 on a line whose amount is 0' });
    }
  });

export const transactionRequestSchema = z
  .strictObject({
    id: referenceField,
    date: dateField,
    currency: currencyField,
    /** A stored customer: its type, address, tax IDs and certificates apply unless the fields below say otherwise. */
    customer_id: customerIdRefField.optional(),
    customer_type: customerTypeField.optional(),
    government_level: governmentLevelField.optional(),
    customer_tax_id: customerTaxIdField.optional(),
    entity_id: entityIdField.optional(),
    location: locationField.optional(),
    line_items: lineItemsField(transactionLineSchema),
    /** Made through a marketplace facilitator: nexus rules that exclude marketplace sales leave it out. */
    marketplace: booleanField.optional(),
  })
  .superRefine((txn, ctx) => {
    checkUniqueLineIds(txn.line_items, ctx);
    checkSaleParties(txn, ctx, ['customer_type']);
    if (txn.customer_type !== undefined) checkGovernmentLevel(txn.customer_type, txn.government_level, ctx, ['government_level']);
    checkSaleTotals(txn.line_items, ctx);
  })
  .transform((txn) => ({
    ...txn,
    line_items: txn.line_items.map((line, index) => ({ ...line, id: line.id ?? String(index + 1) })),
  }));

export type TransactionInput = z.input<typeof transactionRequestSchema>;
export type TransactionRequest = z.output<typeof transactionRequestSchema>;

export const refundRequestSchema = z
  .strictObject({
    id: referenceField,
    date: dateField,
    /** Absent: refund everything left on every line. */
    line_items: z
      .array(
        z.strictObject({
          id: referenceField,
          amount: refundAmountField,
        }),
        { error: 'must be an array of {id, amount}' },
      )
      .min(1, { error: 'must hold at least one line (omit it to refund everything left)' })
      .max(MAX_LINE_ITEMS, { error: `must hold at most ${MAX_LINE_ITEMS} lines` })
      .optional(),
  })
  .superRefine((refund, ctx) => checkUniqueLineIds(refund.line_items ?? [], ctx, false));

export type RefundRequest = z.output<typeof refundRequestSchema>;

/** GET /v1/transactions: the list query of every route plus a sale-date range (YYYY-MM-DD, inclusive). */
export const transactionListQuerySchema = z
  .strictObject({ ...listQuerySchema.shape, from: dateField.optional(), to: dateField.optional() })
  .refine(periodInOrder, periodOrderError);
