/**
 * Domain (pure): an invoice: a tax document of one seller (the series' entity) to one buyer. A draft may
 * change or be deleted; finalizing numbers it (src/domain/invoices/series.ts), freezes the seller and buyer as they
 * were, and stores the tax the engine computed. A finalized invoice never changes (credit notes correct it).
 */
import * as z from 'zod';
import { customerAddressField } from '../customers/customer';
import { currencyField } from '../currency-field';
import { amountField, checkUniqueLineIds, lineItemsField, minorUnitsField, quantityField, referenceField } from '../fields/money';
import { lineDescriptionField, nameField, requireSomeField } from '../fields/records';
import { customerTaxIdField, customerTypeField, dateField, deliveryMethodField, productCategoryField, taxBehaviorField } from '../fields/sale';
import { idFormats, newId } from '../ids';
import { listQuerySchema } from '../fields/periods';
import { customerTypes, taxBehaviors } from '../tax/vocabulary';
import { timestampField } from '../records/record';
import { checkLineSubject, customerIdRefField, productIdRefField, taxCodeRefField } from '../sales/line-subject';
import { lineCertificateShapeOf } from '../tax/rate-response';
import { expected } from '../validation';
import { buyerReferenceField, electronicAddressField, partyEInvoiceShape, paymentField, purchaseOrderField } from '../einvoice/fields';
import { vatCategories } from '../einvoice/vat-category';
import { logoSchema } from '../documents/logo-image';

/** What the line sells (Art. 226(6): the quantity and nature of the goods or the extent of the services). */
const invoiceLineSchema = z
  .strictObject({
    id: referenceField,
    description: lineDescriptionField,
    amount: amountField.meta({ description: 'The line total in minor units: net of tax (exclusive) or with it (inclusive)' }),
    quantity: quantityField.default(1),
    product_id: productIdRefField.optional(),
    tax_code: taxCodeRefField.optional(),
    product_category: productCategoryField.optional(),
    delivery_method: deliveryMethodField.optional(),
  })
  .superRefine(checkLineSubject);

/** The buyer given inline (instead of a stored customer): as printed on the invoice. */
export const invoiceCustomerField = z.strictObject(
  {
    name: nameField,
    type: customerTypeField.default('B2C'),
    tax_id: customerTaxIdField.optional(),
    address: customerAddressField,
    electronic_address: electronicAddressField.optional(),
  },
  { error: expected('an object {name, type?, tax_id?, address, electronic_address?}') },
);

export type InvoiceCustomer = z.output<typeof invoiceCustomerField>;

const draftFields = {
  customer_id: customerIdRefField.optional(),
  customer: invoiceCustomerField.optional(),
  currency: currencyField,
  issue_date: dateField,
  supply_date: dateField.optional(),
  line_items: lineItemsField(invoiceLineSchema),
  tax_behavior: taxBehaviorField.default('exclusive'),
  buyer_reference: buyerReferenceField.optional(),
  purchase_order: purchaseOrderField.optional(),
  payment: paymentField.optional(),
};

function checkOneBuyer(draft: { customer_id?: string | undefined; customer?: unknown }, ctx: z.RefinementCtx): void {
  if (draft.customer_id !== undefined && draft.customer !== undefined) {
    ctx.addIssue({ code: 'custom', path: ['customer'], message: 'is sent with customer_id; name the buyer one way' });
  }
}

export const createInvoiceSchema = z
  .strictObject({
    series_id: z
      .string({ error: expected('a string (the id of an invoice series)') })
      .regex(idFormats.invoice_series.pattern, { error: 'must be the id of an invoice series (isr_...)' }),
    ...draftFields,
  })
  .superRefine((draft, ctx) => {
    checkOneBuyer(draft, ctx);
    if (draft.customer_id === undefined && draft.customer === undefined) {
      ctx.addIssue({ code: 'custom', path: ['customer_id'], message: 'is required (or send customer: {name, address, ...})' });
    }
    checkUniqueLineIds(draft.line_items, ctx, false);
  });

const updatableInvoiceFields = [
  'customer_id',
  'customer',
  'currency',
  'issue_date',
  'supply_date',
  'line_items',
  'tax_behavior',
  'buyer_reference',
  'purchase_order',
  'payment',
] as const;

