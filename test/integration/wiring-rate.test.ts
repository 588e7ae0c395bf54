/**
 * Integration (DynamoDB Local, through the handlers): customers, certificates, products and tax codes in POST
 * /v1/tax/rate: a stored customer (type, address, tax IDs, certificates) and a product or a tax code, and the 400s for
 * unknown or foreign ids. Every expected tax value names its source. Locations are given by state only, so the state
 * base rate applies (no ZIP rows are involved).
 */
import { callRoute, newTestAccount } from '../support/api';
import { day, TX, NY, SD, goods, newWiringSeller, wiringCalls } from '../support/wiring-customers';

describe('wiring: customers, certificates, products and tax codes in every calculation', () => {
  let accountId: string;
  let otherAccountId: string;
  /** A Texas business with a valid EIN and a resale certificate for TX and CA. */
  let reseller: string;
  /** A consumer with a 50 % certificate for the whole US (a NONPROFIT type would be exempt in NY by type alone). */
  let halfExempt: string;
  /** A customer whose certificate expired yesterday. */
  let lapsed: string;
  let resaleCertificate: string;

  const { customer, rate, record } = wiringCalls(() => accountId);

  beforeAll(async () => {
    ({ accountId, reseller, resaleCertificate, halfExempt, lapsed } = await newWiringSeller());
    otherAccountId = (await newTestAccount('US', 'Other Inc')).account_id;
  });

  describe('POST /v1/tax/rate with customer_id', () => {
    it('a resale certificate for TX and CA exempts a TX sale and not a NY sale', async () => {
      const tx = await rate({ customer_id: reseller, ...goods });
      expect(tx.status).toBe(200);
      // The customer's address (TX) is the sale's location; its certificate covers TX: no tax.
      expect(tx.body).toMatchObject({
        customer_id: reseller,
        jurisdiction: { country: 'US', state: 'TX' },
        taxability_reason: 'customer_exempt',
        exemption_id: resaleCertificate,
        exempt_percentage: 100,
        exempt: true,
        total_rate: 0,
        tax_code: 'levy_general_goods',
      });
      const ny = await rate({ customer_id: reseller, ...goods, location: NY });
      // N.Y. Tax Law § 1105(a): 4 % state rate on tangible goods; the certificate does not name NY.
      expect(ny.body).toMatchObject({ jurisdiction: { state: 'NY' }, taxability_reason: 'taxable', total_rate: 0.04, exempt: false });
      expect(ny.body.exemption_id).toBeUndefined();
    });

    it("supplies the customer's type, address and first valid tax ID; fields in the request override them", async () => {
      const stored = await rate({ customer_id: reseller, ...goods, location: NY });
      expect(stored.body.customer).toMatchObject({ declared_type: 'B2B', applied_type: 'B2B', tax_id: { valid: true, normalized: '042103594' } });
      const typed = await rate({ customer_id: reseller, ...goods, location: NY, customer_type: 'B2C' });
      expect(typed.body.customer).toMatchObject({ declared_type: 'B2C', applied_type: 'B2C' });
      // A tax ID sent replaces the stored ones: this one fails its check, so the B2B customer is taxed as B2C.
      const badId = await rate({ customer_id: reseller, ...goods, location: NY, customer_tax_id: '00-0000000' });
      expect(badId.body.customer).toMatchObject({ declared_type: 'B2B', applied_type: 'B2C', reason: 'tax_id_invalid' });
      // A location sent replaces the address (SD: SDCL 10-45-2, 4.2 % from 2023-07-01 to 2027-06-30).
      const elsewhere = await rate({ customer_id: reseller, ...goods, location: SD });
      expect(elsewhere.body).toMatchObject({ jurisdiction: { state: 'SD' }, total_rate: 0.042, taxability_reason: 'taxable' });
    });

    it('a certificate that expired yesterday does not exempt today (expires_on is the first day it no longer exempts)', async () => {
      // Tex. Tax Code § 151.051(b): 6.25 %.
      expect((await rate({ customer_id: lapsed, ...goods })).body).toMatchObject({ taxability_reason: 'taxable', total_rate: 0.0625 });
      expect((await rate({ customer_id: lapsed, ...goods, date: day(-1) })).body).toMatchObject({ taxability_reason: 'customer_exempt', total_rate: 0 });
    });

    it('a 50 % certificate keeps the rates and says the exempt share', async () => {
      // N.Y. Tax Law § 1105(a): 4 %, applied to the taxable half (unify and transactions compute it).
      const res = await rate({ customer_id: halfExempt, ...goods });
      expect(res.body).toMatchObject({ taxability_reason: 'customer_exempt', exempt_percentage: 50, total_rate: 0.04, exempt: false });
    });

    it('rates by tax_code and product_id: groceries exempt in TX, taxed in SD', async () => {
      // Tex. Tax Code § 151.314: food for home consumption exempt.
      expect((await rate({ customer_type: 'B2C', location: TX, tax_code: 'levy_groceries' })).body).toMatchObject({
        tax_code: 'levy_groceries',
        taxability_reason: 'not_taxable_in_jurisdiction',
        total_rate: 0,
      });
      // SDCL 10-45-2: food taxed like other goods, 4.2 %.
      expect((await rate({ customer_type: 'B2C', location: SD, tax_code: 'levy_groceries' })).body).toMatchObject({
        tax_code: 'levy_groceries',
        taxability_reason: 'taxable',
        total_rate: 0.042,
      });
      const product = (await callRoute('products-create', { accountId, body: { name: 'Bread', tax_code: 'levy_groceries' } })).body.id as string;
      expect((await rate({ customer_type: 'B2C', location: TX, product_id: product })).body).toMatchObject({
        product_id: product,
        tax_code: 'levy_groceries',
        total_rate: 0,
      });
      // A tax_code sent with the product overrides the product's (as Stripe's line tax_code): Tex. Tax Code 6.25 %.
      expect((await rate({ customer_type: 'B2C', location: TX, product_id: product, tax_code: 'levy_general_goods' })).body).toMatchObject({
        tax_code: 'levy_general_goods',
        total_rate: 0.0625,
      });
      // An archived product may still be sold and recorded (an order placed before it was archived): its code applies.
      expect((await callRoute('products-archive', { accountId, pathParameters: { id: product } })).body.active).toBe(false);
      expect((await rate({ customer_type: 'B2C', location: SD, product_id: product })).body).toMatchObject({
        product_id: product,
        tax_code: 'levy_groceries',
        total_rate: 0.042,
      });
      const archivedSale = await record({
        id: `archived-${product}`,
        customer_type: 'B2C',
        location: SD,
        line_items: [{ amount: 1_000, product_id: product }],
      });
      expect(archivedSale.status).toBe(201);
      // SDCL 10-45-2: 1,000 x 4.2 % = 42.
      expect(archivedSale.body.line_items[0]).toMatchObject({ product_id: product, tax_code: 'levy_groceries', tax_amount: 42 });
    });

    it('answers 400 naming the customer when its stored address cannot place the sale (a TX state with a New York ZIP)', async () => {
      // Customers are stored without a state/ZIP cross-check; the quote makes it, and names the customer, not a
      // `location` the request never sent. 10001 is Manhattan (USPS ZIP prefix 100: New York).
      const misplaced = await customer({ customer_type: 'B2C', address: { country: 'US', state: 'TX', postal_code: '10001' } });
      const refused = await rate({ customer_id: misplaced, ...goods });
      expect(refused.status).toBe(400);
      expect(refused.body.message).toContain(`The address of customer '${misplaced}'`);
      expect(refused.body.message).toContain("contradicts location.postal_code '10001'");
      // With the request's own location, the stored address is not used at all.
      expect((await rate({ customer_id: misplaced, location: NY, ...goods })).status).toBe(200);
    });

    it("answers 400 naming the field and the id for an unknown customer, product or code, and another account's ids", async () => {
      const unknownCustomer = await rate({ customer_id: 'cus_nobody', ...goods });
      expect(unknownCustomer.status).toBe(400);
      expect(unknownCustomer.body).toMatchObject({ error: 'validation_error', message: expect.stringContaining("'customer_id' is 'cus_nobody'") });
      const otherAccount = await rate({ customer_id: reseller, ...goods }, otherAccountId);
      expect(otherAccount.status).toBe(400);
      expect(otherAccount.body.message).toContain(`'customer_id' is '${reseller}'`);
      const unknownProduct = await rate({ customer_type: 'B2C', location: TX, product_id: 'no-such-product' });
      expect(unknownProduct.status).toBe(400);
      expect(unknownProduct.body.message).toContain("'product_id' is 'no-such-product'");
      const unknownCode = await rate({ customer_type: 'B2C', location: TX, tax_code: 'levy_unicorns' });
      expect(unknownCode.status).toBe(400);
      expect(unknownCode.body.message).toContain("'tax_code' is 'levy_unicorns'");
      const both = await rate({ customer_type: 'B2C', location: TX, ...goods, tax_code: 'levy_groceries' });
      expect(both.status).toBe(400);
      expect(both.body.message).toContain("'product_category' is sent with tax_code");
      const nobody = await rate({ ...goods, location: TX });
      expect(nobody.status).toBe(400);
      expect(nobody.body.message).toContain("'customer_type' is required (or send customer_id");
    });
  });
});
