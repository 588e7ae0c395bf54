/**
 * Integration: invoice finalization on DynamoDB Local, through the shared pipeline: numbering, the tax computed by the
 * engine, the recorded sale and invoice.finalized, tax-inclusive amounts, intra-EU B2B fields and reverse charge, the
 * invoice PDF, and minor units per currency.
 */
import { callRoute } from '../support/api';
import { documentTwice } from '../support/document-twice';
import { frenchShop, newInvoiceSeller, saas, sellerAddress } from '../support/invoice-seller';
import { pdfText } from '../support/pdf-text';

describe('invoices', () => {
  let accountId: string;
  let sellerId: string;
  let seriesId: string;

  const createEntity = async (body: Record<string, unknown>) => callRoute('entities-create', { accountId, body });
  const createSeries = async (body: Record<string, unknown>, account = accountId) => callRoute('invoice-series-create', { accountId: account, body });
  const draft = async (body: Record<string, unknown>) =>
    callRoute('invoices-create', { accountId, body: { series_id: seriesId, currency: 'EUR', issue_date: '2026-10-05', ...body } });
  const finalize = (id: string) => callRoute('invoices-finalize', { accountId, pathParameters: { id } });

  beforeAll(async () => {
    ({ accountId, sellerId, seriesId } = await newInvoiceSeller());
  });

  describe('finalization', () => {
    it('numbers the invoice, computes the tax with the engine, records the sale and emits invoice.finalized', async () => {
      const series = await createSeries({ entity_id: sellerId, prefix: 'B2C-', next_number: 7 });
      const created = await callRoute('invoices-create', {
        accountId,
        body: {
          series_id: series.body.id,
          currency: 'EUR',
          issue_date: '2026-10-05',
          customer: { ...frenchShop, type: 'B2C' },
          line_items: [saas('a', 10_000), saas('b', 5_000, { quantity: 2 })],
        },
      });
      const res = await finalize(created.body.id);
      expect(res.status).toBe(200);
      // A German seller's SaaS to a French consumer is taxed in France (Directive 2006/112/EC Art. 58) at the French
      // standard rate of 20 % (Code general des impots, art. 278): 20 % of 10,000 and of 5,000 minor units.
      expect(res.body).toMatchObject({
        status: 'finalized',
        number: 'B2C-0007',
        subtotal: 15_000,
        tax_total: 3_000,
        total: 18_000,
        reverse_charge: false,
        mentions: [],
        tax_summary: [{ tax_rate: 0.2, taxable_amount: 15_000, tax_amount: 3_000 }],
        seller: { name: 'Levy Berlin GmbH', tax_id: 'DE136695976', address: { ...sellerAddress, country: 'DE' } },
        buyer: { name: frenchShop.name, tax_id: null },
        transaction_id: created.body.id,
      });
      const sale = await callRoute('transactions-get', { accountId, pathParameters: { id: created.body.id } });
      expect(sale.status).toBe(200);
      expect(sale.body).toMatchObject({ tax_total: 3_000, entity_id: sellerId, date: '2026-10-05' });
      const again = await finalize(created.body.id);
      expect(again.body).toEqual(res.body);
      expect((await callRoute('invoice-series-get', { accountId, pathParameters: { id: series.body.id } })).body.next_number).toBe(8);
      const events = (await callRoute('events-list', { accountId, query: { type: 'invoice.finalized', limit: '100' } })).body.data as any[];
      expect(events.filter((e) => e.data.object.id === created.body.id)).toHaveLength(1);
    });

    it('carves the tax out of tax-inclusive amounts', async () => {
      const created = await draft({ customer: { ...frenchShop, type: 'B2C' }, tax_behavior: 'inclusive', line_items: [saas('a', 12_000)] });
      const res = await finalize(created.body.id);
      // 12,000 gross at the French 20 % (CGI art. 278): net 10,000, VAT 2,000.
      expect(res.body).toMatchObject({ subtotal: 10_000, tax_total: 2_000, total: 12_000 });
    });

    it('refuses an intra-EU B2B invoice without the customer VAT number, listing every missing field', async () => {
      const bare = await createEntity({ name: 'Levy Hamburg GmbH', country: 'DE' });
      const series = await createSeries({ entity_id: bare.body.id, prefix: 'HH-' });
      const created = await callRoute('invoices-create', {
        accountId,
        body: {
          series_id: series.body.id,
          currency: 'EUR',
          issue_date: '2026-10-05',
          customer: { name: 'Boutique SARL', type: 'B2B', address: { country: 'FR', city: 'Paris' } },
          line_items: [saas('a', 10_000)],
        },
      });
      const res = await finalize(created.body.id);
      expect(res.status).toBe(422);
      expect(res.body.error).toBe('invoice_incomplete');
      for (const field of [
        'seller.address.line1',
        'seller.address.city',
        'seller.address.postal_code',
        'seller.tax_id',
        'customer.address.line1',
        'customer.address.postal_code',
        'customer.tax_id',
      ]) {
        expect(res.body.message).toContain(field);
      }
      expect(res.body.message).not.toContain('customer.address.city');
      // Nothing was numbered or recorded.
      expect((await callRoute('invoice-series-get', { accountId, pathParameters: { id: series.body.id } })).body.next_number).toBe(1);
      expect((await callRoute('transactions-get', { accountId, pathParameters: { id: created.body.id } })).status).toBe(404);
      expect((await callRoute('invoices-get', { accountId, pathParameters: { id: created.body.id } })).body.status).toBe('draft');
    });

    it('derives "Reverse charge" for a B2B customer in another member state, and the PDF carries every mandatory field', async () => {
      const created = await draft({
        customer: { ...frenchShop, type: 'B2B', tax_id: 'FR40303265045' },
        supply_date: '2026-09-30',
        line_items: [saas('seats', 30_000, { quantity: 3, description: 'Analytics seats, September 2026' })],
      });
      const res = await finalize(created.body.id);
      expect(res.status).toBe(200);
      // Business customer in another member state: the customer accounts for the VAT (Directive 2006/112/EC Art. 196),
      // so no VAT is charged and the invoice says "Reverse charge" (Art. 226(11a)).
      expect(res.body).toMatchObject({ reverse_charge: true, mentions: ['Reverse charge'], tax_total: 0, buyer: { tax_id: 'FR40303265045' } });

      const pdf = await documentTwice('invoices-pdf', { accountId, pathParameters: { id: created.body.id } });
      expect(pdf.headers['content-type']).toBe('application/pdf');
      const bytes = pdf.body;
      expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');

      const text = pdfText(bytes);
      const number = res.body.number as string;
      for (const field of [
        `Invoice number: ${number}`, // Art. 226(2)
        'Date of issue: 2026-10-05', // (1)
        'Date of supply: 2026-09-30', // (7)
        'Levy Berlin GmbH',
        'Friedrichstrasse 1',
        '10117 Berlin', // (5) seller
        'VAT number: DE136695976', // (3)
        frenchShop.name,
        '5 rue de Rivoli',
        '75001 Paris', // (5) customer
        'Customer VAT number: FR40303265045', // (4)
        'Lines (amounts in EUR; unit price and net exclude VAT)',
        'Description Quantity Unit price Net VAT rate VAT',
        // (6) quantity and nature, (8) unit price excluding tax, (9) the rate
        'Analytics seats, September 2026 3 100.00 300.00 0 % 0.00',
        'VAT rate Taxable amount VAT',
        '0 % 300.00 EUR 0.00 EUR', // (8) taxable amount per rate
        'Total tax: 0.00 EUR', // (10)
        'Total: 300.00 EUR',
        'Reverse charge', // (11a)
      ]) {
        expect(text).toContain(field);
      }
    });

    it("prints amounts in the currency's own minor units (JPY has none: 1000 is 1000 JPY, not 10.00)", async () => {
      const created = await draft({ currency: 'JPY', customer: { ...frenchShop, type: 'B2B', tax_id: 'FR40303265045' }, line_items: [saas('licence', 1_000)] });
      expect((await finalize(created.body.id)).status).toBe(200);
      const text = pdfText((await callRoute('invoices-pdf', { accountId, pathParameters: { id: created.body.id } })).body as Buffer);
      expect(text).toContain('Lines (amounts in JPY; unit price and net exclude VAT)');
      expect(text).toContain('Cloud plan licence 1 1000 1000 0 % 0');
      expect(text).toContain('Total tax: 0 JPY');
      expect(text).not.toContain('10.00 JPY');
    });
  });
});
