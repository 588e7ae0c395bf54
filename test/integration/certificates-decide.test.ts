/**
 * Integration (DynamoDB Local, through the handlers): for a stored customer, its exemption certificates decide where
 * it is exempt. A RESELLER stored with a resale certificate for TX and CA is exempt in TX (the certificate) and taxed
 * in NY, where it has none, with a note and a message naming the missing certificate; a RESELLER given inline keeps
 * the type's exemption. The customer block's `exempt` is the answer's, and a line's certificate has one shape in rate,
 * unify, transactions, invoices and returns' records (`exemption_id`, `exempt_percentage`, and `exemption` with its details). Every
 * expected tax value names its source.
 */
import { callRoute } from '../support/api';
import { day, goods, NY, TX, wiringCalls } from '../support/wiring-customers';
import { newTestAccount } from '../support/api';
import { allRecords, createReturn, registration } from '../support/return-fixtures';

describe('certificates decide where a stored customer is exempt', () => {
  let accountId: string;
  let reseller: string;
  let certificateId: string;
  const { customer, certificate, rate, unify, record } = wiringCalls(() => accountId);
  /** The certificate as every answer names it. */
  const named = () => ({
    exemption_id: certificateId,
    exempt_percentage: 100,
    exemption: { id: certificateId, reason: 'RESALE', certificate_number: 'TX-RESALE-1', exempt_percentage: 100 },
  });

  beforeAll(async () => {
    accountId = (await newTestAccount('US', 'Seller Inc')).account_id;
    reseller = await customer({ customer_type: 'RESELLER', address: TX });
    certificateId = await certificate(reseller, {
      reason: 'RESALE',
      jurisdictions: [TX, { country: 'US', state: 'CA' }],
      certificate_number: 'TX-RESALE-1',
      effective_from: day(-100),
    });
  });

  describe('POST /v1/tax/rate', () => {
    it('a stored RESELLER without a certificate for NY is taxed there, and the answer names the certificate missing', async () => {
      const res = await rate({ customer_id: reseller, ...goods, location: NY });
      expect(res.status).toBe(200);
      // N.Y. Tax Law § 1105(a): 4 % state rate on tangible goods; the certificate names TX and CA only, so the sale is
      // not one for resale as far as the seller can show (N.Y. Tax Law § 1132(c): the vendor needs the certificate).
      expect(res.body).toMatchObject({ jurisdiction: { state: 'NY' }, taxability_reason: 'taxable', total_rate: 0.04, exempt: false });
      expect(res.body.notes).toContain('exemption_certificate_missing');
      expect(res.body.exemption_id).toBeUndefined();
      expect(res.body.customer).toMatchObject({ declared_type: 'RESELLER', exempt: false, reason: 'exemption_certificate_missing' });
      expect(res.body.customer.message).toContain('US-NY');
      expect(res.body.customer.message).toContain(`/v1/customers/${reseller}/exemptions`);
    });

    it('in TX its certificate exempts it, and the customer block says exempt as the answer does', async () => {
      const res = await rate({ customer_id: reseller, ...goods });
      // Tex. Tax Code § 151.302: a sale for resale under a resale certificate is exempt: no tax.
      expect(res.body).toMatchObject({ jurisdiction: { state: 'TX' }, taxability_reason: 'customer_exempt', total_rate: 0, exempt: true, ...named() });
      expect(res.body.customer).toMatchObject({ exempt: true, reason: 'customer_exempt' });
      expect(res.body.customer.message).toContain(certificateId);
    });

    it('a RESELLER given inline keeps the type exemption (the seller holds its certificate), and the block agrees', async () => {
      const res = await rate({ customer_type: 'RESELLER', ...goods, location: NY });
      // Levy's rule for an inline RESELLER in the US (docs/tax-rules.md, sale for resale): exempt by type.
      expect(res.body).toMatchObject({ taxability_reason: 'customer_exempt', total_rate: 0, exempt: true });
      expect(res.body.customer).toMatchObject({ declared_type: 'RESELLER', exempt: true, reason: 'customer_exempt' });
    });

    it('the customer block and the top-level exempt agree in every case', async () => {
      for (const body of [
        { customer_id: reseller, ...goods },
        { customer_id: reseller, ...goods, location: NY },
        { customer_type: 'RESELLER', ...goods, location: NY },
        { customer_type: 'B2C', ...goods, location: NY },
      ]) {
        const res = await rate(body);
        expect({ body, customerExempt: res.body.customer.exempt }).toEqual({ body, customerExempt: res.body.exempt });
      }
    });
  });

  describe('unify, transactions and invoices', () => {
    it('unify: taxed in NY with the missing certificate named, exempt in TX under the certificate (one line shape)', async () => {
      const ny = await unify({ customer_id: reseller, location: NY, line_items: [{ id: 'a', amount: 10_000, ...goods }] });
      expect(ny.status).toBe(200);
      // N.Y. Tax Law § 1105(a): 4 % of 10,000 = 400.
      expect(ny.body).toMatchObject({ tax_total: 400, exempt: false, customer: { exempt: false, reason: 'exemption_certificate_missing' } });
      const tx = await unify({ customer_id: reseller, line_items: [{ id: 'a', amount: 10_000, ...goods }] });
      // Tex. Tax Code § 151.302: exempt under the resale certificate.
      expect(tx.body).toMatchObject({ tax_total: 0, exempt: true, customer: { exempt: true, reason: 'customer_exempt' } });
      expect(tx.body.line_items[0]).toMatchObject({ taxability_reason: 'customer_exempt', ...named() });
    });

    it('transactions: the recorded line names the certificate as unify does, its details beside the id', async () => {
      const sale = await record({ id: 'resale-tx', customer_id: reseller, line_items: [{ id: 'a', amount: 10_000, ...goods }] });
      expect(sale.status).toBe(201);
      // Tex. Tax Code § 151.302: exempt under the resale certificate: no tax, the whole amount exempt.
      expect(sale.body.line_items[0]).toMatchObject({ tax_amount: 0, exempt_amount: 10_000, taxability_reason: 'customer_exempt', ...named() });
      expect(sale.body.customer).toMatchObject({ exempt: true, reason: 'customer_exempt' });
      const taxed = await record({ id: 'resale-ny', customer_id: reseller, location: NY, line_items: [{ id: 'a', amount: 10_000, ...goods }] });
      // N.Y. Tax Law § 1105(a): 4 % of 10,000 = 400.
      expect(taxed.body).toMatchObject({ tax_total: 400, customer: { reason: 'exemption_certificate_missing' } });
    });

    it("returns: a record's exempted lines name the certificate in the same shape", async () => {
      const registrationId = await registration(accountId, { country: 'US', state: 'TX', type: 'SALES_TAX' });
      const sale = await record({ id: 'resale-for-return', customer_id: reseller, line_items: [{ id: 'r', amount: 5_000, ...goods }] });
      expect(sale.status).toBe(201);
      const today = day(0);
      const quarter = Math.floor((Number(today.slice(5, 7)) - 1) / 3);
      const start = `${today.slice(0, 4)}-${String(quarter * 3 + 1).padStart(2, '0')}-01`;
      const end = new Date(Date.UTC(Number(today.slice(0, 4)), quarter * 3 + 3, 0)).toISOString().slice(0, 10);
      const created = await createReturn(accountId, { registration_id: registrationId, period_start: start, period_end: end });
      expect(created.status).toBe(201);
      const records = await allRecords(accountId, created.body.id, '100');
      const exempted = records.find((r) => r.transaction_id === 'resale-for-return');
      // Tex. Tax Code § 151.302: exempt under the resale certificate: the record's line names it.
      expect(exempted).toMatchObject({ amount: 5_000, tax_amount: 0, exempted_lines: [{ id: 'r', ...named() }] });
    });

    it('invoices: a finalized line names its certificate in the same shape', async () => {
      const entity = await callRoute('entities-create', {
        accountId,
        body: {
          name: 'Seller TX LLC',
          country: 'US',
          tax_id: '04-2103594',
          address: { line1: '1 Congress Ave', city: 'Austin', state: 'TX', postal_code: '78701' },
        },
      });
      expect(entity.status).toBe(201);
      const series = await callRoute('invoice-series-create', { accountId, body: { entity_id: entity.body.id, prefix: 'US-' } });
      expect(series.status).toBe(201);
      const created = await callRoute('invoices-create', {
        accountId,
        body: {
          series_id: series.body.id,
          currency: 'USD',
          issue_date: day(0),
          customer_id: reseller,
          line_items: [{ id: 'a', description: 'Widgets', amount: 10_000, quantity: 1, ...goods }],
        },
      });
      expect(created.status).toBe(201);
      const res = await callRoute('invoices-finalize', { accountId, pathParameters: { id: created.body.id } });
      expect(res.status).toBe(200);
      // Tex. Tax Code § 151.302: exempt under the resale certificate.
      expect(res.body.taxed_lines[0]).toMatchObject({ id: 'a', tax_amount: 0, taxability_reason: 'customer_exempt', ...named() });
    });
  });
});
