/**
 * Integration: after finalization, on DynamoDB Local: numbered credit notes and their refunds (and their retry), the
 * sale recorded with the invoice's figures, late invoices in the next return's corrections, the PDF of a draft (409),
 * and 50 concurrent finalizations on one series.
 */
import { callRoute } from '../support/api';
import { frenchShop, newInvoiceSeller, saas } from '../support/invoice-seller';
import { entities, invoices, sales } from '../../src/composition/ports';
import { finalizeInvoice, issueCreditNote } from '../../src/usecases/invoices';
import { ports } from '../../src/composition/all-ports';
import { saleRecordingDeps } from '../../src/composition/sales';

const finalizeDeps = { ...saleRecordingDeps, invoices };

describe('invoices', () => {
  let accountId: string;
  let sellerId: string;
  let seriesId: string;

  const createSeries = async (body: Record<string, unknown>, account = accountId) => callRoute('invoice-series-create', { accountId: account, body });
  const draft = async (body: Record<string, unknown>) =>
    callRoute('invoices-create', { accountId, body: { series_id: seriesId, currency: 'EUR', issue_date: '2026-10-05', ...body } });
  const finalize = (id: string) => callRoute('invoices-finalize', { accountId, pathParameters: { id } });

  beforeAll(async () => {
    ({ accountId, sellerId, seriesId } = await newInvoiceSeller());
  });

  describe('finalization', () => {
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