/** A PATCH of a draft replaces each field sent whole; null clears supply_date, buyer_reference, purchase_order and payment. */
export const updateInvoiceSchema = z
  .strictObject({
    customer_id: draftFields.customer_id,
    customer: draftFields.customer,
    currency: currencyField.optional(),
    issue_date: dateField.optional(),
    supply_date: dateField.nullable().optional(),
    line_items: draftFields.line_items.optional(),
    tax_behavior: taxBehaviorField.optional(),
    buyer_reference: buyerReferenceField.nullable().optional(),
    purchase_order: purchaseOrderField.nullable().optional(),
    payment: paymentField.nullable().optional(),
  })
  .superRefine((patch, ctx) => {
    checkOneBuyer(patch, ctx);
    if (patch.line_items) checkUniqueLineIds(patch.line_items, ctx, false);
  })
  .refine(requireSomeField(updatableInvoiceFields), { error: `Send at least one of ${updatableInvoiceFields.join(', ')}.` });

export type CreateInvoiceRequest = z.output<typeof createInvoiceSchema>;
export type UpdateInvoiceRequest = z.output<typeof updateInvoiceSchema>;
export type InvoiceLine = CreateInvoiceRequest['line_items'][number];

const postalAddressSchema = z.object({
  line1: z.string().optional().meta({ description: 'Street and number' }),
  line2: z.string().optional().meta({ description: 'Second address line' }),
  city: z.string().optional().meta({ description: 'City or town' }),
  postal_code: z.string().optional().meta({ description: 'Postal code' }),
  state: z.string().optional().meta({ description: 'State, province or county' }),
  country: z.string().meta({ description: 'ISO 3166-1 alpha-2 country code' }),
});

/** A party as printed on the finalized invoice (a snapshot: a later change of the entity or customer does not move it). */
export const invoicePartySchema = z.object({
  name: z.string().meta({ description: 'Legal name as printed' }),
  address: postalAddressSchema.meta({ description: 'Postal address as printed (Art. 226(5))' }),
  tax_id: z.string().nullable().meta({ description: 'VAT or tax number as printed (Art. 226(3)-(4)); null when none' }),
  ...partyEInvoiceShape,
  logo: logoSchema.optional().meta({ description: "The seller's logo as at finalization, printed on the invoice's documents; absent: none" }),
});

export type InvoiceParty = z.output<typeof invoicePartySchema>;

/** The tax of one line as finalized. `tax_rate` is a decimal fraction (0.19 = 19 %). */
const taxedLineSchema = z.object({
  id: z.string().meta({ description: "The invoice line's id" }),
  net_amount: minorUnitsField.meta({ description: 'The line net of tax, in minor units' }),
  tax_amount: minorUnitsField.meta({ description: "The line's tax, in minor units" }),
  tax_rate: z.number().meta({ description: 'The rate applied, a decimal fraction (0.19 = 19 %)' }),
  tax_code: z.string().optional().meta({ description: 'The Levy tax code the line was taxed under (absent on invoices finalized before Levy kept it)' }),
  stripe_tax_code: z.string().optional().meta({ description: 'The Stripe tax code the line named (txcd_...), when it named one: tax_code is its Levy code' }),
  taxability_reason: z.string().meta({ description: 'Why the line is taxed as it is (taxable, reverse_charge, not_taxable ...)' }),
  vat_category: z.enum(vatCategories).optional().meta({ description: 'The EN 16931 VAT category (UNCL 5305) the e-invoices give the line' }),
  ...lineCertificateShapeOf(),
});

/** Art. 226(8)-(10): per rate, the taxable amount and the tax. */
const taxSummaryRowSchema = z.object({
  tax_rate: z.number().meta({ description: 'The rate, a decimal fraction' }),
  taxable_amount: minorUnitsField.meta({ description: 'The net amount taxed at that rate, in minor units' }),
  tax_amount: minorUnitsField.meta({ description: 'The tax at that rate, in minor units' }),
});

