/**
 * Integration: the collection setting on DynamoDB Local (docs/nexus.md): with `registered_only`, unify and
 * transactions charge tax only where an active registration of the selling entity covers the jurisdiction on the
 * sale's date; the rate route keeps the spec's result and adds `collecting` only when asked.
 */
import { callRoute, newTestAccount } from '../support/api';

const goods = (id: string, amount: number) => ({ id, amount, quantity: 1, product_category: 'PHYSICAL_GOODS', delivery_method: 'SHIPPED' });
const saas = (id: string, amount: number) => ({ id, amount, quantity: 1, product_category: 'SAAS', delivery_method: 'CLOUD' });

async function registeredOnly(accountId: string) {
  expect((await callRoute('settings-update', { accountId, body: { collection: 'registered_only' } })).status).toBe(200);
}

describe('collection: registered_only, a US seller', () => {
  let us: string;
  let wa: string;
  beforeAll(async () => {
    us = (await newTestAccount('US', 'Collect Inc')).account_id;
    wa = (await callRoute('registrations-create', { accountId: us, body: { country: 'US', state: 'WA', type: 'SALES_TAX', active_from: '2024-01-01' } })).body
      .id;
  });

  const cart = (state: string, extra: Record<string, unknown> = {}) => ({
    currency: 'USD',
    customer: { type: 'B2C' },
    location: { country: 'US', state },
    line_items: [goods('l1', 10_000)],
    date: '2025-03-01',
    ...extra,
  });

  it('charges every taxable sale while the account collects everywhere (the default)', async () => {
    // Tex. Tax Code 151.051: 6.25 % state rate (no ZIP: the state base rate).
    const res = await callRoute('tax-unify', { accountId: us, body: cart('TX') });
    expect(res.body.line_items[0]).toMatchObject({ tax_amount: 625, taxability_reason: 'taxable' });
    expect(res.body.line_items[0].registration_id).toBeUndefined();
  });

  it('answers not_collecting into an unregistered state and the rate into a registered one, naming the registration', async () => {
    await registeredOnly(us);
    const texas = await callRoute('tax-unify', { accountId: us, body: cart('TX') });
    expect(texas.status).toBe(200);
    expect(texas.body.line_items[0]).toMatchObject({ tax_amount: 0, taxable_amount: 0, taxability_reason: 'not_collecting' });
    expect(texas.body.line_items[0].registration_id).toBeUndefined();
    expect(texas.body).toMatchObject({ tax_total: 0, total: 10_000, exempt: false });
    // RCW 82.08.020(1): Washington's 6.5 % state rate.
    const washington = await callRoute('tax-unify', { accountId: us, body: cart('WA') });
    expect(washington.body.line_items[0]).toMatchObject({ tax_amount: 650, taxability_reason: 'taxable', registration_id: wa });
  });

  it('records the decision on transactions, and follows the registration dates (the sale date decides)', async () => {
    const ended = (
      await callRoute('registrations-create', {
        accountId: us,
        body: { country: 'US', state: 'GA', type: 'SALES_TAX', active_from: '2025-01-01', expires_at: '2025-07-01' },
      })
    ).body.id;
    const sale = (id: string, date: string) => ({
      id,
      date,
      currency: 'USD',
      customer_type: 'B2C',
      location: { country: 'US', state: 'GA' },
      line_items: [goods('1', 10_000)],
    });
    // O.C.G.A. 48-8-30: Georgia's 4 % state rate.
    const inside = await callRoute('transactions-create', { accountId: us, body: sale(`col-ga-in-${Date.now()}`, '2025-06-30') });
    expect(inside.status).toBe(201);
    expect(inside.body.line_items[0]).toMatchObject({ tax_amount: 400, taxability_reason: 'taxable', registration_id: ended });
    const after = await callRoute('transactions-create', { accountId: us, body: sale(`col-ga-out-${Date.now()}`, '2025-07-01') });
    expect(after.body.line_items[0]).toMatchObject({ tax_amount: 0, taxability_reason: 'not_collecting', exempt_amount: 10_000 });
    const got = await callRoute('transactions-get', { accountId: us, pathParameters: { id: inside.body.id } });
    expect(got.body.line_items[0].registration_id).toBe(ended);
  });

  it('POST /v1/tax/rate keeps the spec result and adds collecting only with apply_registrations', async () => {
    const body = { product_category: 'PHYSICAL_GOODS', delivery_method: 'SHIPPED', customer_type: 'B2C', date: '2025-03-01' };
    const plain = await callRoute('tax-rate', { accountId: us, body: { ...body, location: { country: 'US', state: 'TX' } } });
    expect(plain.body).toMatchObject({ total_rate: 0.0625, taxability_reason: 'taxable' });
    expect(plain.body.collecting).toBeUndefined();
    const texas = await callRoute('tax-rate', { accountId: us, body: { ...body, location: { country: 'US', state: 'TX' }, apply_registrations: true } });
    expect(texas.body).toMatchObject({ total_rate: 0.0625, taxability_reason: 'taxable', collecting: false });
    expect(texas.body.registration_id).toBeUndefined();
    const washington = await callRoute('tax-rate', { accountId: us, body: { ...body, location: { country: 'US', state: 'WA' }, apply_registrations: true } });
    expect(washington.body).toMatchObject({ total_rate: 0.065, collecting: true, registration_id: wa });
  });
});

