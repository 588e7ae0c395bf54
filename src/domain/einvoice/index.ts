/**
 * Domain (pure): Levy's e-invoices. From a finalized invoice (or a credit note and the invoice it corrects): the
 * EN 16931 document in CII D16B or UBL 2.1, in a profile (en16931, xrechnung, peppol: UBL only). A document the data
 * cannot make whole is refused with 422 `einvoice_incomplete` naming every missing business term, never written
 * invalid. The same invoice always gives the same bytes. docs/invoices.md "E-invoices".
 */
import type { CreditNote } from '../invoices/credit-note';
import type { Invoice } from '../invoices/invoice';
import { ciiXml } from './cii';
import { creditNoteDocument, invoiceDocument, type EInvoiceDocument } from './document';
import { checkComplete, syntaxProfiles, type EInvoiceProfile, type EInvoiceSyntax } from './profiles';
import { ublXml } from './ubl';

export { einvoiceProfiles, missingTerms, syntaxProfiles, type EInvoiceProfile, type EInvoiceSyntax, type MissingTerm } from './profiles';
export { creditNoteDocument, invoiceDocument, type EInvoiceDocument } from './document';

const writers: Record<EInvoiceSyntax, (doc: EInvoiceDocument, profile: EInvoiceProfile) => string> = { cii: ciiXml, ubl: ublXml };

function written(syntax: EInvoiceSyntax, doc: EInvoiceDocument, profile: EInvoiceProfile, what: string): string {
  if (!(syntaxProfiles[syntax] as readonly string[]).includes(profile)) throw new Error(`profile ${profile} is not written in ${syntax}`);
  checkComplete(doc, profile, what);
  return writers[syntax](doc, profile);
}

/** A finalized invoice as CII XML (Factur-X embeds the `en16931` one as factur-x.xml). */
export const ciiInvoiceXml = (invoice: Invoice, profile: EInvoiceProfile = 'en16931'): string =>
  written('cii', invoiceDocument(invoice), profile, `Invoice '${invoice.id}'`);

/** A finalized invoice as a UBL `Invoice`. */
export const ublInvoiceXml = (invoice: Invoice, profile: EInvoiceProfile = 'en16931'): string =>
  written('ubl', invoiceDocument(invoice), profile, `Invoice '${invoice.id}'`);

/** A credit note as CII XML (type code 381), referring to its invoice (BT-25). */
export const ciiCreditNoteXml = (note: CreditNote, invoice: Invoice, profile: EInvoiceProfile = 'en16931'): string =>
  written('cii', creditNoteDocument(note, invoice), profile, `Credit note '${note.id}'`);

/** A credit note as a UBL `CreditNote` with positive amounts, referring to its invoice (BT-25). */
export const ublCreditNoteXml = (note: CreditNote, invoice: Invoice, profile: EInvoiceProfile = 'en16931'): string =>
  written('ubl', creditNoteDocument(note, invoice), profile, `Credit note '${note.id}'`);
