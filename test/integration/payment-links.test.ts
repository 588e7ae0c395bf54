/**
 * Integration: payment links (reusable quote templates) and Stripe imports (docs/checkouts.md) on DynamoDB
 * Local. An inclusive link's checkout keeps the listed prices and carves the tax out of them; a paid Stripe Checkout
 * Session or Invoice is recorded once per Stripe id.
 */
import { checkoutSessionCompleted, paidInvoice } from '../fixtures/stripe-payloads';
import { callRoute, newTestAccount } from '../support/api';

const saas = (id: string, amount: number) => ({ id, amount, product_category: 'SAAS', delivery_method: 'CLOUD' });

describe('payment links', () => {
  let de: string;
  beforeAll(async () => {
    de = (await newTestAccount()).account_id;
  });

  it("takes a line's description (as Stripe's line items do) and carries it to the link and every checkout opened from it", async () => {
    const created = await callRoute('payment-links-create', {
      accountId: de,
      body: { currency: 'EUR', tax_behavior: 'exclusive', line_items: [{ ...saas('plan', 1_999), description: 'Team plan, monthly' }, saas('addon', 501)] },
    });
    expect(created.status).toBe(201);
    expect(created.body.line_items).toEqual([
      expect.objectContaining({ id: 'plan', description: 'Team plan, monthly' }),
      expect.not.objectContaining({ description: expect.anything() }),
    ]);
    const checkout = await callRoute('payment-links-checkouts', {
      accountId: de,
      pathParameters: { id: created.body.id },
      body: { location: { country: 'DE' } },
    });
    expect(checkout.status).toBe(201);
    expect(checkout.body.line_items).toEqual([
      expect.objectContaining({ id: 'plan', description: 'Team plan, monthly' }),
      expect.not.objectContaining({ description: expect.anything() }),
    ]);
    const fetched = await callRoute('checkouts-get', { accountId: de, pathParameters: { id: checkout.body.id } });
    expect(fetched.body.line_items[0].description).toBe('Team plan, monthly');
  });

  it('creates, gets and lists links, and opens an inclusive-price checkout per buyer that sums to the listed prices', async () => {
    const created = await callRoute('payment-links-create', {
      accountId: de,
      body: { currency: 'EUR', tax_behavior: 'inclusive', line_items: [saas('plan', 1_999), saas('addon', 501)] },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      tax_behavior: 'inclusive',
      line_items: [
        { id: 'plan', amount: 1_999, quantity: 1 },
        { id: 'addon', amount: 501 },
      ],
    });
    expect((await callRoute('payment-links-get', { accountId: de, pathParameters: { id: created.body.id } })).body).toEqual(created.body);
    const listed = await callRoute('payment-links-list', { accountId: de, query: {} });
    expect(listed.body.data.map((l: any) => l.id)).toContain(created.body.id);

    const german = await callRoute('payment-links-checkouts', {
      accountId: de,
      pathParameters: { id: created.body.id },
      body: { location: { country: 'DE' } },
    });
    expect(german.status).toBe(201);
    // German VAT 19 % (UStG § 12 (1)): 19.99 gross = 16.80 net (19.99 / 1.19 = 16.798..., half-up) + 3.19 VAT; 5.01 = 4.21 + 0.80.
    expect(german.body).toMatchObject({
      payment_link_id: created.body.id,
      status: 'open',
      required_fields: [],
      total: 2_500,
      subtotal: 1_680 + 421,
      tax_total: 319 + 80,
    });
    expect(german.body.line_items).toMatchObject([
      { id: 'plan', amount: 1_999, net_amount: 1_680, tax_amount: 319 },
      { id: 'addon', amount: 501, net_amount: 421, tax_amount: 80 },
    ]);

    // Another buyer, another country, the same listed prices: French VAT 20 % (CGI art. 278) on an e-service supplied to France.
    const french = await callRoute('payment-links-checkouts', {
      accountId: de,
      pathParameters: { id: created.body.id },
      body: { location: { country: 'FR' } },
    });
    expect(french.body).toMatchObject({ total: 2_500 });
    for (const line of french.body.line_items) expect(line.net_amount + line.tax_amount).toBe(line.amount);
    // 19.99 / 1.20 = 16.658..., half-up 16.66 net and 3.33 VAT.
    expect(french.body.line_items[0]).toMatchObject({ net_amount: 1_666, tax_amount: 333 });

    // The buyer's checkout completes like any other, recording the net amounts with the carved-out tax.
    const done = await callRoute('checkouts-complete', {
      accountId: de,
      pathParameters: { id: german.body.id },
      body: { transaction_id: `link-${german.body.id}` },
    });
    expect(done.body.status).toBe('complete');
    const sale = await callRoute('transactions-get', { accountId: de, pathParameters: { id: `link-${german.body.id}` } });
    expect(sale.body.line_items).toMatchObject([
      { id: 'plan', amount: 1_680, tax_amount: 319 },
      { id: 'addon', amount: 421, tax_amount: 80 },
    ]);
  });

  it('refuses bad links and buyers with 400 naming the field, and unknown links with 404', async () => {
    const bad = await callRoute('payment-links-create', { accountId: de, body: { currency: 'EUR', tax_behavior: 'gross', line_items: [saas('a', 1)] } });
    expect(bad.body).toMatchObject({ status: 400, message: expect.stringContaining("'tax_behavior' must be one of: exclusive, inclusive") });
    const contradiction = await callRoute('payment-links-create', {
      accountId: de,
      body: { currency: 'EUR', tax_behavior: 'exclusive', line_items: [{ ...saas('a', 1), tax_inclusive: true }] },
    });
    expect(contradiction.body).toMatchObject({ status: 400, message: expect.stringContaining("'line_items[0].tax_inclusive'") });
    const link = await callRoute('payment-links-create', { accountId: de, body: { currency: 'EUR', tax_behavior: 'exclusive', line_items: [saas('a', 100)] } });
    const noWhere = await callRoute('payment-links-checkouts', { accountId: de, pathParameters: { id: link.body.id }, body: {} });
    expect(noWhere.body).toMatchObject({ status: 400, message: expect.stringContaining("'location' is required") });
    const other = (await newTestAccount('DE', 'Other GmbH')).account_id;
    expect(
      (await callRoute('payment-links-checkouts', { accountId: other, pathParameters: { id: link.body.id }, body: { location: { country: 'DE' } } })).status,
    ).toBe(404);
  });
});