describe('collection: registered_only, a German seller with OSS', () => {
  let de: string;
  let oss: string;
  beforeAll(async () => {
    de = (await newTestAccount('DE', 'OSS GmbH')).account_id;
    oss = (await callRoute('registrations-create', { accountId: de, body: { country: 'DE', type: 'OSS_UNION', active_from: '2021-07-01' } })).body.id;
    await registeredOnly(de);
  });

  const cart = (country: string, customer: Record<string, unknown> = { type: 'B2C' }) => ({
    currency: 'EUR',
    customer,
    location: { country },
    line_items: [saas('l1', 10_000)],
    date: '2025-03-01',
  });

  it('collects French VAT on B2C SaaS under the Union OSS registration', async () => {
    const res = await callRoute('tax-unify', { accountId: de, body: cart('FR') });
    // CGI art. 278: 20 % standard rate; Art. 369b VAT Directive: the Union scheme covers B2C services into other member states.
    expect(res.body.line_items[0]).toMatchObject({ tax_amount: 2_000, taxability_reason: 'taxable', registration_id: oss });
    expect(res.body.jurisdiction).toMatchObject({ country: 'FR' });
  });

  it('does not collect on a domestic German sale (OSS excludes the member state of identification) until DE VAT is registered', async () => {
    expect((await callRoute('tax-unify', { accountId: de, body: cart('DE') })).body.line_items[0]).toMatchObject({
      tax_amount: 0,
      taxability_reason: 'not_collecting',
    });
    const vat = (await callRoute('registrations-create', { accountId: de, body: { country: 'DE', type: 'VAT', active_from: '2020-01-01' } })).body.id;
    // UStG § 12(1): 19 %.
    expect((await callRoute('tax-unify', { accountId: de, body: cart('DE') })).body.line_items[0]).toMatchObject({ tax_amount: 1_900, registration_id: vat });
  });

  it('leaves a reverse-charged B2B line reverse charged, without a registration', async () => {
    const res = await callRoute('tax-unify', { accountId: de, body: cart('FR', { type: 'B2B', tax_id: 'FR40303265045' }) });
    // Art. 196 VAT Directive: the business customer accounts for the VAT.
    expect(res.body.line_items[0]).toMatchObject({ tax_amount: 0, taxability_reason: 'reverse_charge' });
    expect(res.body.line_items[0].registration_id).toBeUndefined();
  });

  it('does not cover B2C sales into a country outside the EU', async () => {
    expect((await callRoute('tax-unify', { accountId: de, body: cart('GB') })).body.line_items[0]).toMatchObject({
      tax_amount: 0,
      taxability_reason: 'not_collecting',
    });
  });
});
