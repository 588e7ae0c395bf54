/**
 * Composition root of the invoice PDF: apart from ports.ts so that pdf-lib is bundled only into the
 * function that renders invoices (the other functions import ports.ts; test/infra/bundle.test.ts).
 */
import { PdfLibInvoiceRenderer } from '../adapters/pdf/invoice-pdf';
import type { InvoiceRenderer } from '../ports/invoices';
import { once } from '../shared/once';

const renderer = /* @__PURE__ */ once(() => new PdfLibInvoiceRenderer());

export const invoicePdf: InvoiceRenderer = {
  pdf: (invoice, logo) => renderer().pdf(invoice, logo),
  facturX: (invoice, ciiXml, logo) => renderer().facturX(invoice, ciiXml, logo),
  creditNotePdf: (note, invoice, logo) => renderer().creditNotePdf(note, invoice, logo),
};
