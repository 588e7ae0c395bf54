/**
 * Integration: POST /v1/tax/unify end to end: the same engine as /v1/tax/rate, B2B reverse charge
 * only with a validating tax ID, tax-inclusive lines, commit into a transaction and the exposure
 * report, idempotency and metering like the other billable routes.
 */
import { rateTable } from '../../local/rates/rates-import';
import { callRoute, newTestAccount } from '../support/api';

const unify = (accountId: string, body: unknown, headers: Record<string, string> = {}) => callRoute('tax-unify', { accountId, body, headers });

const saasLine = (id: string, amount: number, extra: Record<string, unknown> = {}) => ({
  id,
  amount,
  quantity: 1,
  product_category: 'SAAS',
  delivery_method: 'CLOUD',
  ...extra,
});

describe('POST /v1/tax/unify', () => {
  let de: string;
  beforeAll(async () => {
    de = (await newTestAccount('DE', 'Verkäufer GmbH')).account_id;
  });

  it('taxes a one-line cart exactly as rate x amount from /v1/tax/rate, rounded half-up', async () => {
    const rate = await callRoute('tax-rate', {
      accountId: de,
      body: { product_category: 'SAAS', delivery_method: 'CLOUD', customer_type: 'B2C', location: { country: 'HU' } },
    });
    for (const amount of [1, 2, 99, 12_345, 999_999_999_999]) {
      const res = await unify(de, { currency: 'HUF', customer: { type: 'B2C' }, location: { country: 'HU' }, line_items: [saasLine('l1', amount)] });
      expect(res.status).toBe(200);
      const expected = Number((BigInt(amount) * BigInt(Math.round(rate.body.total_rate * 1e6)) * 2n + 1_000_000n) / 2_000_000n);
      expect(res.body.line_items[0]).toMatchObject({ id: 'l1', amount, tax_amount: expected, taxable_amount: amount });
      expect(res.body).toMatchObject({ subtotal: amount, tax_total: expected, total: amount + expected, reverse_charge_applicable: false });
    }
  });

  it('takes customer.government_level like /v1/tax/rate: a Washington city pays tax on SaaS, a federal agency does not', async () => {
    const us = (await newTestAccount('US', 'Gov Supplier Inc')).account_id;
    const cart = (government_level: string) => ({
      currency: 'USD',
      customer: { type: 'GOVERNMENT', government_level },
      location: { country: 'US', state: 'WA' },
      line_items: [saasLine('l1', 10_000)],
    });
    // WAC 458-20-189 (sales to cities taxable); RCW 82.08.020(1) 6.5 % state rate (no ZIP: state base rate).
    expect((await unify(us, cart('local'))).body).toMatchObject({ tax_total: 650, exempt: false });
    // WAC 458-20-190: sales directly to the United States exempt.
    expect((await unify(us, cart('federal'))).body).toMatchObject({ tax_total: 0, exempt: true });
    const refused = await unify(us, { ...cart('local'), customer: { type: 'B2C', government_level: 'local' } });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toContain('customer.government_level');
  });

  it('adds up a mixed cart, splits tax-inclusive lines exactly and breaks tax down by level', async () => {
    await rateTable().putAll([
      {
        zip: '10001',
        state: 'NY',
        region_name: 'NEW YORK CITY',
        state_rate: 0.04,
        county_rate: 0,
        city_rate: 0.045,
        special_rate: 0.00375,
        combined_rate: 0.08875,
        effective_month: '2026-03',
      },
    ]);
    const us = (await newTestAccount('US', 'Shop Inc')).account_id;
    const res = await unify(us, {
      currency: 'USD',
      customer: { type: 'B2C' },
      location: { country: 'US', postal_code: '10001' },
      line_items: [
        { id: 'shoes', amount: 12_999, quantity: 1, product_category: 'PHYSICAL_GOODS', delivery_method: 'SHIPPED' },
        { id: 'socks', amount: 1_089, quantity: 3, product_category: 'PHYSICAL_GOODS', delivery_method: 'SHIPPED', tax_inclusive: true },
      ],
    });
    expect(res.status).toBe(200);
    const [shoes, socks] = res.body.line_items;
    expect(shoes.tax_amount).toBe(1_154); // 12,999 x 8.875 % = 1,153.66
    expect(shoes.breakdown.state).toEqual({ rate: 0.04, amount: 520 });
    expect(Object.values(shoes.breakdown).reduce((s: number, b: any) => s + b.amount, 0)).toBe(shoes.tax_amount);
    expect(socks.net_amount + socks.tax_amount).toBe(1_089);
    expect(socks.net_amount).toBe(1_000);
    expect(res.body.subtotal).toBe(shoes.net_amount + socks.net_amount);
    expect(res.body.total).toBe(res.body.subtotal + res.body.tax_total);
    expect(res.body.tax_total).toBe(shoes.tax_amount + socks.tax_amount);
  });

  it('reverse-charges a B2B customer whose VAT number validates, and taxes an invalid one as B2C, saying why', async () => {
    const valid = await unify(de, {
      currency: 'EUR',
      customer: { type: 'B2B', tax_id: 'FR40303265045' },
      location: { country: 'FR' },
      line_items: [saasLine('a', 10_000)],
    });
    expect(valid.body).toMatchObject({
      reverse_charge_applicable: true,
      tax_total: 0,
      customer: { applied_type: 'B2B', tax_id: { valid: true, registry_checked: false } },
    });
    expect(valid.body.line_items[0]).toMatchObject({ tax_amount: 0, taxable_amount: 0 });
    const invalid = await unify(de, {
      currency: 'EUR',
      customer: { type: 'B2B', tax_id: 'FR00000000000' },
      location: { country: 'FR' },
      line_items: [saasLine('a', 10_000)],
    });
    expect(invalid.body).toMatchObject({
      reverse_charge_applicable: false,
      tax_total: 2_000,
      customer: { declared_type: 'B2B', applied_type: 'B2C', reason: 'tax_id_invalid', message: expect.stringContaining('B2C') },
    });
    const exempt = await unify(de, {
      currency: 'EUR',
      customer: { type: 'B2C', exempt: true },
      location: { country: 'FR' },
      line_items: [saasLine('a', 10_000)],
    });
    expect(exempt.body).toMatchObject({ exempt: true, tax_total: 0, customer: { reason: 'customer_exempt' } });
  });

  it('records the cart as a transaction with commit: true, feeding the exposure report', async () => {
    const account = (await newTestAccount('DE')).account_id;
    const res = await unify(account, {
      currency: 'EUR',
      customer: { type: 'B2C' },
      location: { country: 'FR' },
      date: '2026-10-05',
      line_items: [saasLine('a', 10_000), saasLine('b', 5_000, { tax_inclusive: true })],
      commit: true,
      transaction_id: 'order-1',
    });
    expect(res.status).toBe(200);
    expect(res.body.transaction).toEqual({ id: 'order-1', created: true });
    const stored = await callRoute('transactions-get', { accountId: account, pathParameters: { id: 'order-1' } });
    expect(stored.status).toBe(200);
    expect(stored.body.tax_total).toBe(res.body.tax_total);
    const report = await callRoute('exposure-countries', { accountId: account });
    expect(report.body.exposure).toEqual([expect.objectContaining({ country_code: 'FR', currency: 'EUR', exposure_amount: res.body.tax_total })]);
  });

  it.each([
    [{ currency: 'EUR', customer: { type: 'B2C' }, location: { country: 'FR' }, line_items: [] }, 'line_items'],
    [{ currency: 'XYZ', customer: { type: 'B2C' }, location: { country: 'FR' }, line_items: [saasLine('a', 1)] }, 'currency'],
    [{ currency: 'EUR', customer: { type: 'B2C' }, location: { country: 'FR' }, line_items: [saasLine('a', 1), saasLine('a', 2)] }, 'id'],
    [{ currency: 'EUR', customer: { type: 'B2C' }, location: { country: 'FR' }, line_items: [saasLine('a', -1)] }, 'amount'],
    [{ currency: 'EUR', customer: { type: 'B2C' }, location: { country: 'FR' }, line_items: [saasLine('a', 1.5)] }, 'amount'],
    [{ currency: 'EUR', customer: { type: 'B2C' }, location: { country: 'FR' }, line_items: [saasLine('a', 1)], commit: true }, 'transaction_id'],
    [{ currency: 'EUR', customer: { type: 'PERSON' }, location: { country: 'FR' }, line_items: [saasLine('a', 1)] }, 'customer.type'],
  ])('refuses %j with a 400 naming %s, unbilled', async (body, field) => {
    const account = (await newTestAccount('DE')).account_id;
    const res = await unify(account, body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: 'validation_error', message: expect.stringContaining(field) });
    expect((await callRoute('usage-get', { accountId: account })).body.data).toEqual([]);
  });

  it('replays with an Idempotency-Key without re-running or re-billing', async () => {
    const account = (await newTestAccount('DE')).account_id;
    const body = {
      currency: 'EUR',
      customer: { type: 'B2C' },
      location: { country: 'AT' },
      line_items: [saasLine('a', 1_000)],
      commit: true,
      transaction_id: 'once',
    };
    const first = await unify(account, body, { 'Idempotency-Key': 'k' });
    const again = await unify(account, body, { 'Idempotency-Key': 'k' });
    expect(again.body).toEqual(first.body);
    expect(again.body.transaction.created).toBe(true);
    expect((await callRoute('usage-get', { accountId: account })).body.data).toEqual([{ date: expect.any(String), endpoint: 'POST /v1/tax/unify', count: 1 }]);
  });
});
