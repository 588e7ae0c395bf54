/**
 * Domain (pure): a credit note: a numbered document that corrects a finalized invoice, which itself never
 * changes. It references the invoice (Art. 219: a document that amends an invoice and refers to it specifically is
 * treated as an invoice) and carries the refund Levy recorded for it; its amounts are that refund's allocation.
 */
import * as z from 'zod';
import { amountField, checkUniqueLineIds, MAX_LINE_ITEMS, minorUnitsField, referenceField } from '../fields/money';
import { CREDIT_NOTE_ID_PATTERN, idFormats } from '../ids';
import { timestampField } from '../records/record';
import { expected } from '../validation';
import type { Refund } from '../transactions/refund';
import type { Invoice } from './invoice';
import { invoicePartySchema } from './invoice';

export const createCreditNoteSchema = z
  .strictObject({
    /** Absent: credit everything left on every line. */
    line_items: z
      .array(z.strictObject({ id: referenceField, amount: amountField.meta({ description: 'The net amount of the line to credit' }) }), {
        error: expected('an array of {id, amount}'),
      })
      .min(1, { error: 'must hold at least one line (omit it to credit everything left)' })
      .max(MAX_LINE_ITEMS, { error: `must hold at most ${MAX_LINE_ITEMS} lines` })
      .optional(),
    reason: z
      .string({ error: expected('a string') })
      .trim()
      .min(1, { error: 'must not be empty' })
      .max(500, { error: 'must be at most 500 characters' }),
    /**
     * The caller's id for this credit note (`crn_` and up to 60 letters, digits, `-` or `_`), also its refund's id: a
     * retry with the same id answers the same credit note, and completes one whose numbering failed after its refund
     * was recorded. Absent: Levy makes one (a retry then issues another credit note).
     */
    id: z
      .string({ error: expected('a string') })
      .regex(CREDIT_NOTE_ID_PATTERN, { error: 'must be crn_ followed by 1 to 60 letters, digits, - or _' })
      .optional(),
    /** Another series of the same entity for credit notes; absent: the invoice's own series. */
    series_id: z
      .string({ error: expected('a string') })
      .regex(idFormats.invoice_series.pattern, { error: 'must be the id of an invoice series (isr_...)' })
      .optional(),
  })
  .superRefine((note, ctx) => checkUniqueLineIds(note.line_items ?? [], ctx, false));

export type CreateCreditNoteRequest = z.output<typeof createCreditNoteSchema>;

export const creditNoteSchema = z
  .object({
    id: z.string().meta({ description: "The credit note's id", example: 'crn_0mhx2k3c0a1b2c3d4e5f60718' }),
    invoice_id: z.string().meta({ description: 'The finalized invoice it corrects' }),
    invoice_number: z.string().meta({ description: 'The number of the invoice it corrects' }),
    series_id: z.string().meta({ description: 'The numbering series that numbered it (the invoice series)' }),
    number: z.string().meta({ description: "Its number, the series' next (credit notes share the invoices' sequence)" }),
    reason: z.string().meta({ description: 'Why it was issued, as printed' }),
    currency: z.string().meta({ description: "The invoice's currency" }),
    issue_date: z.string().meta({ description: 'The date of issue (YYYY-MM-DD)' }),
    seller: invoicePartySchema.meta({ description: 'The seller as printed on the invoice' }),
    buyer: invoicePartySchema.meta({ description: 'The buyer as printed on the invoice' }),
    line_items: z.array(
      z.object({
        id: z.string().meta({ description: 'The invoice line credited' }),
        net_amount: minorUnitsField.meta({ description: 'The net amount credited on the line, in minor units' }),
        tax_amount: minorUnitsField.meta({ description: 'The tax credited on the line, in minor units' }),
      }),
    ),
    subtotal: minorUnitsField.meta({ description: 'The net total credited, in minor units' }),
    tax_total: minorUnitsField.meta({ description: 'The tax credited, in minor units' }),
    total: minorUnitsField.meta({ description: 'What the buyer is owed back, in minor units' }),
    refund_id: z.string().meta({ description: "The refund recorded on the invoice's transaction (the same id as the credit note)" }),
    created_at: timestampField.meta({ description: 'When it was issued' }),
  })
  .meta({ id: 'CreditNote' });

export type CreditNote = z.output<typeof creditNoteSchema>;

export function newCreditNote(id: string, invoice: Invoice, refund: Refund, seriesId: string, number: string, reason: string): CreditNote {
  return {
    id,
    invoice_id: invoice.id,
    invoice_number: invoice.number!,
    series_id: seriesId,
    number,
    reason,
    currency: invoice.currency,
    issue_date: refund.date,
    seller: invoice.seller!,
    buyer: invoice.buyer!,
    line_items: refund.line_items.map((l) => ({ id: l.id, net_amount: l.amount, tax_amount: l.tax_amount })),
    subtotal: refund.subtotal,
    tax_total: refund.tax_total,
    total: refund.total,
    refund_id: refund.id,
    created_at: refund.created_at,
  };
}
