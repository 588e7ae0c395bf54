/**
 * Integration: an entity's logo through the shared pipeline on DynamoDB Local: PUT /entities/{id}/logo stores a PNG
 * or JPEG (read from its bytes) and answers the entity with the logo's facts, the same again for the same bytes; GET
 * gives the bytes back; DELETE removes it; a wrong type, an oversized file, an absurd pixel size, an unreadable image
 * and the primary entity each get their 4xx {error, message, status}. The primary entity's logo is set by the operator
 * (`levy accounts update --logo`). An invoice finalized with a logo prints it, as an image XObject of the logo's pixel
 * size, on its PDF, its credit note's PDF and its Factur-X (PDF/A-3, with the PNG's transparency as an SMask), the same
 * bytes twice, every page rendered by pdftoppm without a warning; a logo changed or removed after finalization leaves
 * the issued documents as they were.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFNumber, PDFRawStream, PDFStream } from 'pdf-lib';
import { updatePrimaryLogo } from '../../local/admin/accounts';
import { main } from '../../local/cli';
import { ports } from '../../src/composition/all-ports';
import { MAX_LOGO_BYTES } from '../../src/domain/documents/logo-image';
import { callRoute, newTestAccount } from '../support/api';
import { documentTwice } from '../support/document-twice';
import { czechBuyer, polishSeller, unicodeLines } from '../support/invoice-seller';
import { jpeg, png } from '../support/logo-images';
import { renderPages, requirePoppler } from '../support/poppler';

type ImageFacts = { width: number; height: number; colorSpace: string; smask: boolean };

/** The image XObjects each page draws, with their pixel size, colour space and whether they carry an SMask. */
async function pageImages(bytes: Uint8Array): Promise<ImageFacts[][]> {
  const doc = await PDFDocument.load(bytes, { updateMetadata: false });
  return doc.getPages().map((page) => {
    const xobjects = page.node.Resources()?.lookupMaybe(PDFName.of('XObject'), PDFDict);
    return (xobjects?.keys() ?? [])
      .map((key) => xobjects!.lookup(key, PDFStream).dict)
      .filter((dict) => dict.get(PDFName.of('Subtype')) === PDFName.of('Image'))
      .map((dict) => ({
        width: dict.lookup(PDFName.of('Width'), PDFNumber).asNumber(),
        height: dict.lookup(PDFName.of('Height'), PDFNumber).asNumber(),
        colorSpace: String(dict.get(PDFName.of('ColorSpace'))),
        smask: dict.has(PDFName.of('SMask')),
      }));
  });
}

