/**
 * Domain (pure): what the transaction routes answer, as schemas (the OpenAPI document's `Transaction`, `Refund` and
 * `TransactionWithRefunds`), checked at compile time against the records the use cases build.
 */
import * as z from 'zod';
import { minorUnitsField } from '../fields/money';
import { customerTypeField, deliveryMethodField, governmentLevelField, locationField, productCategoryField } from '../fields/sale';
import { taxLevels, type TaxLevel } from '../money/levels';
import { timestampField } from '../records/record';
import { taxabilityReasons } from '../tax/taxability';
import type { Exactly, Expect } from '../schema-check';
import { once } from '../../shared/once';
import { lineCertificateShapeOf, rateResponseSchemas } from '../tax/rate-response';
import type { Refund, transactionWithRefunds } from './refund';
import type { Transaction } from './sale';

/** One line of a recorded sale. */
function transactionLineShapeOf() {
  return {
    id: z.string().meta({ description: "The line's id as sent" }),
    amount: minorUnitsField,
    quantity: z.number().int().meta({ description: 'Units sold' }),
    product_category: productCategoryField,
    delivery_method: deliveryMethodField,
    tax_amount: minorUnitsField,
    tax_source: z.enum(['computed', 'provided']).meta({ description: "`provided`: the caller's tax_amount; `computed`: Levy's engine" }),
    tax_breakdown: z
      .object(Object.fromEntries(taxLevels.map((level) => [level, minorUnitsField])) as Record<TaxLevel, typeof minorUnitsField>)
      .meta({ description: "The line's tax by level; the levels add up to tax_amount" }),
    product_id: z.string().optional().meta({ description: 'The product the line named' }),
    tax_code: z.string().optional().meta({
      description:
        "The tax code the line was taxed under (the product's on the sale's date); a refund reuses the line's tax. Absent on lines recorded before Levy stored it",
    }),
    stripe_tax_code: z.string().optional().meta({ description: 'The Stripe tax code the line named (txcd_...), when it named one: tax_code is its Levy code' }),
    taxability_reason: z
      .enum(taxabilityReasons)
      .optional()
      .meta({ description: 'Why the line is or is not taxed (absent on lines recorded before Levy stored it)' }),
    ...lineCertificateShapeOf(),
    registration_id: z.string().optional().meta({ description: "The seller's registration the line's tax was collected under (collection `registered_only`)" }),
    exempt_amount: minorUnitsField.optional().meta({
      description: 'The share of amount no tax was charged on, when not 0 (taxability_reason or exemption.reason says why); tax was charged on the rest',
    }),
  };
}

/** A recorded sale, with `lineShape` for its lines. */
function transactionShapeOf(lineShape: ReturnType<typeof transactionLineShapeOf>) {
  const { customerTreatmentSchema, jurisdictionSchema } = rateResponseSchemas();
  return {
    id: z.string().meta({ description: 'The transaction id (your order reference)', example: 'order_1001' }),
    date: z.string().meta({ description: 'Sale date (YYYY-MM-DD)', example: '2026-01-15' }),
    currency: z.string().meta({ description: 'ISO 4217 code', example: 'USD' }),
    customer_type: customerTypeField,
    government_level: governmentLevelField.optional(),
    customer_tax_id: z.string().optional().meta({ description: "The customer's tax ID as sent" }),
    customer_id: z.string().optional().meta({ description: 'The stored customer the sale named' }),
    customer: customerTreatmentSchema
      .optional()
      .meta({ description: 'Who the sale was taxed as, decided as POST /v1/tax/rate and unify decide it (absent on sales recorded before Levy stored it)' }),
    entity_id: z.string().optional().meta({ description: 'The seller entity' }),
    marketplace: z
      .literal(true)
      .optional()
      .meta({ description: 'Sold through a marketplace facilitator (nexus rules that exclude marketplace sales leave it out)' }),
    location: locationField,
    jurisdiction: jurisdictionSchema,
    notes: z
      .array(z.string())
      .optional()
      .meta({
        description:
          'The notes of the quote that say what the rate was decided without: `us_local_rate_unavailable_state_base_rate_used`, ' +
          '`us_local_rate_unavailable_for_date` or `us_postal_code_missing_state_base_rate_used` when a US sale was taxed at its state base rate only ' +
          '(no imported ZIP table in force, or no ZIP). Absent when there is nothing to say',
      }),
    line_items: z.array(z.object(lineShape)).meta({ description: 'The lines, in the order sent' }),
    subtotal: minorUnitsField,
    tax_total: minorUnitsField,
    total: minorUnitsField,
    created_at: timestampField,
  };
}

