/**
 * Integration: what a US sale needs before Levy rates it, through the routes (DynamoDB Local): a location placed in a
 * state (400 location_incomplete otherwise; a checkout asks through required_fields, an invoice is not finalized),
 * the quote's state-base-rate note kept on the recorded sale, LEVY_US_LOCAL_RATES=required (422
 * us_local_rates_missing), a PICKUP rated at the establishment's ZIP, and Puerto Rico's uniform municipal 1 %.
 *
 * The "no table" cases use dates before 2025-10, the first month any test file imports a ZIP table for, so they hold
 * whatever other files of the run import.
 */
import { US_LOCAL_RATES_ENV_VAR } from '../../src/config/environment';
import { callRoute, newTestAccount } from '../support/api';
import { importZipRows } from '../support/shared-data';

const goods = { product_category: 'PHYSICAL_GOODS', delivery_method: 'SHIPPED' };
const pickup = { product_category: 'PHYSICAL_GOODS', delivery_method: 'PICKUP' };
const BEFORE_ANY_TABLE = '2025-06-02';

describe('a US sale Levy cannot place in a state', () => {
  let seller: string;
  beforeAll(async () => {
    seller = (await newTestAccount('US', 'Unplaced Goods Inc')).account_id;
  });

  it.each([
    ['country alone', { country: 'US' }, 'from the country alone'],
    ['an IP address alone', { ip_address: '8.8.8.8' }, 'from its IP address alone'],
  ])('is refused with location_incomplete on rate, unify and transactions: %s', async (_, location, how) => {
    const rate = await callRoute('tax-rate', { accountId: seller, body: { ...goods, customer_type: 'B2C', location } });
    const unify = await callRoute('tax-unify', {
      accountId: seller,
      body: { currency: 'USD', customer: { type: 'B2C' }, location, line_items: [{ id: 'a', amount: 1_000, ...goods }] },
    });
    const recorded = await callRoute('transactions-create', {
      accountId: seller,
      body: {
        id: `unplaced-${how.length}`,
        date: '2026-03-02',
        currency: 'USD',
        customer_type: 'B2C',
        location,
        line_items: [{ id: 'a', amount: 1_000, ...goods }],
      },
    });
    for (const res of [rate, unify, recorded]) {
      expect(res.status).toBe(400);
      expect(res.body.error).toBe('location_incomplete');
      expect(res.body.message).toContain(how);
      expect(res.body.message).toContain('location.postal_code');
      expect(res.body.message).toContain('location.state');
    }
    // Nothing was recorded.
    expect((await callRoute('transactions-get', { accountId: seller, pathParameters: { id: `unplaced-${how.length}` } })).status).toBe(404);
  });

  it("names the stored customer whose address is the sale's location", async () => {
    const customer = await callRoute('customers-create', { accountId: seller, body: { name: 'Somewhere In The US', address: { country: 'US' } } });
    expect(customer.status).toBe(201);
    const res = await callRoute('tax-rate', { accountId: seller, body: { ...goods, customer_id: customer.body.id } });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: 'location_incomplete' });
    expect(res.body.message).toContain(`customer '${customer.body.id}'`);
  });

  it('a checkout is opened and keeps asking for location.postal_code; it cannot be completed without it', async () => {
    const opened = await callRoute('checkouts-create', {
      accountId: seller,
      body: { currency: 'USD', customer: { type: 'B2C' }, location: { country: 'US' }, line_items: [{ id: 'a', amount: 1_000, ...goods }] },
    });
    expect(opened.status).toBe(201);
    expect(opened.body.required_fields).toContain('location.postal_code');
    const completed = await callRoute('checkouts-complete', {
      accountId: seller,
      pathParameters: { id: opened.body.id },
      body: { transaction_id: 'chk-unplaced' },
    });
    expect(completed.status).toBe(422);
    expect(completed.body.error).toBe('checkout_incomplete');
  });

  it('an invoice to a buyer whose address has no state or ZIP is not finalized', async () => {
    const entity = await callRoute('entities-create', {
      accountId: seller,
      body: {
        name: 'Unplaced Goods Invoicing',
        country: 'US',
        state: 'CA',
        tax_id: null,
        address: { line1: '1 Main St', city: 'Sacramento', postal_code: '95814', state: 'CA' },
      },
    });
    expect(entity.status).toBe(201);
    const series = await callRoute('invoice-series-create', { accountId: seller, body: { entity_id: entity.body.id, prefix: 'UNPL-' } });
    expect(series.status).toBe(201);
    const draft = await callRoute('invoices-create', {
      accountId: seller,
      body: {
        series_id: series.body.id,
        currency: 'USD',
        issue_date: '2026-03-02',
        customer: { type: 'B2C', name: 'Pat Buyer', address: { line1: '2 Elm St', city: 'Somewhere', country: 'US' } },
        line_items: [{ id: 'a', description: 'Widget', amount: 1_000, quantity: 1, ...goods }],
      },
    });
    expect(draft.status).toBe(201);
    const finalized = await callRoute('invoices-finalize', { accountId: seller, pathParameters: { id: draft.body.id } });
    expect(finalized.status).toBe(400);
    expect(finalized.body.error).toBe('location_incomplete');
    expect((await callRoute('invoices-get', { accountId: seller, pathParameters: { id: draft.body.id } })).body.status).toBe('draft');
  });
});