export const invoiceSchema = z
  .object({
    id: z.string().meta({ description: "The invoice's id", example: 'inv_0mhx2k3c0a1b2c3d4e5f60718' }),
    series_id: z.string().meta({ description: 'The numbering series (POST /v1/invoice_series) that numbers it at finalization' }),
    entity_id: z.string().meta({ description: "The seller: the series' entity" }),
    status: z.enum(['draft', 'finalized']).meta({ description: '`draft` (editable, deletable) or `finalized` (numbered, taxed, recorded, immutable)' }),
    number: z.string().nullable().meta({ description: 'Assigned at finalization (`<prefix><sequence>`); null on a draft', example: 'INV-2026-0001' }),
    customer_id: z.string().nullable().meta({ description: 'The stored customer billed; null when the buyer is given inline' }),
    customer: z
      .object({
        name: z.string().meta({ description: "The buyer's name" }),
        type: z.enum(customerTypes).meta({ description: 'B2C, B2B, GOVERNMENT, NONPROFIT or RESELLER' }),
        tax_id: z.string().optional().meta({ description: "The buyer's tax ID" }),
        address: postalAddressSchema.omit({ line2: true }).meta({ description: "The buyer's address" }),
        electronic_address: partyEInvoiceShape.electronic_address,
      })
      .nullable()
      .meta({ description: 'The buyer given inline; null when customer_id names a stored one' }),
    currency: z.string().meta({ description: 'ISO 4217 currency of every amount' }),
    issue_date: z.string().meta({ description: 'The date of issue (YYYY-MM-DD); a draft may move it, finalization fixes it' }),
    supply_date: z.string().nullable().meta({ description: 'The date of supply when it differs from the issue date' }),
    tax_behavior: z.enum(taxBehaviors).meta({ description: '`exclusive`: line amounts are net; `inclusive`: they include tax' }),
    buyer_reference: z.string().optional().meta({ description: 'EN 16931 BT-10' }),
    purchase_order: z.string().optional().meta({ description: 'EN 16931 BT-13' }),
    payment: z
      .object({
        means_code: z.string().meta({ description: 'BT-81: UNCL 4461 payment means code ("58" SEPA credit transfer ...)' }),
        iban: z.string().optional().meta({ description: "BT-84: the seller's IBAN" }),
        bic: z.string().optional().meta({ description: "BT-86: the seller's bank BIC" }),
        terms: z.string().optional().meta({ description: 'BT-20: payment terms in words' }),
        due_date: z.string().optional().meta({ description: 'BT-9: payment due date (YYYY-MM-DD)' }),
      })
      .optional()
      .meta({ description: 'EN 16931 BG-16 payment instructions' }),
    line_items: z.array(
      z.object({
        id: z.string().meta({ description: "The line's id (yours, or its position from 1)" }),
        description: z.string().meta({ description: 'What the line sells, as printed (Art. 226(6))' }),
        amount: minorUnitsField.meta({ description: 'The line total in minor units: net of tax (exclusive) or with it (inclusive)' }),
        quantity: z.number().int().meta({ description: 'Units on the line' }),
        product_id: z.string().optional().meta({ description: 'The stored product the line sells' }),
        tax_code: z.string().optional().meta({ description: 'The tax code the line names' }),
        product_category: z.string().optional().meta({ description: 'The product category the line names' }),
        delivery_method: z.string().optional().meta({ description: 'How the line is delivered' }),
      }),
    ),
    seller: invoicePartySchema.nullable().meta({ description: 'Finalized: the seller as printed' }),
    buyer: invoicePartySchema.nullable().meta({ description: 'Finalized: the buyer as printed' }),
    taxed_lines: z.array(taxedLineSchema).nullable().meta({ description: "Finalized: each line's tax as computed; null on a draft" }),
    tax_summary: z.array(taxSummaryRowSchema).nullable().meta({ description: 'Finalized: per rate, the taxable amount and the tax (Art. 226(8)-(10))' }),
    subtotal: minorUnitsField.nullable().meta({ description: 'Finalized: the net total' }),
    tax_total: minorUnitsField.nullable().meta({ description: 'Finalized: the total tax, in minor units' }),
    total: minorUnitsField.nullable().meta({ description: 'Finalized: what the buyer pays, in minor units' }),
    reverse_charge: z.boolean().nullable().meta({ description: 'Finalized: the buyer accounts for the VAT (the invoice says "Reverse charge")' }),
    mentions: z.array(z.string()).nullable().meta({ description: 'Finalized: the legal mentions derived from the tax (Art. 226(11)-(11a)), never typed' }),
    transaction_id: z.string().nullable().meta({ description: 'Finalized: the recorded transaction (the same id as the invoice)' }),
    finalized_at: timestampField.nullable().meta({ description: 'When it was finalized; null on a draft' }),
    created_at: timestampField,
    updated_at: timestampField,
  })
  .meta({ id: 'Invoice' });

