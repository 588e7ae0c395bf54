/**
 * Use cases: the documents of invoices and credit notes, read from the invoice store and rendered by a port: an
 * invoice's PDF and its Factur-X (the PDF/A-3 carrying the CII XML of src/domain/einvoice), a credit note's PDF (with
 * the invoice it corrects). A draft has no number, so no document (409); another account's is not found (404).
 */
import { ciiInvoiceXml } from '../domain/einvoice';
import { ConflictError, found } from '../domain/errors';
import type { Invoice } from '../domain/invoices/invoice';
import type { InvoiceRenderer, InvoiceStore } from '../ports/invoices';

export interface InvoiceDocumentDeps {
  invoices: InvoiceStore;
  renderer: InvoiceRenderer;
}

type Rendered = { number: string; bytes: Uint8Array };

/** The account's invoice, finalized; a draft is 409 invoice_not_finalized naming the `document` it cannot have yet. */
async function finalizedInvoice(deps: Pick<InvoiceDocumentDeps, 'invoices'>, accountId: string, id: string, document: string): Promise<Invoice> {
  const invoice = found(await deps.invoices.getInvoice(accountId, id), 'invoice', id);
  if (invoice.status !== 'finalized') {
    throw new ConflictError(
      'invoice_not_finalized',
      `Invoice '${id}' is a draft: it has no number and no ${document} until it is finalized (POST /v1/invoices/${id}/finalize).`,
    );
  }
  return invoice;
}

export async function invoicePdfOf(deps: InvoiceDocumentDeps, accountId: string, id: string): Promise<Rendered> {
  const invoice = await finalizedInvoice(deps, accountId, id, 'PDF');
  return { number: invoice.number!, bytes: await deps.renderer.pdf(invoice) };
}

/** The invoice's Factur-X; an invoice whose CII cannot be made whole is 422 einvoice_incomplete (src/domain/einvoice). */
export async function facturXOf(deps: InvoiceDocumentDeps, accountId: string, id: string): Promise<Rendered> {
  const invoice = await finalizedInvoice(deps, accountId, id, 'Factur-X');
  const xml = ciiInvoiceXml(invoice, 'en16931');
  return { number: invoice.number!, bytes: await deps.renderer.facturX(invoice, xml) };
}

/** A credit note's PDF: the credit note and the invoice it corrects, both of the account. */
export async function creditNotePdfOf(deps: InvoiceDocumentDeps, accountId: string, id: string): Promise<Rendered> {
  const note = found(await deps.invoices.getCreditNote(accountId, id), 'credit note', id);
  const invoice = found(await deps.invoices.getInvoice(accountId, note.invoice_id), 'invoice', note.invoice_id);
  return { number: note.number, bytes: await deps.renderer.creditNotePdf(note, invoice) };
}
