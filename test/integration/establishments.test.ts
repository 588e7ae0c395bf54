/**
 * Integration: establishments (docs/nexus.md "Establishments"): an entity's country and state are where it
 * is established, and a PICKUP sale made from it is taxed there as a domestic sale, whoever the customer is.
 */
import { callRoute, newTestAccount } from '../support/api';

const pickup = { product_category: 'PHYSICAL_GOODS', delivery_method: 'PICKUP' };

describe('establishments', () => {
  let us: string;
  let ontario: string;
  beforeAll(async () => {
    us = (await newTestAccount('US', 'Maple Goods Inc')).account_id;
    const store = await callRoute('entities-create', { accountId: us, body: { name: 'Maple Goods Ontario Ltd', country: 'CA', state: 'on' } });
    expect(store.status).toBe(201);
    expect(store.body).toMatchObject({ country: 'CA', state: 'ON', is_primary: false });
    ontario = store.body.id;
  });

  it("taxes a US seller's goods handed over at its Ontario store to a business at the 13 % HST, not reverse charged", async () => {
    // A US business customer collecting the goods in Toronto. Excise Tax Act s. 165(1) (5 % GST) and s. 165(2) with
    // Schedule VIII (Ontario's 8 % provincial part): 13 % HST; ETA Schedule IX Part II s. 2: goods made available in
    // Ontario are supplied in Ontario. CRA "GST/HST rates": https://www.canada.ca/en/revenue-agency/services/tax/businesses/topics/gst-hst-businesses/charge-collect-which-rate.html
    const res = await callRoute('tax-rate', {
      accountId: us,
      body: { ...pickup, entity_id: ontario, customer_type: 'B2B', location: { country: 'US', state: 'NY' }, date: '2025-03-01' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ total_rate: 0.13, reverse_charge_applicable: false, taxability_reason: 'taxable' });
    expect(res.body.jurisdiction).toMatchObject({ country: 'CA', state: 'ON' });
  });

  it("taxes a Quebec customer's pickup in Ontario at Ontario's HST, not Quebec's GST + QST", async () => {
    const cart = {
      currency: 'CAD',
      customer: { type: 'B2C' },
      location: { country: 'CA', state: 'QC' },
      entity_id: ontario,
      date: '2025-03-01',
      line_items: [{ id: 'l1', amount: 10_000, quantity: 1, ...pickup }],
    };
    const res = await callRoute('tax-unify', { accountId: us, body: cart });
    // ETA s. 165(1)-(2), Schedule VIII: 13 % in Ontario.
    expect(res.body.line_items[0]).toMatchObject({ tax_amount: 1_300 });
    expect(res.body.jurisdiction).toMatchObject({ country: 'CA', state: 'ON' });
  });

  it('taxes goods collected at a German seller by a French business as a domestic German sale (Art. 31 VAT Directive)', async () => {
    const de = (await newTestAccount('DE', 'Laden GmbH')).account_id;
    const res = await callRoute('tax-rate', {
      accountId: de,
      body: { ...pickup, customer_type: 'B2B', customer_tax_id: 'FR40303265045', location: { country: 'FR' }, date: '2025-03-01' },
    });
    // UStG § 3(6)-(7): goods not transported are supplied where they are at the time of supply; § 12(1) 19 %.
    expect(res.body).toMatchObject({ total_rate: 0.19, reverse_charge_applicable: false });
    expect(res.body.jurisdiction).toMatchObject({ country: 'DE' });
  });

  it('refuses a PICKUP sale from a US entity without a state, a sale mixing PICKUP and shipped lines, and a state of another country', async () => {
    const noState = await callRoute('tax-rate', { accountId: us, body: { ...pickup, customer_type: 'B2C', location: { country: 'US', state: 'NY' } } });
    expect(noState.status).toBe(400);
    expect(noState.body.message).toContain('entity_id');
    const mixed = await callRoute('tax-unify', {
      accountId: us,
      body: {
        currency: 'CAD',
        customer: { type: 'B2C' },
        location: { country: 'CA', state: 'ON' },
        entity_id: ontario,
        line_items: [
          { id: 'a', amount: 100, quantity: 1, ...pickup },
          { id: 'b', amount: 100, quantity: 1, product_category: 'PHYSICAL_GOODS', delivery_method: 'SHIPPED' },
        ],
      },
    });
    expect(mixed.status).toBe(400);
    expect(mixed.body.message).toContain('line_items');
    const wrongState = await callRoute('entities-create', { accountId: us, body: { name: 'X', country: 'DE', state: 'ON' } });
    expect(wrongState.status).toBe(400);
    expect(wrongState.body.message).toContain("'state'");
    const moved = await callRoute('entities-update', { accountId: us, pathParameters: { id: ontario }, body: { state: 'BC' } });
    expect(moved.status).toBe(400);
  });

  it('a state change moves the establishment; a country change clears the state', async () => {
    const store = (await callRoute('entities-create', { accountId: us, body: { name: 'Moving Store', country: 'CA', state: 'ON' } })).body.id;
    expect((await callRoute('entities-update', { accountId: us, pathParameters: { id: store }, body: { country: 'CA', state: 'BC' } })).body).toMatchObject({
      state: 'BC',
    });
    expect((await callRoute('entities-update', { accountId: us, pathParameters: { id: store }, body: { country: 'GB' } })).body).toMatchObject({
      country: 'GB',
      state: null,
    });
  });
});
