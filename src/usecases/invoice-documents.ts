/**
 * Use cases: the documents of invoices and credit notes, read from the invoice store: an invoice's PDF and its
 * Factur-X (the PDF/A-3 carrying the CII XML of src/domain/einvoice), rendered by a port; a credit note as JSON and
 * its PDF (with the invoice it corrects); the EN 16931 e-invoices (UBL, CII) of invoices and credit notes. A draft has
 * no number, so no document (409); another account's is not found (404).
 */
import { ciiCreditNoteXml, ciiInvoiceXml, ublCreditNoteXml, ublInvoiceXml, type EInvoiceProfile, type EInvoiceSyntax } from '../domain/einvoice';
import { ConflictError, found } from '../domain/errors';
import type { CreditNote } from '../domain/invoices/credit-note';
import type { Invoice } from '../domain/invoices/invoice';
import type { InvoiceRenderer, InvoiceStore } from '../ports/invoices';
import type { LogoStore } from '../ports/logos';
import { sellerLogo } from './entity-logos';

export interface InvoiceDocumentDeps {
  invoices: InvoiceStore;
  renderer: InvoiceRenderer;
  /** The seller's logo as the invoice was issued with it (its hash is frozen on the invoice's seller). */
  logos: LogoStore;
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
  return { number: invoice.number!, bytes: await deps.renderer.pdf(invoice, await sellerLogo(deps, accountId, invoice.seller)) };
}

/** The invoice's Factur-X; an invoice whose CII cannot be made whole is 422 einvoice_incomplete (src/domain/einvoice). */
export async function facturXOf(deps: InvoiceDocumentDeps, accountId: string, id: string): Promise<Rendered> {
  const invoice = await finalizedInvoice(deps, accountId, id, 'Factur-X');
  const xml = ciiInvoiceXml(invoice, 'en16931');
  return { number: invoice.number!, bytes: await deps.renderer.facturX(invoice, xml, await sellerLogo(deps, accountId, invoice.seller)) };
}

/** A credit note's PDF: the credit note and the invoice it corrects, both of the account. */
export async function creditNotePdfOf(deps: InvoiceDocumentDeps, accountId: string, id: string): Promise<Rendered> {
  const { note, invoice } = await creditNoteAndInvoice(deps, accountId, id);
  return { number: note.number, bytes: await deps.renderer.creditNotePdf(note, invoice, await sellerLogo(deps, accountId, note.seller)) };
}

/** A credit note of the account (404 otherwise). */
export const getCreditNote = async (deps: Pick<InvoiceDocumentDeps, 'invoices'>, accountId: string, id: string): Promise<CreditNote> =>
  found(await deps.invoices.getCreditNote(accountId, id), 'credit note', id);

/** A credit note of the account and the invoice it corrects: what both of its documents show. */
async function creditNoteAndInvoice(
  deps: Pick<InvoiceDocumentDeps, 'invoices'>,
  accountId: string,
  id: string,
): Promise<{ note: CreditNote; invoice: Invoice }> {
  const note = await getCreditNote(deps, accountId, id);
  return { note, invoice: found(await deps.invoices.getInvoice(accountId, note.invoice_id), 'invoice', note.invoice_id) };
}

const invoiceWriters = { ubl: ublInvoiceXml, cii: ciiInvoiceXml } as const;
const creditNoteWriters = { ubl: ublCreditNoteXml, cii: ciiCreditNoteXml } as const;

/** A finalized invoice as an EN 16931 e-invoice; 422 einvoice_incomplete when its data cannot make the profile whole. */
export async function invoiceXmlOf(
  deps: Pick<InvoiceDocumentDeps, 'invoices'>,
  accountId: string,
  id: string,
  syntax: EInvoiceSyntax,
  profile: EInvoiceProfile,
): Promise<{ number: string; xml: string }> {
  const invoice = await finalizedInvoice(deps, accountId, id, `${syntax.toUpperCase()} e-invoice`);
  return { number: invoice.number!, xml: invoiceWriters[syntax](invoice, profile) };
}

/** A credit note as an EN 16931 e-invoice (UBL CreditNote, CII type 381), referring to the invoice it corrects (BT-25). */
export async function creditNoteXmlOf(
  deps: Pick<InvoiceDocumentDeps, 'invoices'>,
  accountId: string,
  id: string,
  syntax: EInvoiceSyntax,
  profile: EInvoiceProfile,
): Promise<{ number: string; xml: string }> {
  const { note, invoice } = await creditNoteAndInvoice(deps, accountId, id);
  return { number: note.number, xml: creditNoteWriters[syntax](note, invoice, profile) };
}
