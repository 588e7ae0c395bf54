/**
 * Integration (DynamoDB Local, through the handlers): a line's `tax_code` may be a Stripe tax code (`txcd_...`), read
 * through the crosswalk GET /v1/tax_codes answers (crosswalk.stripe): the line is taxed under the Levy code, and every
 * answer names both (`tax_code` and `stripe_tax_code`) on rate, unify, transactions and invoices. A Stripe code the
 * crosswalk does not map is a 400 naming the field. Every expected tax value names its source.
 */
import { callRoute } from '../support/api';
import { frenchShop, newInvoiceSeller } from '../support/invoice-seller';
import { newWiringSeller, SD, TX, wiringCalls } from '../support/wiring-customers';

describe('Stripe tax codes (txcd_...) through the crosswalk', () => {
  let accountId: string;
  const { rate, unify, record } = wiringCalls(() => accountId);

  beforeAll(async () => {
    ({ accountId } = await newWiringSeller());
  });

  it('GET /v1/tax_codes maps txcd_40040000 to levy_groceries: the crosswalk the lines are read through', async () => {
    const res = await callRoute('tax-codes-get', { accountId, pathParameters: { id: 'levy_groceries' } });
    expect(res.body.crosswalk.stripe).toBe('txcd_40040000');
  });

  it('POST /v1/tax/rate: txcd_40040000 is taxed as levy_groceries and the answer names both', async () => {
    const tx = await rate({ customer_type: 'B2C', location: TX, tax_code: 'txcd_40040000' });
    expect(tx.status).toBe(200);
    // Tex. Tax Code § 151.314: food for home consumption is exempt.
    expect(tx.body).toMatchObject({
      tax_code: 'levy_groceries',
      stripe_tax_code: 'txcd_40040000',
      taxability_reason: 'not_taxable_in_jurisdiction',
      total_rate: 0,
    });
    const sd = await rate({ customer_type: 'B2C', location: SD, tax_code: 'txcd_40040000' });
    // SDCL 10-45-2: food taxed like other goods, 4.2 %.
    expect(sd.body).toMatchObject({ tax_code: 'levy_groceries', stripe_tax_code: 'txcd_40040000', taxability_reason: 'taxable', total_rate: 0.042 });
    // The same answer as the Levy code itself, which names no Stripe code (none was sent).
    const levy = await rate({ customer_type: 'B2C', location: SD, tax_code: 'levy_groceries' });
    expect({ ...sd.body, stripe_tax_code: undefined }).toEqual({ ...levy.body, stripe_tax_code: undefined });
    expect(levy.body.stripe_tax_code).toBeUndefined();
  });

  it('a Stripe code several Levy codes share reads as the category default: txcd_20060000 -> levy_professional_services', async () => {
    // data/tax-codes.json: professional, legal, accounting services and consulting all cross to txcd_20060000; the
    // PROFESSIONAL_SERVICES default (levy_professional_services) is the one with Stripe's general rules.
    const res = await rate({ customer_type: 'B2C', location: TX, tax_code: 'txcd_20060000' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ tax_code: 'levy_professional_services', stripe_tax_code: 'txcd_20060000' });
  });

  it('a Stripe code the crosswalk does not map is a 400 naming the field and where the mapped ones are listed', async () => {
    const res = await rate({ customer_type: 'B2C', location: TX, tax_code: 'txcd_99999998' });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('tax_code');
    expect(res.body.message).toContain('txcd_99999998');
    expect(res.body.message).toContain('GET /v1/tax_codes');
    const line = await unify({ customer: { type: 'B2C' }, location: TX, line_items: [{ id: 'x', amount: 1_000, tax_code: 'txcd_99999998' }] });
    expect(line.status).toBe(400);
    expect(line.body.message).toContain('line_items[0].tax_code');
  });

  it('unify and transactions name both codes on each line, and tax it as the Levy code', async () => {
    const line_items = [{ id: 'bread', amount: 1_000, tax_code: 'txcd_40040000' }];
    const cart = await unify({ customer: { type: 'B2C' }, location: SD, line_items });
    expect(cart.status).toBe(200);
    // SDCL 10-45-2: 1,000 x 4.2 % = 42.
    expect(cart.body.line_items[0]).toMatchObject({ tax_code: 'levy_groceries', stripe_tax_code: 'txcd_40040000', tax_amount: 42 });
    const sale = await record({ id: 'stripe-code-sale', customer_type: 'B2C', location: SD, line_items });
    expect(sale.status).toBe(201);
    expect(sale.body.line_items[0]).toMatchObject({ tax_code: 'levy_groceries', stripe_tax_code: 'txcd_40040000', tax_amount: 42 });
    const read = await callRoute('transactions-get', { accountId, pathParameters: { id: 'stripe-code-sale' } });
    expect(read.body.line_items[0]).toMatchObject({ tax_code: 'levy_groceries', stripe_tax_code: 'txcd_40040000' });
  });

  it('an invoice line named by a Stripe code is finalized under the Levy code, its taxed line naming both', async () => {
    const seller = await newInvoiceSeller();
    const created = await callRoute('invoices-create', {
      accountId: seller.accountId,
      body: {
        series_id: seller.seriesId,
        currency: 'EUR',
        issue_date: '2026-10-05',
        customer: { ...frenchShop, type: 'B2C' },
        line_items: [{ id: 'plan', description: 'Cloud plan', amount: 10_000, quantity: 1, tax_code: 'txcd_10103000' }],
      },
    });
    expect(created.status).toBe(201);
    expect(created.body.line_items[0].tax_code).toBe('txcd_10103000');
    const res = await callRoute('invoices-finalize', { accountId: seller.accountId, pathParameters: { id: created.body.id } });
    expect(res.status).toBe(200);
    // txcd_10103000 (SaaS, personal use) is levy_saas_personal. A German seller's SaaS to a French consumer is taxed
    // in France (Directive 2006/112/EC Art. 58) at 20 % (Code general des impots, art. 278): 2,000 on 10,000.
    expect(res.body.taxed_lines[0]).toMatchObject({ id: 'plan', tax_code: 'levy_saas_personal', stripe_tax_code: 'txcd_10103000', tax_amount: 2_000 });
  });
});