describe('a US sale rated at its state base rate for want of a ZIP table', () => {
  let seller: string;
  const sf = { country: 'US', postal_code: '94103' };
  beforeAll(async () => {
    seller = (await newTestAccount('US', 'Mission Street Goods Inc')).account_id;
  });
  afterEach(() => {
    delete process.env[US_LOCAL_RATES_ENV_VAR];
  });

  it('is recorded with the same note as the quote', async () => {
    const quote = await callRoute('tax-rate', { accountId: seller, body: { ...goods, customer_type: 'B2C', location: sf, date: BEFORE_ANY_TABLE } });
    expect(quote.status).toBe(200);
    // California's statewide 7.25 % (data/us-states.json CA: Cal. Rev. & Tax. Code §§ 6051 ... + § 7203.1), no ZIP table in force.
    expect(quote.body.total_rate).toBe(0.0725);
    expect(quote.body.notes).toHaveLength(1);
    expect(['us_local_rate_unavailable_state_base_rate_used', 'us_local_rate_unavailable_for_date']).toContain(quote.body.notes[0]);
    const recorded = await callRoute('transactions-create', {
      accountId: seller,
      body: { id: 'sf-1', date: BEFORE_ANY_TABLE, currency: 'USD', customer_type: 'B2C', location: sf, line_items: [{ id: 'a', amount: 10_000, ...goods }] },
    });
    expect(recorded.status).toBe(201);
    expect(recorded.body.notes).toEqual(quote.body.notes);
    expect(recorded.body.tax_total).toBe(725);
    expect((await callRoute('transactions-get', { accountId: seller, pathParameters: { id: 'sf-1' } })).body.notes).toEqual(quote.body.notes);
  });

  it('a sale rated with its ZIP row carries no note', async () => {
    await importZipRows([['CA', '90001']]);
    const recorded = await callRoute('transactions-create', {
      accountId: seller,
      body: {
        id: 'la-1',
        date: '2026-03-16',
        currency: 'USD',
        customer_type: 'B2C',
        location: { country: 'US', postal_code: '90001' },
        line_items: [{ id: 'a', amount: 10_000, ...goods }],
      },
    });
    // Avalara TAXRATES_ZIP5_CA202603.csv, 90001 Huntington Park: EstimatedCombinedRate 0.105.
    expect(recorded.body.tax_total).toBe(1_050);
    expect(recorded.body.notes).toBeUndefined();
  });

  it('with LEVY_US_LOCAL_RATES=required is refused with 422 us_local_rates_missing, and without a ZIP with location_incomplete', async () => {
    process.env[US_LOCAL_RATES_ENV_VAR] = 'required';
    const rate = await callRoute('tax-rate', { accountId: seller, body: { ...goods, customer_type: 'B2C', location: sf, date: BEFORE_ANY_TABLE } });
    const recorded = await callRoute('transactions-create', {
      accountId: seller,
      body: {
        id: 'sf-required',
        date: BEFORE_ANY_TABLE,
        currency: 'USD',
        customer_type: 'B2C',
        location: sf,
        line_items: [{ id: 'a', amount: 10_000, ...goods }],
      },
    });
    for (const res of [rate, recorded]) {
      expect(res.status).toBe(422);
      expect(res.body.error).toBe('us_local_rates_missing');
      expect(res.body.message).toContain('94103');
      expect(res.body.message).toContain(BEFORE_ANY_TABLE);
    }
    const stateOnly = await callRoute('tax-rate', { accountId: seller, body: { ...goods, customer_type: 'B2C', location: { country: 'US', state: 'CA' } } });
    expect(stateOnly.status).toBe(400);
    expect(stateOnly.body).toMatchObject({ error: 'location_incomplete' });
    expect(stateOnly.body.message).toContain('location.postal_code');
    // Oregon levies no sales tax and Massachusetts no local ones (data/us-states.json local_sales_taxes false): the state rate is the whole answer.
    const boston = await callRoute('tax-rate', {
      accountId: seller,
      body: { ...goods, customer_type: 'B2C', location: { country: 'US', postal_code: '02108' }, date: BEFORE_ANY_TABLE },
    });
    expect(boston.status).toBe(200);
    // Mass. Gen. Laws ch. 64H § 2: 6.25 % (data/us-states.json MA).
    expect(boston.body.total_rate).toBe(0.0625);
  });

  it('without the setting the same sale is answered at the state base rate', async () => {
    const rate = await callRoute('tax-rate', { accountId: seller, body: { ...goods, customer_type: 'B2C', location: sf, date: BEFORE_ANY_TABLE } });
    expect(rate.status).toBe(200);
  });
});

