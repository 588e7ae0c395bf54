/**
 * Integration (DynamoDB Local, through the handlers): customers, certificates, products and tax codes in POST
 * /v1/tax/unify and /v1/transactions: per line products and codes, partial exemptions, a recorded sale keeping its code
 * and certificate and the customer's transaction count, rate/unify/transactions agreeing, and taxable and exempt sales
 * in the exposure report. Every expected tax value names its source. Locations are given by state only (no ZIP rows).
 */
import { documentClient } from '../../src/adapters/dynamodb/client';
import { tableName } from '../../src/config/environment';
import { callRoute, newTestAccount } from '../support/api';
import { day, TODAY, TX, NY, SD, goods, newWiringSeller, wiringCalls } from '../support/wiring-customers';

describe('wiring: customers, certificates, products and tax codes in every calculation', () => {
  let accountId: string;
  /** A Texas business with a valid EIN and a resale certificate for TX and CA. */
  let reseller: string;
  /** A consumer with a 50 % certificate for the whole US (a NONPROFIT type would be exempt in NY by type alone). */
  let halfExempt: string;
  /** A customer whose certificate expired yesterday. */
  let lapsed: string;

  const { customer, rate, unify, record } = wiringCalls(() => accountId);

  beforeAll(async () => {
    ({ accountId, reseller, halfExempt, lapsed } = await newWiringSeller());
  });

  describe('POST /v1/tax/unify and POST /v1/transactions', () => {
    it('refuses government_level for a stored customer that is not GOVERNMENT, naming the field where each request put it', async () => {
      // unify carries it under customer, rate and transactions at the top level: the 400 names the field as sent.
      const cart = await unify({ customer_id: halfExempt, customer: { government_level: 'state' }, line_items: [{ id: 'l1', amount: 1_000, ...goods }] });
      expect(cart.status).toBe(400);
      expect(cart.body.message).toMatch(/^'customer\.government_level' is only used/);
      const single = await rate({ customer_id: halfExempt, government_level: 'state', ...goods });
      expect(single.status).toBe(400);
      expect(single.body.message).toMatch(/^'government_level' is only used/);
    });

    it('a 50 % exemption halves the tax exactly, odd amounts too, and rate and unify agree', async () => {
      const lines = [
        { id: 'even', amount: 16_000, ...goods },
        { id: 'odd', amount: 16_001, ...goods },
        { id: 'small', amount: 1, ...goods },
      ];
      const cart = await unify({ customer_id: halfExempt, line_items: lines });
      expect(cart.status).toBe(200);
      // N.Y. Tax Law § 1105(a) 4 % on the taxable half (splitByExemptPercentage, half-up):
      // 16,000 -> 8,000 taxable -> 320 (the full 640 halved); 16,001 -> 8,001 (8,000.5 up) -> 320.04 -> 320;
      // 1 -> 1 (0.5 up) -> 0.04 -> 0.
      expect(
        cart.body.line_items.map((l: { taxable_amount: number; exempt_amount: number; tax_amount: number }) => [
          l.taxable_amount,
          l.exempt_amount,
          l.tax_amount,
        ]),
      ).toEqual([
        [8_000, 8_000, 320],
        [8_001, 8_000, 320],
        [1, 0, 0],
      ]);
      expect(cart.body.line_items[0]).toMatchObject({ taxability_reason: 'customer_exempt', exempt_percentage: 50, tax_code: 'levy_general_goods' });
      const quoted = await rate({ customer_id: halfExempt, ...goods });
      expect(cart.body.line_items[0].breakdown.state.rate).toBe(quoted.body.state_rate);
      expect(cart.body.line_items[0].exemption_id).toBe(quoted.body.exemption_id);

      const sale = await record({ id: 'half-1', customer_id: halfExempt, line_items: lines });
      expect(sale.status).toBe(201);
      expect(sale.body.line_items.map((l: { tax_amount: number; exempt_amount?: number }) => [l.tax_amount, l.exempt_amount])).toEqual([
        [320, 8_000],
        [320, 8_000],
        [0, undefined],
      ]);
      expect(sale.body.line_items[0].exemption).toEqual({ id: quoted.body.exemption_id, reason: 'OTHER', certificate_number: 'C-1', exempt_percentage: 50 });
      expect(sale.body).toMatchObject({ customer_id: halfExempt, customer_type: 'B2C', location: NY, tax_total: 640 });
    });

    it('per line product_id and tax_code in one cart: groceries exempt in TX, taxed in SD; the request-level exempt flag still zeroes all', async () => {
      const product = (await callRoute('products-create', { accountId, body: { name: 'Apples', tax_code: 'levy_groceries' } })).body.id as string;
      const line_items = [
        { id: 'apples', amount: 1_000, product_id: product },
        { id: 'milk', amount: 1_000, tax_code: 'levy_groceries' },
        { id: 'pan', amount: 1_000, ...goods },
      ];
      const tx = await unify({ customer: { type: 'B2C' }, location: TX, line_items });
      // Tex. Tax Code § 151.314 (groceries exempt); § 151.051(b) 6.25 % on the pan: 62.5 -> 63 (half-up).
      expect(tx.body.line_items.map((l: { tax_amount: number; taxability_reason: string }) => [l.tax_amount, l.taxability_reason])).toEqual([
        [0, 'not_taxable_in_jurisdiction'],
        [0, 'not_taxable_in_jurisdiction'],
        [63, 'taxable'],
      ]);
      const sd = await unify({ customer: { type: 'B2C' }, location: SD, line_items });
      // SDCL 10-45-2: 4.2 % on everything, groceries included: 42 each.
      expect(sd.body.line_items.map((l: { tax_amount: number }) => l.tax_amount)).toEqual([42, 42, 42]);
      const flagged = await unify({ customer: { type: 'B2C', exempt: true }, location: SD, line_items });
      expect(flagged.body).toMatchObject({ tax_total: 0, exempt: true });
      expect(flagged.body.line_items.every((l: { taxability_reason: string }) => l.taxability_reason === 'customer_exempt')).toBe(true);
    });

    it('unknown ids in a line are a 400 naming the line', async () => {
      const res = await record({
        id: 'bad-1',
        customer_type: 'B2C',
        location: TX,
        line_items: [
          { amount: 100, ...goods },
          { amount: 100, product_id: 'ghost' },
        ],
      });
      expect(res.status).toBe(400);
      expect(res.body.message).toContain("'line_items[1].product_id' is 'ghost'");
      const cart = await unify({ customer_id: 'cus_ghost', line_items: [{ id: 'a', amount: 100, ...goods }] });
      expect(cart.status).toBe(400);
      expect(cart.body.message).toContain("'customer_id' is 'cus_ghost'");
    });

    it("a product's code change does not alter an earlier sale's refund", async () => {
      const product = (await callRoute('products-create', { accountId, body: { name: 'Snacks', tax_code: 'levy_general_goods' } })).body.id as string;
      const sale = await record({ id: 'code-change-1', customer_type: 'B2C', location: TX, line_items: [{ id: 'a', amount: 10_000, product_id: product }] });
      // Tex. Tax Code § 151.051(b): 6.25 % of 10,000 = 625.
      expect(sale.body.line_items[0]).toMatchObject({ product_id: product, tax_code: 'levy_general_goods', tax_amount: 625, taxability_reason: 'taxable' });
      const changed = await callRoute('products-update', { accountId, pathParameters: { id: product }, body: { tax_code: 'levy_groceries' } });
      expect(changed.status).toBe(200);
      // A new sale of the product is now groceries (Tex. Tax Code § 151.314: exempt)...
      expect((await rate({ customer_type: 'B2C', location: TX, product_id: product })).body).toMatchObject({ tax_code: 'levy_groceries', total_rate: 0 });
      // ...but the refund of the earlier sale takes back the 625 it charged, under the recorded code.
      const refund = await callRoute('transactions-refund', { accountId, pathParameters: { id: 'code-change-1' }, body: { id: 'r1', date: TODAY } });
      expect(refund.status).toBe(201);
      expect(refund.body).toMatchObject({ tax_total: 625, line_items: [{ id: 'a', amount: 10_000, tax_amount: 625 }] });
      expect((await callRoute('transactions-get', { accountId, pathParameters: { id: 'code-change-1' } })).body.line_items[0]).toMatchObject({
        tax_code: 'levy_general_goods',
        remaining_tax_amount: 0,
      });
    });

    it('DELETE /v1/customers/{id} answers 409 once a transaction names the customer (counted in the same write)', async () => {
      const buyer = await customer({ customer_type: 'B2C', address: TX });
      const quoteOnly = await unify({ customer_id: buyer, line_items: [{ id: 'a', amount: 100, ...goods }] });
      expect(quoteOnly.status).toBe(200);
      const committed = await unify({ customer_id: buyer, line_items: [{ id: 'a', amount: 100, ...goods }], commit: true, transaction_id: `cart-${buyer}` });
      expect(committed.body.transaction).toEqual({ id: `cart-${buyer}`, created: true });
      // A retried commit writes nothing: the count does not move twice.
      expect(
        (await unify({ customer_id: buyer, line_items: [{ id: 'a', amount: 100, ...goods }], commit: true, transaction_id: `cart-${buyer}` })).body.transaction
          .created,
      ).toBe(false);
      const { Item } = await documentClient().get({ TableName: tableName('Customers'), Key: { account_id: accountId, id: buyer }, ConsistentRead: true });
      expect(Item?.transaction_count).toBe(1);
      const refused = await callRoute('customers-delete', { accountId, pathParameters: { id: buyer } });
      expect(refused.status).toBe(409);
      expect(refused.body.error).toBe('customer_has_transactions');
      const stored = await callRoute('transactions-get', { accountId, pathParameters: { id: `cart-${buyer}` } });
      expect(stored.body).toMatchObject({ customer_id: buyer, customer_type: 'B2C', location: { country: 'US', state: 'TX' } });
      // A customer only quoted for can still be deleted.
      const quotedOnly = await customer({ customer_type: 'B2C', address: TX });
      await rate({ customer_id: quotedOnly, ...goods });
      expect((await callRoute('customers-delete', { accountId, pathParameters: { id: quotedOnly } })).status).toBe(204);
    });
  });

  describe('rate, unify and transactions agree for the same sale with a customer and a product', () => {
    it.each([
      ['the reseller in TX (certificate)', () => ({ customer_id: reseller }), 'general'],
      ['the reseller sold to in NY (no certificate there)', () => ({ customer_id: reseller, location: NY }), 'general'],
      ['the 50 % customer (certificate in part)', () => ({ customer_id: halfExempt }), 'general'],
      ['groceries to the reseller in SD (taxed there)', () => ({ customer_id: reseller, location: SD }), 'groceries'],
      ['groceries to the lapsed customer in TX (not taxable)', () => ({ customer_id: lapsed }), 'groceries'],
    ] as const)('%s', async (_name, parties, kind) => {
      const product = (
        await callRoute('products-create', { accountId, body: { name: kind, tax_code: kind === 'general' ? 'levy_general_goods' : 'levy_groceries' } })
      ).body.id as string;
      const amount = 12_345;
      const quoted = (await rate({ ...parties(), product_id: product })).body;
      const cart = (await unify({ ...parties(), line_items: [{ id: 'a', amount, product_id: product }] })).body;
      const sale = (await record({ id: `agree-${product}`, ...parties(), line_items: [{ id: 'a', amount, product_id: product }] })).body;
      const [line, recorded] = [cart.line_items[0], sale.line_items[0]];
      for (const answer of [line, recorded])
        expect(answer).toMatchObject({ tax_code: quoted.tax_code, taxability_reason: quoted.taxability_reason, product_id: product });
      expect(line.exemption_id).toBe(quoted.exemption_id);
      expect(recorded.exemption?.id).toBe(quoted.exemption_id);
      expect(cart.customer).toEqual(quoted.customer);
      expect(sale.customer).toEqual(quoted.customer);
      expect(cart.jurisdiction).toEqual(quoted.jurisdiction);
      // The tax is the rate on the taxable share, half-up: the share is the amount less the exempt percentage of it.
      const pct = quoted.exempt_percentage ?? 0;
      const taxable = Math.floor((amount * (100 - pct) * 2 + 100) / 200);
      const expectedTax = Math.floor((taxable * Math.round(quoted.total_rate * 1_000_000) * 2 + 1_000_000) / 2_000_000);
      expect(line.tax_amount).toBe(expectedTax);
      expect(recorded.tax_amount).toBe(expectedTax);
      expect(recorded.exempt_amount ?? 0).toBe(line.exempt_amount);
    });
  });

  describe('exposure: exempt sales by reason apart from taxable ones', () => {
    it('files a sale by what the law decides, whatever tax the seller states: a taxed sale stated at 0 tax stays taxable', async () => {
      const account = (await newTestAccount('US', 'Stated Tax Inc')).account_id;
      const buyer = (await callRoute('customers-create', { accountId: account, body: { name: 'Shop', customer_type: 'B2B', address: TX } })).body.id as string;
      await callRoute('exemptions-create', {
        accountId: account,
        pathParameters: { id: buyer },
        body: { reason: 'RESALE', jurisdictions: [TX], certificate_number: 'R', effective_from: day(-10) },
      });
      const sale = (body: object) => callRoute('transactions-create', { accountId: account, body: { currency: 'USD', date: TODAY, ...body } });
      // Goods sold in Texas are taxable (Tex. Tax Code § 151.051); the seller collected nothing on this one.
      expect((await sale({ id: 'stated-0', customer_type: 'B2C', location: TX, line_items: [{ amount: 2_000, tax_amount: 0, ...goods }] })).status).toBe(201);
      // A resale certificate exempts this one (§ 151.302); the seller states tax anyway.
      expect((await sale({ id: 'stated-50', customer_id: buyer, line_items: [{ amount: 1_000, tax_amount: 50, ...goods }] })).status).toBe(201);
      const report = await callRoute('exposure-countries', { accountId: account, query: { include: 'sales' } });
      expect(report.body.exposure[0].sales).toEqual({ taxable_amount: 2_000, exempt_amount: 1_000, exempt_by_reason: { resale: 1_000 } });
    });

    it('GET /v1/exposure/countries?include=sales separates them per state, net of refunds; the default answer is unchanged', async () => {
      const account = (await newTestAccount('US', 'Exposure Inc')).account_id;
      const buyer = (await callRoute('customers-create', { accountId: account, body: { name: 'Shop', customer_type: 'B2B', address: TX } })).body.id as string;
      await callRoute('exemptions-create', {
        accountId: account,
        pathParameters: { id: buyer },
        body: { reason: 'RESALE', jurisdictions: [TX], certificate_number: 'R', effective_from: day(-10) },
      });
      const sale = (body: object) => callRoute('transactions-create', { accountId: account, body: { currency: 'USD', date: TODAY, ...body } });
      expect((await sale({ id: 's1', customer_id: buyer, line_items: [{ amount: 5_000, ...goods }] })).status).toBe(201);
      expect(
        (
          await sale({
            id: 's2',
            customer_type: 'B2C',
            location: TX,
            line_items: [
              { amount: 2_000, ...goods },
              { amount: 300, tax_code: 'levy_groceries' },
            ],
          })
        ).status,
      ).toBe(201);
      await callRoute('transactions-refund', {
        accountId: account,
        pathParameters: { id: 's2' },
        body: { id: 'r', date: TODAY, line_items: [{ id: '1', amount: 1_000 }] },
      });

      const report = await callRoute('exposure-countries', { accountId: account, query: { include: 'sales' } });
      expect(report.status).toBe(200);
      // Tax: 2,000 x 6.25 % = 125 (Tex. Tax Code § 151.051(b)), less the refund's 62.5 -> 63 share: 62.
      const sales = { taxable_amount: 1_000, exempt_amount: 5_300, exempt_by_reason: { resale: 5_000, not_taxable_in_jurisdiction: 300 } };
      expect(report.body.exposure).toEqual([
        {
          country_code: 'US',
          country_name: 'United States',
          currency: 'USD',
          exposure_amount: 62,
          sales,
          jurisdictions: [{ jurisdiction_code: 'TX', jurisdiction_name: 'Texas', exposure_amount: 62, sales }],
        },
      ]);
      const plain = await callRoute('exposure-countries', { accountId: account });
      expect(plain.body.exposure[0]).not.toHaveProperty('sales');
      expect(plain.body.exposure[0].jurisdictions[0]).not.toHaveProperty('sales');
    });
  });
});
