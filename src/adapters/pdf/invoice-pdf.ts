/**
 * Secondary adapter (pdf-lib): a finalized invoice or a credit note as a PDF with every field Directive 2006/112/EC
 * Art. 226 requires, set in an embedded Unicode font (fonts.ts) and laid out as a document (business-pdf.ts;
 * docs/invoices.md), or as Factur-X: the same document as a PDF/A-3 carrying its CII XML (facturx.ts). The same
 * document renders to the same bytes every time (a hash of the PDF identifies it).
 */
import type { LogoImage } from '../../domain/documents/logo-image';
import type { CreditNote } from '../../domain/invoices/credit-note';
import type { Invoice } from '../../domain/invoices/invoice';
import type { InvoiceRenderer } from '../../ports/invoices';
import { businessDocument, savePdf } from './business-pdf';
import { creditNoteContent, invoiceContent } from './document-content';
import { makeFacturX } from './facturx';

export class PdfLibInvoiceRenderer implements InvoiceRenderer {
  async pdf(invoice: Invoice, logo?: LogoImage): Promise<Uint8Array> {
    return savePdf(await businessDocument(invoiceContent(invoice), logo));
  }

  async facturX(invoice: Invoice, ciiXml: string, logo?: LogoImage): Promise<Uint8Array> {
    const content = invoiceContent(invoice);
    const doc = await businessDocument(content, logo);
    await makeFacturX(doc, {
      xml: ciiXml,
      title: `${content.kind} ${content.number}`,
      identity: `${invoice.id}:${content.number}`,
      date: new Date(invoice.finalized_at!),
    });
    return savePdf(doc);
  }

  async creditNotePdf(note: CreditNote, invoice: Invoice, logo?: LogoImage): Promise<Uint8Array> {
    return savePdf(await businessDocument(creditNoteContent(note, invoice), logo));
  }
}
