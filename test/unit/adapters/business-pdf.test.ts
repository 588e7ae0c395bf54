/**
 * Unit: the document layout (src/adapters/pdf/business-pdf.ts) with a seller's logo: a PNG drawn at the top right of
 * the first page, the same bytes twice, every page rendered by pdftoppm without a warning.
 */
import { crc32, deflateSync } from 'node:zlib';
import { PDFDocument, PDFName, PDFDict } from 'pdf-lib';
import { businessDocument, savePdf } from '../../../src/adapters/pdf/business-pdf';
import type { DocumentContent } from '../../../src/adapters/pdf/document-content';
import { renderPages, requirePoppler } from '../../support/poppler';

/** A 4 x 2 RGB PNG (RFC 2083): signature, IHDR, one IDAT, IEND. */
function png(): Uint8Array {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(4, 0);
  header.writeUInt32BE(2, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = [0, ...[200, 30, 30, 30, 200, 30, 30, 30, 200, 0, 0, 0]];
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.from([...row, ...row]))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

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
    const logo = { type: 'image/png' as const, bytes: png() };
    const bytes = await savePdf(await businessDocument(content, logo));
    expect(Buffer.compare(Buffer.from(await savePdf(await businessDocument(content, logo))), Buffer.from(bytes))).toBe(0);
    const doc = await PDFDocument.load(bytes);
    const resources = doc.getPage(0).node.lookup(PDFName.of('Resources'), PDFDict);
    expect(resources.lookup(PDFName.of('XObject'), PDFDict).keys()).toHaveLength(1);
    expect(renderPages(bytes)).toEqual({ pages: 1, warnings: '' });
  });
});