/**
 * Builds the answer schemas. They describe answers (the OpenAPI document, the contract test): nothing parses an answer
 * at run time, so they are built when first read, not by a cold start (as rate-response.ts does).
 */
function buildTransactionResponseSchemas() {
  const transactionLineShape = transactionLineShapeOf();
  const transactionShape = transactionShapeOf(transactionLineShape);
  const transactionSchema = z.object(transactionShape).meta({ id: 'Transaction' });

  const refundSchema = z
    .object({
      id: z.string().meta({ description: 'The refund id (your reference)', example: 'refund_1' }),
      transaction_id: z.string().meta({ description: 'The sale refunded' }),
      date: z.string().meta({ description: 'Refund date (YYYY-MM-DD)' }),
      currency: z.string().meta({ description: "ISO 4217 code (the sale's)" }),
      line_items: z
        .array(z.object({ id: z.string().meta({ description: "The sale line's id" }), amount: minorUnitsField, tax_amount: minorUnitsField }))
        .meta({ description: 'The lines refunded' }),
      subtotal: minorUnitsField,
      tax_total: minorUnitsField,
      total: minorUnitsField,
      created_at: timestampField,
    })
    .meta({ id: 'Refund' });

  /** GET /v1/transactions/{id}: the sale, its refunds, and per line what was refunded and what is left. */
  const transactionWithRefundsSchema = z
    .object({
      ...transactionShape,
      line_items: z
        .array(
          z.object({
            ...transactionLineShape,
            refunded_amount: minorUnitsField,
            refunded_tax_amount: minorUnitsField,
            remaining_amount: minorUnitsField,
            remaining_tax_amount: minorUnitsField,
          }),
        )
        .meta({ description: 'The lines, with what was refunded and what is left' }),
      refunds: z.array(refundSchema).meta({ description: 'The refunds, oldest first' }),
      refunded_subtotal: minorUnitsField,
      refunded_tax_total: minorUnitsField,
      remaining_total: minorUnitsField,
    })
    .meta({ id: 'TransactionWithRefunds' });

  return { transactionSchema, refundSchema, transactionWithRefundsSchema };
}

/** The answer schemas, built on first use. */
const transactionResponseSchemas = once(buildTransactionResponseSchemas);
type Schemas = ReturnType<typeof buildTransactionResponseSchemas>;

/** A recorded sale (`Transaction`), built when first read. */
export const transactionSchema = z.lazy((): Schemas['transactionSchema'] => transactionResponseSchemas().transactionSchema);

/** A recorded refund (`Refund`), built when first read. */
export const refundSchema = z.lazy((): Schemas['refundSchema'] => transactionResponseSchemas().refundSchema);

/** GET /v1/transactions/{id}'s answer (`TransactionWithRefunds`), built when first read. */
export const transactionWithRefundsSchema = z.lazy((): Schemas['transactionWithRefundsSchema'] => transactionResponseSchemas().transactionWithRefundsSchema);

export type TransactionMatches = Expect<Exactly<z.output<typeof transactionSchema>, Transaction>>;
export type RefundMatches = Expect<Exactly<z.output<typeof refundSchema>, Refund>>;
export type TransactionWithRefundsMatches = Expect<Exactly<z.output<typeof transactionWithRefundsSchema>, ReturnType<typeof transactionWithRefunds>>>;
