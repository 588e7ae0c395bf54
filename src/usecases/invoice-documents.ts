/**
 * Use cases: the documents of invoices and credit notes, read from the invoice store and rendered by a port: a credit
 * note's PDF (with the invoice it corrects). Another account's credit note is not found (404).
 */
import { found } from '../domain/errors';
import type { InvoiceRenderer, InvoiceStore } from '../ports/invoices';

export interface InvoiceDocumentDeps {
  invoices: InvoiceStore;
  renderer: InvoiceRenderer;
}

/** A credit note's PDF: the credit note and the invoice it corrects, both of the account. */
export async function creditNotePdfOf(deps: InvoiceDocumentDeps, accountId: string, id: string): Promise<{ number: string; bytes: Uint8Array }> {
  const note = found(await deps.invoices.getCreditNote(accountId, id), 'credit note', id);
  const invoice = found(await deps.invoices.getInvoice(accountId, note.invoice_id), 'invoice', note.invoice_id);
  return { number: note.number, bytes: await deps.renderer.creditNotePdf(note, invoice) };
}