describe('entity logos', () => {
  let accountId: string;
  let primaryId: string;
  let sellerId: string;
  let seriesId: string;
  const logoOf = (id: string) => ({ accountId, pathParameters: { id } });

  beforeAll(async () => {
    requirePoppler();
    const account = await newTestAccount('PL', 'Łódź Holding');
    accountId = account.account_id;
    primaryId = account.primary_entity.id;
    sellerId = (await callRoute('entities-create', { accountId, body: polishSeller })).body.id;
    seriesId = (await callRoute('invoice-series-create', { accountId, body: { entity_id: sellerId, prefix: 'LG/2026/' } })).body.id;
  });

  const finalized = async () => {
    const created = await callRoute('invoices-create', {
      accountId,
      body: { series_id: seriesId, currency: 'PLN', issue_date: '2026-10-05', customer: czechBuyer, line_items: unicodeLines },
    });
    const res = await callRoute('invoices-finalize', { accountId, pathParameters: { id: created.body.id } });
    expect(res.status).toBe(200);
    return res.body;
  };

  it('stores a PNG read from its bytes, answers it back, and the same PUT again is the same answer', async () => {
    const image = png(240, 80, { alpha: true });
    // The header says JPEG; the bytes are a PNG: the bytes win.
    const put = await callRoute('entity-logo-put', { ...logoOf(sellerId), body: image, headers: { 'Content-Type': 'image/jpeg' } });
    expect(put.status).toBe(200);
    expect(put.body.logo).toEqual({ content_type: 'image/png', size: image.length, width: 240, height: 80, sha256: expect.stringMatching(/^[0-9a-f]{64}$/) });
    const again = await callRoute('entity-logo-put', { ...logoOf(sellerId), body: image, headers: { 'Content-Type': 'image/png' } });
    expect(again.status).toBe(200);
    expect(again.body.logo).toEqual(put.body.logo);
    expect((await callRoute('entities-get', logoOf(sellerId))).body.logo).toEqual(put.body.logo);
    const got = await callRoute('entity-logo-get', logoOf(sellerId));
    expect(got.status).toBe(200);
    expect(got.headers['content-type']).toBe('image/png');
    expect(Buffer.compare(got.body, image)).toBe(0);
  });

  it.each([
    ['a GIF', 415, 'unsupported_media_type', 'image/png or image/jpeg', () => Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1')],
    ['an empty body', 400, 'validation_error', 'it is empty', () => Buffer.alloc(0)],
    ['a file over 256 KiB', 413, 'document_too_large', 'at most 262144', () => Buffer.concat([png(2, 2), Buffer.alloc(MAX_LOGO_BYTES)])],
    ['an absurd pixel size', 400, 'validation_error', '1900 x 40 pixels', () => png(1900, 40)],
    ['a PNG cut short', 400, 'validation_error', 'cut short', () => png(60, 20).subarray(0, 50)],
  ])('refuses %s with %i, writing nothing', async (_what, status, error, message, body) => {
    const { body: entity } = await callRoute('entities-create', { accountId, body: { name: 'Refused Sp. z o.o.', country: 'PL' } });
    const res = await callRoute('entity-logo-put', { ...logoOf(entity.id), body: body(), headers: { 'Content-Type': 'image/png' } });
    expect(res.status).toBe(status);
    expect(res.body).toEqual({ error, message: expect.stringContaining(message), status, request_id: expect.any(String) });
    expect((await callRoute('entities-get', logoOf(entity.id))).body.logo).toBeUndefined();
    expect((await callRoute('entity-logo-get', logoOf(entity.id))).status).toBe(404);
  });

  it('refuses a logo sent in the JSON of POST or PATCH /entities, naming the route that sets it', async () => {
    const patched = await callRoute('entities-update', { ...logoOf(sellerId), body: { logo: 'data:image/png;base64,iVBORw0KGgo=' } });
    expect(patched.status).toBe(400);
    expect(patched.body).toMatchObject({ error: 'validation_error', message: expect.stringContaining("'logo' is set with PUT /entities/{id}/logo") });
    const created = await callRoute('entities-create', { accountId, body: { name: 'Logo Sp. z o.o.', country: 'PL', logo: {} } });
    expect(created.status).toBe(400);
  });

  it("refuses the primary entity's logo through the API (403) and another account's entity (404)", async () => {
    const primary = await callRoute('entity-logo-put', { ...logoOf(primaryId), body: png(20, 20), headers: { 'Content-Type': 'image/png' } });
    expect(primary.status).toBe(403);
    expect(primary.body).toMatchObject({ error: 'primary_entity_immutable', message: expect.stringContaining('levy accounts update --account') });
    expect((await callRoute('entity-logo-delete', logoOf(primaryId))).status).toBe(403);
    const other = (await newTestAccount('PL', 'Inna Sp. z o.o.')).account_id;
    const foreign = { accountId: other, pathParameters: { id: sellerId } };
    expect((await callRoute('entity-logo-put', { ...foreign, body: png(20, 20), headers: { 'Content-Type': 'image/png' } })).status).toBe(404);
    expect((await callRoute('entity-logo-get', foreign)).status).toBe(404);
    expect((await callRoute('entity-logo-delete', foreign)).status).toBe(404);
  });

  it("sets the primary entity's logo through `levy accounts update --logo`, and removes it with `--logo null`", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'levy-logo-cli-'));
    const stdout = jest.spyOn(process.stdout, 'write').mockImplementation((() => true) as never);
    try {
      const file = join(dir, 'logo.jpg');
      writeFileSync(file, await jpeg(300, 100));
      expect(await main(['accounts', 'update', '--account', accountId, '--logo', file])).toBe(0);
      expect((await callRoute('entities-get', logoOf(primaryId))).body.logo).toMatchObject({ content_type: 'image/jpeg', width: 300, height: 100 });
      const got = await callRoute('entity-logo-get', logoOf(primaryId));
      expect(got.headers['content-type']).toBe('image/jpeg');
      expect(await main(['accounts', 'update', '--account', accountId, '--logo', 'null'])).toBe(0);
      expect((await callRoute('entities-get', logoOf(primaryId))).body.logo).toBeNull();
    } finally {
      stdout.mockRestore();
      rmSync(dir, { recursive: true, force: true });
    }
    await expect(updatePrimaryLogo(ports, accountId, Buffer.from('not an image'))).rejects.toThrow(/--logo: A logo must be image\/png or image\/jpeg/);
  });

  it('prints the logo on the invoice PDF, its credit note and its Factur-X, as issued, the same bytes twice', async () => {
    const first = png(240, 80, { alpha: true });
    await callRoute('entity-logo-put', { ...logoOf(sellerId), body: first, headers: { 'Content-Type': 'image/png' } });
    const invoice = await finalized();
    expect(invoice.seller.logo).toMatchObject({ width: 240, height: 80, content_type: 'image/png' });
    const pdf = (await documentTwice('invoices-pdf', logoOf(invoice.id))).body;
    expect(await pageImages(pdf)).toEqual([[{ width: 240, height: 80, colorSpace: '/DeviceRGB', smask: true }]]);
    expect(renderPages(pdf)).toEqual({ pages: 1, warnings: '' });

    const note = await callRoute('invoices-credit-notes-create', {
      accountId,
      pathParameters: { id: invoice.id },
      body: { reason: 'Zwrot', line_items: [{ id: 'team', amount: 60_000 }] },
    });
    const notePdf = (await documentTwice('credit-notes-pdf', logoOf(note.body.id))).body;
    expect(await pageImages(notePdf)).toEqual([[{ width: 240, height: 80, colorSpace: '/DeviceRGB', smask: true }]]);
    expect(renderPages(notePdf)).toEqual({ pages: 1, warnings: '' });

    const facturX = (await documentTwice('invoices-facturx', logoOf(invoice.id))).body;
    expect(await pageImages(facturX)).toEqual([[{ width: 240, height: 80, colorSpace: '/DeviceRGB', smask: true }]]);
    expect(renderPages(facturX)).toEqual({ pages: 1, warnings: '' });
    // Still the PDF/A-3 it was: the sRGB output intent (which DeviceRGB images need in PDF/A) and the XMP part 3.
    const doc = await PDFDocument.load(facturX, { updateMetadata: false });
    const intent = doc.catalog.lookup(PDFName.of('OutputIntents'), PDFArray).lookup(0, PDFDict);
    expect(intent.get(PDFName.of('S'))).toBe(PDFName.of('GTS_PDFA1'));
    const xmp = Buffer.from((doc.catalog.lookup(PDFName.of('Metadata'), PDFStream) as PDFRawStream).getContents()).toString('utf8');
    expect(xmp).toContain('<pdfaid:part>3</pdfaid:part>');
    // ISO 19005-2/-3 6.2.8: no image interpolation, alternates or OPI; the soft mask a greyscale image of the logo's size.
    const image = doc.getPage(0).node.Resources()!.lookup(PDFName.of('XObject'), PDFDict);
    const logo = image.lookup(image.keys()[0]!, PDFStream).dict;
    for (const forbidden of ['Interpolate', 'Alternates', 'OPI']) expect(logo.has(PDFName.of(forbidden))).toBe(false);
    const mask = logo.lookup(PDFName.of('SMask'), PDFStream).dict;
    expect([mask.get(PDFName.of('ColorSpace')), mask.lookup(PDFName.of('Width'), PDFNumber).asNumber()]).toEqual([PDFName.of('DeviceGray'), 240]);
    expect(mask.has(PDFName.of('Interpolate'))).toBe(false);

    // A new logo, then none: the issued documents do not move; the next invoice takes the logo of its finalization.
    await callRoute('entity-logo-put', { ...logoOf(sellerId), body: await jpeg(150, 150), headers: { 'Content-Type': 'image/jpeg' } });
    expect(Buffer.compare((await callRoute('invoices-pdf', logoOf(invoice.id))).body, pdf)).toBe(0);
    const next = await finalized();
    const nextPdf = (await documentTwice('invoices-pdf', logoOf(next.id))).body;
    expect(await pageImages(nextPdf)).toEqual([[{ width: 150, height: 150, colorSpace: '/DeviceRGB', smask: false }]]);
    expect(renderPages(nextPdf)).toEqual({ pages: 1, warnings: '' });
    const removed = await callRoute('entity-logo-delete', logoOf(sellerId));
    expect(removed.status).toBe(200);
    expect(removed.body.logo).toBeNull();
    expect((await callRoute('entity-logo-delete', logoOf(sellerId))).status).toBe(200);
    expect((await callRoute('entity-logo-get', logoOf(sellerId))).status).toBe(404);
    expect(Buffer.compare((await callRoute('invoices-pdf', logoOf(invoice.id))).body, pdf)).toBe(0);
    expect(Buffer.compare((await callRoute('credit-notes-pdf', logoOf(note.body.id))).body, notePdf)).toBe(0);
    const without = await finalized();
    expect(without.seller.logo).toBeUndefined();
    expect(await pageImages((await callRoute('invoices-pdf', logoOf(without.id))).body)).toEqual([[]]);
  });
});