describe('POST /v1/transactions/import', () => {
  let us: string;
  let de: string;
  beforeAll(async () => {
    us = (await newTestAccount('US', 'Lamp Shop Inc')).account_id;
    de = (await newTestAccount()).account_id;
  });
  const goods = { product_category: 'PHYSICAL_GOODS', delivery_method: 'SHIPPED' };
  const importing = (accountId: string, body: unknown, query: Record<string, string> = goods) => callRoute('transactions-import', { accountId, body, query });

  it("records a checkout.session.completed event once per session id, each line net of Stripe's tax", async () => {
    const first = await importing(us, checkoutSessionCompleted());
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      id: 'cs_test_a1B2c3D4e5F6g7H8i9J0kLmNoPqRsTuVwXyZ',
      date: '2025-11-24',
      currency: 'USD',
      location: { country: 'US', state: 'SD', postal_code: '57068' },
      // The fixture's lines: amount_total - amount_tax, with Stripe's amount_tax as the tax collected.
      line_items: [
        { id: 'li_1QabcdEFghIJ0001', amount: 10_000, tax_amount: 620, quantity: 2 },
        { id: 'li_1QabcdEFghIJ0002', amount: 5_000, tax_amount: 310 },
      ],
    });
    const again = await importing(us, checkoutSessionCompleted());
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    // The bare session (as Stripe's API answers it) is the same sale.
    expect((await importing(us, checkoutSessionCompleted().data.object)).status).toBe(200);
  });

  it('records a paid invoice to an EU business as the reverse-charged B2B sale it is', async () => {
    const res = await importing(de, paidInvoice(), { product_category: 'SAAS', delivery_method: 'CLOUD' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      id: 'in_1QabcdEFghIJklMNopQRstuv',
      date: '2025-11-24',
      currency: 'EUR',
      customer_type: 'B2B',
      line_items: [{ id: 'il_1QabcdEFghIJ0001', amount: 120_000, tax_amount: 0 }],
    });
    const event = { id: 'evt_1', object: 'event', type: 'invoice.paid', data: { object: paidInvoice() } };
    expect((await importing(de, event, { product_category: 'SAAS', delivery_method: 'CLOUD' })).status).toBe(200);
  });

  it.each([
    [{ ...checkoutSessionCompleted(), type: 'checkout.session.expired' }, "'type' is 'checkout.session.expired'"],
    [{ object: 'charge', id: 'ch_1' }, "'object' is 'charge'"],
    [{ ...paidInvoice(), status: 'open' }, "'status' must be 'paid'"],
    [{ ...paidInvoice(), customer_address: null }, "'customer_address' is required"],
    [{ ...paidInvoice(), total: 'a lot' }, "'total' must be an integer amount in minor units"],
    // Milliseconds sent as seconds (a year past 9999): a day no record can carry, refused, not a 500.
    [{ ...paidInvoice(), created: 9_999_999_999_999 }, "'created' must be a Unix time in seconds, at most 253402300799"],
    [
      (() => {
        const e = checkoutSessionCompleted('cs_test_far_future');
        e.data.object.created = 9_999_999_999_999;
        return e;
      })(),
      "'data.object.created' must be a Unix time in seconds, at most 253402300799",
    ],
    [
      (() => {
        const e = checkoutSessionCompleted('cs_test_noaddress');
        e.data.object.customer_details.address = null as never;
        return e;
      })(),
      "'data.object.customer_details.address' is required",
    ],
    [
      (() => {
        const e = checkoutSessionCompleted('cs_test_notax');
        delete (e.data.object as any).total_details;
        return e;
      })(),
      "'data.object.total_details'",
    ],
  ])('refuses a bad payload with 400 naming the field (%#)', async (body, message) => {
    const res = await importing(de, body);
    expect(res.status).toBe(400);
    expect(res.body.message).toContain(message);
  });

  it('answers 409 for the same Stripe id with other content (nothing recorded twice)', async () => {
    const first = await importing(us, checkoutSessionCompleted('cs_test_changed'));
    expect(first.status).toBe(201);
    const changed = checkoutSessionCompleted('cs_test_changed');
    changed.data.object.line_items.data[0]!.amount_tax = 600;
    const res = await importing(us, changed);
    expect(res.status).toBe(409);
    expect(res.body.error).toBe('transaction_exists');
  });

  it('needs to be told what was sold', async () => {
    const res = await importing(de, paidInvoice('in_nocategory'), {});
    expect(res.status).toBe(400);
    expect(res.body.message).toContain("'product_category'");
  });
});
