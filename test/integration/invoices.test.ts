/**
 * Integration: invoice series, invoices, finalization and the invoice PDF on DynamoDB Local, through the
 * shared pipeline; the seller's address on entities.
 */
import { callRoute, newTestAccount } from '../support/api';
import { pdfText } from '../support/pdf-text';
import { entities, invoices, sales } from '../../src/composition/ports';
import { finalizeInvoice, issueCreditNote } from '../../src/usecases/invoices';
import { ports } from '../../src/composition/all-ports';
import { saleRecordingDeps } from '../../src/composition/sales';
import { updatePrimaryAddress } from '../../local/admin/accounts';

const finalizeDeps = { ...saleRecordingDeps, invoices };

const sellerAddress = { line1: 'Friedrichstrasse 1', city: 'Berlin', postal_code: '10117' };
const saas = (id: string, amount: number, extra: Record<string, unknown> = {}) => ({
  id,
  description: `Cloud plan ${id}`,
  amount,
  quantity: 1,
  product_category: 'SAAS',
  delivery_method: 'CLOUD',
  ...extra,
});
const frenchShop = { name: 'Boutique Lumiere SARL', address: { country: 'FR', line1: '5 rue de Rivoli', city: 'Paris', postal_code: '75001' } };

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
    accountId = (await newTestAccount('DE', 'Levy Test GmbH')).account_id;
    const seller = await createEntity({ name: 'Levy Berlin GmbH', country: 'DE', tax_id: 'DE136695976', address: sellerAddress });
    expect(seller.status).toBe(201);
    sellerId = seller.body.id;
    const series = await createSeries({ entity_id: sellerId, prefix: 'INV-2026-' });
    expect(series.status).toBe(201);
    seriesId = series.body.id;
  });

  describe('the seller address on entities', () => {
    it('is set on create, replaced or removed by PATCH, and checked', async () => {
      const created = await createEntity({ name: 'Levy Paris SAS', country: 'FR', address: { line1: '1 quai de Conti', city: 'Paris', postal_code: '75006' } });
      expect(created.body.address).toEqual({ line1: '1 quai de Conti', city: 'Paris', postal_code: '75006' });
      const id = created.body.id;
      const patched = await callRoute('entities-update', {
        accountId,
        pathParameters: { id },
        body: { address: { line1: '2 rue Bonaparte', line2: 'Batiment B', city: 'Paris', postal_code: '75006' } },
      });
      expect(patched.status).toBe(200);
      expect(patched.body.address).toEqual({ line1: '2 rue Bonaparte', line2: 'Batiment B', city: 'Paris', postal_code: '75006' });
      const cleared = await callRoute('entities-update', { accountId, pathParameters: { id }, body: { address: null } });
      expect(cleared.body.address).toBeNull();
      const bad = await createEntity({ name: 'X', country: 'FR', address: { line1: 'a', city: 'Paris' } });
      expect(bad.status).toBe(400);
      expect(bad.body.message).toContain("'address.postal_code'");
    });
  });

  describe("the primary entity's address (operator only)", () => {
    it('is refused by the API and set by the admin use case behind `levy accounts update --address`', async () => {
      const account = await newTestAccount('DE', 'Primary GmbH');
      const primary = account.primary_entity ?? (await callRoute('entities-list', { accountId: account.account_id, query: {} })).body.data[0];
      const refused = await callRoute('entities-update', {
        accountId: account.account_id,
        pathParameters: { id: primary.id },
        body: { address: sellerAddress },
      });
      expect(refused.status).toBe(403);
      const updated = await updatePrimaryAddress(ports, account.account_id, sellerAddress);
      expect(updated).toMatchObject({ id: primary.id, is_primary: true, address: sellerAddress });
      expect((await callRoute('entities-get', { accountId: account.account_id, pathParameters: { id: primary.id } })).body.address).toEqual(sellerAddress);
      expect((await updatePrimaryAddress(ports, account.account_id, null)).address).toBeNull();
      await expect(updatePrimaryAddress(ports, 'acct_missing', null)).rejects.toThrow(/No account/);
    });
  });

  describe('series', () => {
    it('creates, gets and lists series; an unknown entity is 404; another account sees none', async () => {
      const got = await callRoute('invoice-series-get', { accountId, pathParameters: { id: seriesId } });
      expect(got.body).toMatchObject({ id: seriesId, entity_id: sellerId, prefix: 'INV-2026-' });
      const list = await callRoute('invoice-series-list', { accountId, query: {} });
      expect(list.body.data.map((s: { id: string }) => s.id)).toContain(seriesId);
      const unknown = await createSeries({ entity_id: 'ent_0000000000000000000000000', prefix: 'X' });
      expect(unknown.status).toBe(404);
      const bad = await createSeries({ entity_id: sellerId, prefix: 'has space', next_number: 0 });
      expect(bad.status).toBe(400);
      const other = (await newTestAccount()).account_id;
      expect((await callRoute('invoice-series-get', { accountId: other, pathParameters: { id: seriesId } })).status).toBe(404);
    });
  });

  describe('lists', () => {
    // Found by the HTTP fuzz: a starting_after of another shape made DynamoDB refuse the Query's start key (500).
    it('page by starting_after; one that is not an id of the kind listed is 400 naming it', async () => {
      const first = await draft({ customer: frenchShop, line_items: [saas('a', 100)] });
      const second = await draft({ customer: frenchShop, line_items: [saas('a', 200)] });
      const after = await callRoute('invoices-list', { accountId, query: { starting_after: first.body.id, limit: '100' } });
      expect(after.status).toBe(200);
      const ids = after.body.data.map((i: { id: string }) => i.id);
      expect(ids).toContain(second.body.id);
      expect(ids).not.toContain(first.body.id);
      for (const [route, cursor] of [
        ['invoices-list', 'x'],
        ['invoices-list', seriesId],
        ['invoice-series-list', 'N'],
        ['invoice-series-list', first.body.id],
      ] as const) {
        const res = await callRoute(route, { accountId, query: { starting_after: cursor } });
        expect(res.status).toBe(400);
        expect(res.body.message).toContain('starting_after');
      }
      const seriesPage = await callRoute('invoice-series-list', { accountId, query: { starting_after: seriesId } });
      expect(seriesPage.status).toBe(200);
      expect(seriesPage.body.data.map((s: { id: string }) => s.id)).not.toContain(seriesId);
    });
  });

  describe('drafts', () => {
    it('creates, patches and deletes a draft; needs a buyer; a finalized invoice never changes (409)', async () => {
      const noBuyer = await draft({ line_items: [saas('a', 100)] });
      expect(noBuyer.status).toBe(400);
      expect(noBuyer.body.message).toContain('customer_id');
      const created = await draft({ customer: { ...frenchShop, type: 'B2C' }, line_items: [saas('a', 10_000)] });
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({ status: 'draft', number: null, entity_id: sellerId, tax_behavior: 'exclusive' });
      const id = created.body.id;
      const patched = await callRoute('invoices-update', { accountId, pathParameters: { id }, body: { line_items: [saas('a', 20_000)] } });
      expect(patched.status).toBe(200);
      expect(patched.body.line_items[0].amount).toBe(20_000);
      const other = await draft({ customer: frenchShop, line_items: [saas('a', 1)] });
      expect((await callRoute('invoices-delete', { accountId, pathParameters: { id: other.body.id } })).status).toBe(204);
      expect((await callRoute('invoices-get', { accountId, pathParameters: { id: other.body.id } })).status).toBe(404);

      expect((await finalize(id)).status).toBe(200);
      const patchFinal = await callRoute('invoices-update', { accountId, pathParameters: { id }, body: { issue_date: '2026-10-06' } });
      expect(patchFinal.status).toBe(409);
      expect(patchFinal.body.error).toBe('invoice_not_draft');
      const deleteFinal = await callRoute('invoices-delete', { accountId, pathParameters: { id } });
      expect(deleteFinal.body.error).toBe('invoice_not_draft');
    });
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

      const pdf = await callRoute('invoices-pdf', { accountId, pathParameters: { id: created.body.id } });
      expect(pdf.status).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      const bytes = pdf.body as Buffer;
      expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      const again = await callRoute('invoices-pdf', { accountId, pathParameters: { id: created.body.id } });
      expect(Buffer.compare(again.body as Buffer, bytes)).toBe(0);

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
        '3 x Analytics seats, September 2026', // (6)
        'unit price excl. tax 100.00 EUR', // (8)
        'VAT rate 0 %', // (9)
        'taxable amount 300.00 EUR', // (8)
        'Total tax: 0.00 EUR', // (10)
        'Reverse charge', // (11a)
      ]) {
        expect(text).toContain(field);
      }
    });

    it("prints amounts in the currency's own minor units (JPY has none: 1000 is 1000 JPY, not 10.00)", async () => {
      const created = await draft({ currency: 'JPY', customer: { ...frenchShop, type: 'B2B', tax_id: 'FR40303265045' }, line_items: [saas('licence', 1_000)] });
      expect((await finalize(created.body.id)).status).toBe(200);
      const text = pdfText((await callRoute('invoices-pdf', { accountId, pathParameters: { id: created.body.id } })).body as Buffer);
      expect(text).toContain('unit price excl. tax 1000 JPY');
      expect(text).toContain('Total tax: 0 JPY');
      expect(text).not.toContain('10.00 JPY');
    });

    it('issues numbered credit notes that reference the invoice and record its refund; a draft cannot be credited', async () => {
      const creditSeries = await createSeries({ entity_id: sellerId, prefix: 'CN-' });
      const created = await draft({ customer: { ...frenchShop, type: 'B2C' }, line_items: [saas('a', 10_000), saas('b', 5_000)] });
      const invoice = (await finalize(created.body.id)).body;
      const credit = (body: Record<string, unknown>) => callRoute('invoices-credit-notes-create', { accountId, pathParameters: { id: created.body.id }, body });
      const partial = await credit({ reason: 'Seat removed', line_items: [{ id: 'a', amount: 2_500 }], series_id: creditSeries.body.id });
      expect(partial.status).toBe(201);
      // A quarter of line a: 2,500 net and a quarter of its 2,000 VAT at the French 20 % (CGI art. 278).
      expect(partial.body).toMatchObject({
        invoice_id: created.body.id,
        invoice_number: invoice.number,
        number: 'CN-0001',
        reason: 'Seat removed',
        subtotal: 2_500,
        tax_total: 500,
        total: 3_000,
        refund_id: partial.body.id,
      });
      const sale = await callRoute('transactions-get', { accountId, pathParameters: { id: created.body.id } });
      expect(sale.body.refunds).toEqual([expect.objectContaining({ id: partial.body.id, subtotal: 2_500, tax_total: 500 })]);
      // The rest, in the invoice's own series: it takes that series' next number.
      const before = (await callRoute('invoice-series-get', { accountId, pathParameters: { id: seriesId } })).body.next_number as number;
      const rest = await credit({ reason: 'Cancelled' });
      expect(rest.body).toMatchObject({ number: `INV-2026-${String(before).padStart(4, '0')}`, subtotal: 12_500, tax_total: 2_500 });
      const nothingLeft = await credit({ reason: 'Again' });
      expect(nothingLeft.status).toBe(400);
      // The invoice itself never changed.
      expect((await callRoute('invoices-get', { accountId, pathParameters: { id: created.body.id } })).body).toEqual(invoice);
      const events = (await callRoute('events-list', { accountId, query: { type: 'credit_note.created', limit: '100' } })).body.data as any[];
      expect(events.map((e) => e.data.object.id)).toEqual(expect.arrayContaining([partial.body.id, rest.body.id]));

      const unfinished = await draft({ customer: frenchShop, line_items: [saas('a', 100)] });
      const refused = await callRoute('invoices-credit-notes-create', { accountId, pathParameters: { id: unfinished.body.id }, body: { reason: 'x' } });
      expect(refused.status).toBe(409);
      expect(refused.body.error).toBe('invoice_not_finalized');
    });

    it('records the sale with the figures the invoice states, even when the customer changes while it is numbered', async () => {
      const customer = (await callRoute('customers-create', { accountId, body: { name: 'Atelier SARL', customer_type: 'B2C', address: frenchShop.address } }))
        .body;
      const created = await draft({ customer_id: customer.id, line_items: [saas('a', 10_000)] });
      // A concurrent change the real store cannot be made to race on demand: right after the numbered invoice is written,
      // the customer becomes a business with a valid VAT number (which would make a second quote a reverse charge).
      const racing = new Proxy(invoices, {
        get: (store, method) =>
          method === 'finalize'
            ? async (...args: Parameters<typeof invoices.finalize>) => {
                const written = await store.finalize(...args);
                const changed = await callRoute('customers-update', {
                  accountId,
                  pathParameters: { id: customer.id },
                  body: { customer_type: 'B2B', tax_ids: [{ value: 'FR40303265045' }] },
                });
                expect(changed.status).toBe(200);
                return written;
              }
            : Reflect.get(store, method),
      });
      const { invoice } = await finalizeInvoice({ ...saleRecordingDeps, invoices: racing }, accountId, created.body.id);
      // France's 20 % (CGI art. 278) on 10,000, as quoted before numbering.
      expect(invoice).toMatchObject({ tax_total: 2_000, reverse_charge: false });
      const sale = await callRoute('transactions-get', { accountId, pathParameters: { id: created.body.id } });
      expect(sale.body).toMatchObject({ tax_total: 2_000 });
    });

    it("completes a credit note whose numbering failed after its refund was written, when retried with the caller's id", async () => {
      const created = await draft({ customer: { ...frenchShop, type: 'B2C' }, line_items: [saas('a', 10_000)] });
      expect((await finalize(created.body.id)).status).toBe(200);
      const id = `crn_retry-${created.body.id.slice(-8)}`;
      // The fault a real store cannot give on demand: the numbering write fails once, after the refund was recorded.
      const failing = new Proxy(invoices, {
        get: (store, method) =>
          method === 'issueCreditNote' ? async () => Promise.reject(new Error('injected: the numbering write failed')) : Reflect.get(store, method),
      });
      const deps = { invoices: failing, sales, refunds: ports.refunds, entities };
      await expect(issueCreditNote(deps, accountId, created.body.id, { id, reason: 'Cancelled' })).rejects.toThrow('injected');
      const halfway = await callRoute('transactions-get', { accountId, pathParameters: { id: created.body.id } });
      expect(halfway.body.refunds.map((r: any) => r.id)).toEqual([id]);
      // The client retries with the same id: the refund is found again (not recorded twice) and the credit note numbered.
      const credit = (body: Record<string, unknown>) => callRoute('invoices-credit-notes-create', { accountId, pathParameters: { id: created.body.id }, body });
      const retried = await credit({ id, reason: 'Cancelled' });
      expect(retried.status).toBe(201);
      expect(retried.body).toMatchObject({ id, refund_id: id, subtotal: 10_000 });
      const again = await credit({ id, reason: 'Cancelled' });
      expect(again.status).toBe(200);
      expect(again.body).toEqual(retried.body);
      const sale = await callRoute('transactions-get', { accountId, pathParameters: { id: created.body.id } });
      expect(sale.body.refunds.map((r: any) => r.id)).toEqual([id]);
    });

    it("an invoice finalized after its period's return was finalized lands in the next return's corrections", async () => {
      process.env.LEVY_RETURNS_SETTLE_SECONDS = '0';
      const oss = await callRoute('registrations-create', {
        accountId,
        body: { entity_id: sellerId, country: 'DE', type: 'OSS_UNION', active_from: '2024-01-01' },
      });
      expect(oss.status).toBe(201);
      const q2 = await callRoute('returns-create', { accountId, body: { registration_id: oss.body.id, period_start: '2025-04-01', period_end: '2025-06-30' } });
      expect(q2.status).toBe(201);
      expect((await callRoute('returns-finalize', { accountId, pathParameters: { id: q2.body.id } })).status).toBe(200);
      // Issued and supplied in June 2025, finalized (recorded) only now: after Q2's return was locked.
      const late = await draft({ issue_date: '2025-06-15', customer: { ...frenchShop, type: 'B2C' }, line_items: [saas('a', 10_000)] });
      expect((await finalize(late.body.id)).status).toBe(200);
      const q3 = await callRoute('returns-create', { accountId, body: { registration_id: oss.body.id, period_start: '2025-07-01', period_end: '2025-09-30' } });
      expect(q3.status).toBe(201);
      const records = (await callRoute('returns-transactions', { accountId, pathParameters: { id: q3.body.id }, query: { limit: '100' } })).body.data as any[];
      expect(records.filter((r) => r.section === 'correction')).toEqual([
        expect.objectContaining({ id: `sale:${late.body.id}`, corrected_return_id: q2.body.id }),
      ]);
      // The locked return does not move.
      expect((await callRoute('returns-get', { accountId, pathParameters: { id: q2.body.id } })).body.totals).toEqual(q2.body.totals);
    });

    it('answers 409 for the PDF of a draft', async () => {
      const created = await draft({ customer: frenchShop, line_items: [saas('a', 100)] });
      const res = await callRoute('invoices-pdf', { accountId, pathParameters: { id: created.body.id } });
      expect(res.status).toBe(409);
      expect(res.body.error).toBe('invoice_not_finalized');
    });

    it('gives 50 concurrent finalizations on one series 50 distinct consecutive numbers', async () => {
      const series = await createSeries({ entity_id: sellerId, prefix: 'RUN-', next_number: 100 });
      const ids: string[] = [];
      for (let i = 0; i < 50; i++) {
        const created = await callRoute('invoices-create', {
          accountId,
          body: {
            series_id: series.body.id,
            currency: 'EUR',
            issue_date: '2026-10-05',
            customer: { ...frenchShop, type: 'B2C' },
            line_items: [saas('a', 1_000 + i)],
          },
        });
        ids.push(created.body.id);
      }
      // The use case itself against DynamoDB Local, not through callRoute: 50 requests run in this one process on a
      // shared 2-CPU machine, where each handler's 10 s Lambda deadline (buildLambdaContext) measures the machine, not
      // the numbering. Deployed, each finalization has a function of its own.
      const results = await Promise.all(ids.map((id) => finalizeInvoice(finalizeDeps, accountId, id)));
      expect(results.every((r) => r.finalized)).toBe(true);
      const numbers = results.map((r) => Number(r.invoice.number!.slice('RUN-'.length))).sort((a, b) => a - b);
      expect(numbers).toEqual(Array.from({ length: 50 }, (_, i) => 100 + i));
      expect((await callRoute('invoice-series-get', { accountId, pathParameters: { id: series.body.id } })).body.next_number).toBe(150);
      // Each sale was recorded once, under its invoice's id.
      const recorded = await Promise.all(ids.map((id) => callRoute('transactions-get', { accountId, pathParameters: { id } })));
      expect(recorded.map((r) => r.status)).toEqual(ids.map(() => 200));
    }, 120_000);
  });
});
