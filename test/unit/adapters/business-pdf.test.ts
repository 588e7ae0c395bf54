/**
 * Unit: the document layout (src/adapters/pdf/business-pdf.ts) with a seller's logo: a PNG drawn at the top right of
 * the first page, the same bytes twice, every page rendered by pdftoppm without a warning.
 */
import { PDFDocument, PDFName, PDFDict } from 'pdf-lib';
import { businessDocument, savePdf } from '../../../src/adapters/pdf/business-pdf';
import type { DocumentContent } from '../../../src/adapters/pdf/document-content';
import { png } from '../../support/logo-images';
import { renderPages, requirePoppler } from '../../support/poppler';

const party = { name: 'Łódź Sp. z o.o.', address: { line1: 'ul. Piotrkowska 12', city: 'Łódź', postal_code: '90-001', country: 'PL' }, tax_id: 'PL5260250274' };
const content: DocumentContent = {
  kind: 'Invoice',
  number: 'FV/1',
  currency: 'PLN',
  facts: [['Invoice number', 'FV/1']],
  seller: party,
  buyer: { ...party, name: 'Klient' },
  lines: [{ description: 'Szkolenie zespołowy', quantity: 1, unitPrice: 100, net: 100, rate: 0.23, tax: 23 }],
  summary: [{ rate: 0.23, taxable: 100, tax: 23 }],
  subtotal: 100,
  taxTotal: 23,
  total: 123,
  totalLabel: 'Total',
  payment: [],
  mentions: [],
};

describe('the document layout', () => {
  beforeAll(requirePoppler);

  it("draws the seller's logo on the first page, the same bytes twice", async () => {
    const logo = { content_type: 'image/png' as const, bytes: png(4, 2) };
    const bytes = await savePdf(await businessDocument(content, logo));
    expect(Buffer.compare(Buffer.from(await savePdf(await businessDocument(content, logo))), Buffer.from(bytes))).toBe(0);
    const doc = await PDFDocument.load(bytes);
    const resources = doc.getPage(0).node.lookup(PDFName.of('Resources'), PDFDict);
    expect(resources.lookup(PDFName.of('XObject'), PDFDict).keys()).toHaveLength(1);
    expect(renderPages(bytes)).toEqual({ pages: 1, warnings: '' });
  });
});