describe("a PICKUP sale is rated at the establishment's ZIP", () => {
  let seller: string;
  const store = async (name: string, state: string, postal_code: string) => {
    const res = await callRoute('entities-create', {
      accountId: seller,
      body: { name, country: 'US', state, tax_id: null, address: { line1: '1 Store Way', city: name, postal_code, state } },
    });
    expect(res.status).toBe(201);
    return res.body.id as string;
  };
  beforeAll(async () => {
    seller = (await newTestAccount('US', 'Counter Pickup Inc')).account_id;
    await importZipRows([
      ['CA', '90001'],
      ['TX', '78701'],
    ]);
  });

  it.each([
    // Avalara TAXRATES_ZIP5_CA202603.csv, 90001 Huntington Park: state 0.06, county 0.0025, city 0.0075, special 0.035 = 0.105.
    ['Huntington Park', 'CA', '90001', { state_rate: 0.06, county_rate: 0.0025, additional_rate: 0.0075, special_rate: 0.035, total_rate: 0.105 }],
    // Avalara TAXRATES_ZIP5_TX202603.csv, 78701 Austin: state 0.0625, city 0.01, special 0.01 = 0.0825.
    ['Austin', 'TX', '78701', { state_rate: 0.0625, county_rate: 0, additional_rate: 0.01, special_rate: 0.01, total_rate: 0.0825 }],
  ])('%s (%s %s) as a sale delivered there, wherever the customer lives', async (name, state, zip, rates) => {
    const entity_id = await store(name, state, zip);
    const collected = await callRoute('tax-rate', {
      accountId: seller,
      body: { ...pickup, entity_id, customer_type: 'B2C', location: { country: 'US', state: 'NY' }, date: '2026-03-15' },
    });
    const delivered = await callRoute('tax-rate', {
      accountId: seller,
      body: { ...goods, entity_id, customer_type: 'B2C', location: { country: 'US', postal_code: zip }, date: '2026-03-15' },
    });
    expect(collected.status).toBe(200);
    expect(collected.body).toMatchObject({ ...rates, jurisdiction: { country: 'US', state } });
    expect(collected.body.notes).toBeUndefined();
    expect(collected.body.total_rate).toBe(delivered.body.total_rate);
  });

  it('an establishment without a table in force on the date gets its state base rate with the note', async () => {
    const entity_id = await store('Huntington Park Too', 'CA', '90001');
    const res = await callRoute('tax-rate', {
      accountId: seller,
      body: { ...pickup, entity_id, customer_type: 'B2C', location: { country: 'US' }, date: BEFORE_ANY_TABLE },
    });
    // California's statewide 7.25 % (data/us-states.json CA); the customer's unplaced location does not matter for a pickup.
    expect(res.body).toMatchObject({ total_rate: 0.0725 });
    expect(res.body.notes).toEqual([expect.stringMatching(/^us_local_rate_unavailable/)]);
  });
});

describe('Puerto Rico', () => {
  it.each([[{ country: 'PR' }], [{ country: 'US', state: 'PR' }], [{ country: 'US', postal_code: '00901' }]])(
    'includes the uniform municipal 1 % without a ZIP table: %j',
    async (location) => {
      const seller = (await newTestAccount('US', 'Isla Goods LLC')).account_id;
      const res = await callRoute('tax-rate', { accountId: seller, body: { ...goods, customer_type: 'B2C', location, date: BEFORE_ANY_TABLE } });
      expect(res.status).toBe(200);
      // data/us-states.json PR: state IVU 10.5 % + municipal IVU 1 % (Internal Revenue Code 2011 secs. 4020.01, 6080.14) = 11.5 %;
      // Avalara TAXRATES_ZIP5_PR202603.csv agrees for every PR ZIP (0.115).
      expect(res.body).toMatchObject({ total_rate: 0.115, jurisdiction: { country: 'US', state: 'PR' } });
    },
  );
});
