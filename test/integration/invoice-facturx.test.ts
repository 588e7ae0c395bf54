/**
 * Integration: GET /v1/invoices/{id}/facturx on DynamoDB Local through the shared pipeline: a PDF/A-3 whose embedded
 * factur-x.xml is the invoice's CII XML byte for byte (names in Polish, Czech, Greek, Cyrillic and German as UTF-8
 * characters), with its /AF relationship, sRGB output intent and XMP (PDF/A-3B, the Factur-X extension schema), ids
 * derived from the invoice (the same bytes twice), every page rendered by pdftoppm without a warning; a draft is 409,
 * another account's 404, an invoice EN 16931 cannot describe 422.
 */
import { PDFArray, PDFDict, PDFDocument, PDFHexString, PDFName, PDFRawStream, PDFStream } from 'pdf-lib';
import { ciiInvoiceXml } from '../../src/domain/einvoice';
import { callRoute, newTestAccount } from '../support/api';
import { czechBuyer, newPolishSeller, unicodeLines } from '../support/invoice-seller';
import { documentTwice } from '../support/document-twice';
import { pdfText } from '../support/pdf-text';
import { embeddedFiles, renderPages, requirePoppler } from '../support/poppler';

const streamText = (stream: PDFStream) => Buffer.from((stream as PDFRawStream).getContents()).toString('utf8');

describe('Factur-X', () => {
  let accountId: string;
  let seriesId: string;

  beforeAll(async () => {
    requirePoppler();
    ({ accountId, seriesId } = await newPolishSeller('FX/2026/'));
  });

  const draft = async (extra: Record<string, unknown> = {}) =>
    callRoute('invoices-create', {
      accountId,
      body: { series_id: seriesId, currency: 'PLN', issue_date: '2026-10-05', customer: czechBuyer, line_items: unicodeLines, ...extra },
    });

  it('embeds the CII XML as factur-x.xml in a PDF/A-3 that says so, the same bytes every time', async () => {
    const created = await draft({ buyer_reference: 'Zamówienie Łódź-7', payment: { means_code: '58', iban: 'PL61109010140000071219812874' } });
    const finalized = await callRoute('invoices-finalize', { accountId, pathParameters: { id: created.body.id } });
    expect(finalized.status).toBe(200);
    const res = await documentTwice('invoices-facturx', { accountId, pathParameters: { id: created.body.id } });
    expect(res.headers['content-type']).toBe('application/pdf');
    const bytes = res.body;

    // The embedded XML, as poppler's pdfdetach saves it, is the invoice's CII byte for byte, names as UTF-8 characters.
    const files = embeddedFiles(bytes);
    expect([...files.keys()]).toEqual(['factur-x.xml']);
    const xml = files.get('factur-x.xml')!;
    expect(Buffer.compare(xml, Buffer.from(ciiInvoiceXml(finalized.body, 'en16931'), 'utf8'))).toBe(0);
    const text = xml.toString('utf8');
    for (const name of [
      'Łódź Sp. z o.o.',
      'Příliš žluťoučký kůň GmbH',
      'Hauptstraße 5',
      'Szkolenie zespołowy, Łódź',
      'Εργαστήριο στην Αθήνα',
      'Семинар, Москва',
    ]) {
      expect(text).toContain(name);
    }
    expect(text).not.toContain('&#');

    const doc = await PDFDocument.load(bytes, { updateMetadata: false });
    const catalog = doc.catalog;
    const af = catalog.lookup(PDFName.of('AF'), PDFArray);
    const spec = af.lookup(0, PDFDict);
    expect(spec.get(PDFName.of('AFRelationship'))).toBe(PDFName.of('Alternative'));
    expect(spec.lookup(PDFName.of('UF'), PDFHexString).decodeText()).toBe('factur-x.xml');
    const intent = catalog.lookup(PDFName.of('OutputIntents'), PDFArray).lookup(0, PDFDict);
    expect(intent.get(PDFName.of('S'))).toBe(PDFName.of('GTS_PDFA1'));
    const profile = intent.lookup(PDFName.of('DestOutputProfile'), PDFStream);
    expect(profile.dict.get(PDFName.of('N'))?.toString()).toBe('3');
    const xmp = streamText(catalog.lookup(PDFName.of('Metadata'), PDFStream));
    for (const part of [
      '<pdfaid:part>3</pdfaid:part>',
      '<pdfaid:conformance>B</pdfaid:conformance>',
      '<pdfaSchema:namespaceURI>urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#</pdfaSchema:namespaceURI>',
      '<fx:DocumentType>INVOICE</fx:DocumentType>',
      '<fx:DocumentFileName>factur-x.xml</fx:DocumentFileName>',
      '<fx:Version>1.0</fx:Version>',
      '<fx:ConformanceLevel>EN 16931</fx:ConformanceLevel>',
      `<dc:title><rdf:Alt><rdf:li xml:lang="x-default">Invoice ${finalized.body.number}</rdf:li></rdf:Alt></dc:title>`,
    ]) {
      expect(xmp).toContain(part);
    }
    // The trailer's /ID and the XMP document id are one value, derived from the invoice.
    const trailerId = (doc.context.trailerInfo.ID as PDFArray).lookup(0, PDFHexString).asString();
    const documentId = /<xmpMM:DocumentID>uuid:([0-9a-f-]+)<\/xmpMM:DocumentID>/.exec(xmp)![1]!;
    expect(documentId.replace(/-/g, '')).toBe(trailerId.toLowerCase());
    expect(doc.getTitle()).toBe(`Invoice ${finalized.body.number}`);
    expect(doc.getCreationDate()?.toISOString()).toBe(new Date(Math.floor(Date.parse(finalized.body.finalized_at) / 1000) * 1000).toISOString());

    // The human-readable part is the invoice's PDF.
    const printed = pdfText(bytes);
    for (const field of [`Invoice number: ${finalized.body.number}`, 'Łódź Sp. z o.o.', 'Příliš žluťoučký kůň GmbH', 'Total: 2000.00 PLN', 'Reverse charge']) {
      expect(printed).toContain(field);
    }
    expect(renderPages(bytes)).toEqual({ pages: 1, warnings: '' });
  });

  it('answers 409 for a draft, 404 for another account, 422 einvoice_incomplete naming the business term', async () => {
    const created = await draft({ payment: { means_code: '58' } });
    const early = await callRoute('invoices-facturx', { accountId, pathParameters: { id: created.body.id } });
    expect(early.status).toBe(409);
    expect(early.body.error).toBe('invoice_not_finalized');
    expect((await callRoute('invoices-finalize', { accountId, pathParameters: { id: created.body.id } })).status).toBe(200);
    const incomplete = await callRoute('invoices-facturx', { accountId, pathParameters: { id: created.body.id } });
    expect(incomplete.status).toBe(422);
    expect(incomplete.body.error).toBe('einvoice_incomplete');
    expect(incomplete.body.message).toContain('BT-84 (payment.iban');
    const other = (await newTestAccount('PL', 'Inna Sp. z o.o.')).account_id;
    expect((await callRoute('invoices-facturx', { accountId: other, pathParameters: { id: created.body.id } })).status).toBe(404);
  });
});
