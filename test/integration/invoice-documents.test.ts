/**
 * Integration: the invoice PDF as a document a person reads, through the shared pipeline on DynamoDB Local: names in
 * Polish, Czech, Greek, Cyrillic and German extracted back exactly (an embedded Unicode font), every mandatory field,
 * a lines table flowing over pages with its header and "Page n of N", a credit note's PDF, the same bytes for the same
 * document, and every page rendered by poppler's pdftoppm without a warning.
 */
import { callRoute, newTestAccount } from '../support/api';
import { czechBuyer, newPolishSeller, saas, unicodeLines } from '../support/invoice-seller';
import { documentTwice } from '../support/document-twice';
import { pdfPages, pdfText } from '../support/pdf-text';
import { renderPages, requirePoppler } from '../support/poppler';

describe('invoice documents', () => {
  let accountId: string;
  let seriesId: string;

  beforeAll(async () => {
    requirePoppler();
    ({ accountId, seriesId } = await newPolishSeller('FV/2026/'));
  });

  const finalized = async (lineItems: unknown[], extra: Record<string, unknown> = {}) => {
    const created = await callRoute('invoices-create', {
      accountId,
      body: {
        series_id: seriesId,
        currency: 'PLN',
        issue_date: '2026-10-05',
        supply_date: '2026-09-30',
        customer: czechBuyer,
        line_items: lineItems,
        ...extra,
      },
    });
    expect(created.status).toBe(201);
    const res = await callRoute('invoices-finalize', { accountId, pathParameters: { id: created.body.id } });
    expect(res.status).toBe(200);
    return res.body;
  };

  it('prints Polish, Czech, Greek, Cyrillic and German names exactly, with every mandatory field, the same bytes every time', async () => {
    const invoice = await finalized(unicodeLines, {
      buyer_reference: 'Zamówienie 7/Łódź',
      purchase_order: 'PO-Straße-12',
      payment: { means_code: '58', iban: 'PL61109010140000071219812874', bic: 'WBKPPLPP', terms: 'Płatne w ciągu 14 dni', due_date: '2026-10-19' },
    });
    const bytes = (await documentTwice('invoices-pdf', { accountId, pathParameters: { id: invoice.id } })).body;
    // The font travels as a subset: the whole of DejaVu Sans and its bold weigh 1.4 MB.
    expect(bytes.length).toBeLessThan(80_000);

    const text = pdfText(bytes);
    for (const field of [
      `Invoice number: ${invoice.number}`,
      'Date of issue: 2026-10-05',
      'Date of supply: 2026-09-30',
      'Buyer reference: Zamówienie 7/Łódź',
      'Purchase order: PO-Straße-12',
      'Łódź Sp. z o.o.',
      'ul. Piotrkowska 12',
      '90-001 Łódź',
      'VAT number: PL5260250274',
      'Příliš žluťoučký kůň GmbH',
      'Hauptstraße 5',
      '80331 München',
      'Customer VAT number: DE136695976',
      'Description Quantity Unit price Net VAT rate VAT',
      'Szkolenie zespołowy, Łódź 4 300.00 1200.00 0 % 0.00',
      'Εργαστήριο στην Αθήνα 1 500.00 500.00 0 % 0.00',
      'Семинар, Москва 1 300.00 300.00 0 % 0.00',
      '0 % 2000.00 PLN 0.00 PLN',
      'Subtotal: 2000.00 PLN',
      'Total tax: 0.00 PLN',
      'Total: 2000.00 PLN',
      'Reverse charge',
      'Payment means: 58 (SEPA credit transfer)',
      'IBAN: PL61109010140000071219812874',
      'BIC: WBKPPLPP',
      'Payment terms: Płatne w ciągu 14 dni',
      'Due date: 2026-10-19',
      `Invoice ${invoice.number} Page 1 of 1`,
    ]) {
      expect(text).toContain(field);
    }
    expect(text).not.toContain('?');
    expect(text).not.toContain('\uFFFD');
    expect(renderPages(bytes)).toEqual({ pages: 1, warnings: '' });
  });

  it('flows a long lines table over pages, its header repeated and "Page n of N" on each', async () => {
    const lines = Array.from({ length: 70 }, (_, i) => saas(`l${i}`, 1_000 + i, { description: `Wsparcie zespołowy, pozycja ${i + 1}` }));
    const invoice = await finalized(lines);
    const bytes = (await callRoute('invoices-pdf', { accountId, pathParameters: { id: invoice.id } })).body as Buffer;
    const pages = pdfPages(bytes);
    expect(pages.length).toBeGreaterThanOrEqual(2);
    pages.forEach((page, i) => {
      expect(page).toContain(`Page ${i + 1} of ${pages.length}`);
      if (i === 0 || page.includes('Wsparcie')) expect(page).toContain('Description Quantity Unit price Net VAT rate VAT');
    });
    const text = pages.join('\n');
    for (let i = 1; i <= 70; i++) expect(text).toContain(`Wsparcie zespołowy, pozycja ${i} 1`);
    expect(text).toContain(`Total: ${((70 * 1_000 + (69 * 70) / 2) / 100).toFixed(2)} PLN`);
    expect(renderPages(bytes)).toEqual({ pages: pages.length, warnings: '' });
  });

  it('renders a credit note naming the invoice it corrects; another account gets 404', async () => {
    const invoice = await finalized(unicodeLines);
    const note = await callRoute('invoices-credit-notes-create', {
      accountId,
      pathParameters: { id: invoice.id },
      body: { reason: 'Zwrot: szkolenie zespołowy odwołane', line_items: [{ id: 'team', amount: 60_000 }] },
    });
    expect(note.status).toBe(201);
    const pdf = await documentTwice('credit-notes-pdf', { accountId, pathParameters: { id: note.body.id } });
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const bytes = pdf.body;
    const text = pdfText(bytes);
    for (const field of [
      'Credit note',
      `Credit note number: ${note.body.number}`,
      `Date of issue: ${note.body.issue_date}`,
      `Corrects invoice: ${invoice.number} of 2026-10-05`,
      'Reason: Zwrot: szkolenie zespołowy odwołane',
      'Łódź Sp. z o.o.',
      'Příliš žluťoučký kůň GmbH',
      'Customer VAT number: DE136695976',
      'Szkolenie zespołowy, Łódź 1 600.00 600.00 0 % 0.00',
      'Total credited: 600.00 PLN',
      'Reverse charge',
      `Credit note ${note.body.number} Page 1 of 1`,
    ]) {
      expect(text).toContain(field);
    }
    expect(renderPages(bytes)).toEqual({ pages: 1, warnings: '' });

    const other = (await newTestAccount('PL', 'Inna Sp. z o.o.')).account_id;
    const foreign = await callRoute('credit-notes-pdf', { accountId: other, pathParameters: { id: note.body.id } });
    expect(foreign.status).toBe(404);
    expect((await callRoute('credit-notes-pdf', { accountId, pathParameters: { id: 'crn_missing' } })).status).toBe(404);
  });

  it("prints why a line bears no VAT, in the words of the e-invoice's exemption reason", async () => {
    // Goods shipped to a business in another member state: VAT category K, an intra-Community supply (Art. 138).
    const goods = saas('goods', 10_000, { description: 'Meble biurowe', product_category: 'PHYSICAL_GOODS', delivery_method: 'SHIPPED' });
    const invoice = await finalized([goods]);
    expect(invoice.tax_total).toBe(0);
    const text = pdfText((await callRoute('invoices-pdf', { accountId, pathParameters: { id: invoice.id } })).body as Buffer);
    expect(text).toContain('Legal mentions\nReverse charge\nIntra-Community supply');
  });

  it('prints a character DejaVu Sans lacks (CJK) as U+FFFD, the stored invoice keeping it', async () => {
    const invoice = await finalized([saas('tokyo', 10_000, { description: 'Łódź — 東京 office' })]);
    expect(invoice.line_items[0].description).toBe('Łódź — 東京 office');
    const bytes = (await callRoute('invoices-pdf', { accountId, pathParameters: { id: invoice.id } })).body as Buffer;
    expect(pdfText(bytes)).toContain('Łódź — \uFFFD\uFFFD office');
    expect(renderPages(bytes).warnings).toBe('');
  });
});