export type Invoice = z.output<typeof invoiceSchema>;

/** The fields finalization sets. */
export type FinalizedFields = Pick<
  Invoice,
  | 'number'
  | 'seller'
  | 'buyer'
  | 'taxed_lines'
  | 'tax_summary'
  | 'subtotal'
  | 'tax_total'
  | 'total'
  | 'reverse_charge'
  | 'mentions'
  | 'transaction_id'
  | 'finalized_at'
>;

export function newInvoice(request: CreateInvoiceRequest, entityId: string, at: Date): Invoice {
  const timestamp = at.toISOString();
  return {
    id: newId('inv', at.getTime()),
    series_id: request.series_id,
    entity_id: entityId,
    status: 'draft',
    number: null,
    customer_id: request.customer_id ?? null,
    customer: request.customer ?? null,
    currency: request.currency,
    issue_date: request.issue_date,
    supply_date: request.supply_date ?? null,
    tax_behavior: request.tax_behavior,
    ...(request.buyer_reference !== undefined ? { buyer_reference: request.buyer_reference } : {}),
    ...(request.purchase_order !== undefined ? { purchase_order: request.purchase_order } : {}),
    ...(request.payment !== undefined ? { payment: request.payment } : {}),
    line_items: request.line_items,
    seller: null,
    buyer: null,
    taxed_lines: null,
    tax_summary: null,
    subtotal: null,
    tax_total: null,
    total: null,
    reverse_charge: null,
    mentions: null,
    transaction_id: null,
    finalized_at: null,
    created_at: timestamp,
    updated_at: timestamp,
  };
}

/** `field` as the PATCH leaves it: replaced, removed by null, or kept when not sent. */
function patchedOptional<K extends 'buyer_reference' | 'purchase_order' | 'payment'>(draft: Invoice, patch: UpdateInvoiceRequest, field: K): Partial<Invoice> {
  const sent = patch[field];
  if (sent === undefined) return draft[field] === undefined ? {} : { [field]: draft[field] };
  return sent === null ? {} : { [field]: sent };
}

/** A draft with a PATCH applied: customer_id and customer replace each other. */
export function patchedDraft(draft: Invoice, patch: UpdateInvoiceRequest, at: Date): Invoice {
  const { buyer_reference: _reference, purchase_order: _order, payment: _payment, ...kept } = draft;
  return {
    ...kept,
    ...patchedOptional(draft, patch, 'buyer_reference'),
    ...patchedOptional(draft, patch, 'purchase_order'),
    ...patchedOptional(draft, patch, 'payment'),
    ...(patch.customer_id !== undefined ? { customer_id: patch.customer_id, customer: null } : {}),
    ...(patch.customer !== undefined ? { customer: patch.customer, customer_id: null } : {}),
    ...(patch.currency !== undefined ? { currency: patch.currency } : {}),
    ...(patch.issue_date !== undefined ? { issue_date: patch.issue_date } : {}),
    ...(patch.supply_date !== undefined ? { supply_date: patch.supply_date } : {}),
    ...(patch.line_items !== undefined ? { line_items: patch.line_items } : {}),
    ...(patch.tax_behavior !== undefined ? { tax_behavior: patch.tax_behavior } : {}),
    updated_at: at.toISOString(),
  };
}

/** GET /v1/invoices: `starting_after` is an invoice id (the store lists invoices by id prefix, as series: series.ts). */
export const listInvoicesQuerySchema = listQuerySchema.extend({
  starting_after: z.string().regex(idFormats.invoice.pattern, { error: 'must be the id of an invoice (inv_...) from a previous page' }).optional(),
});
