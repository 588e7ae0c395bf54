/**
 * Integration (DynamoDB Local, through the handlers): one sale shape from quote to record. The same sale sent as a
 * unify commit, as a transaction and as an invoice that is finalized is recorded as the same transaction: every
 * stored field is equal but the id and the time of recording (src/usecases/sales: quoteSale -> recordDecidedSale).
 */
import { callRoute, newTestAccount } from '../support/api';

const lines = [
  { id: 'plan', amount: 10_000, quantity: 1, product_category: 'SAAS', delivery_method: 'CLOUD' },
  { id: 'book', amount: 2_500, quantity: 2, product_category: 'EBOOKS', delivery_method: 'DOWNLOAD' },
];
const location = { country: 'FR', postal_code: '75001' };
const date = '2026-10-05';

/** The stored sale without what must differ between three recordings: its id and when it was recorded. */
const content = ({ id: _id, created_at: _at, ...sale }: Record<string, unknown>) => sale;

describe('one sale shape', () => {
  it('the unify commit, the transaction create and an invoice finalize record identical sales', async () => {
    const accountId = (await newTestAccount('DE', 'Levy Test GmbH')).account_id;
    const seller = await callRoute('entities-create', {
      accountId,
      body: { name: 'Levy Berlin GmbH', country: 'DE', tax_id: 'DE136695976', address: { line1: 'Friedrichstrasse 1', city: 'Berlin', postal_code: '10117' } },
    });
    expect(seller.status).toBe(201);
    const entity_id = seller.body.id as string;

    const unified = await callRoute('tax-unify', {
      accountId,
      body: { currency: 'EUR', customer: { type: 'B2C' }, location, entity_id, date, line_items: lines, commit: true, transaction_id: 'by-unify' },
    });
    expect(unified.status).toBe(200);
    expect(unified.body.transaction).toEqual({ id: 'by-unify', created: true });

    const created = await callRoute('transactions-create', {
      accountId,
      body: { id: 'by-transaction', date, currency: 'EUR', customer_type: 'B2C', location, entity_id, line_items: lines },
    });
    expect(created.status).toBe(201);

    const series = await callRoute('invoice-series-create', { accountId, body: { entity_id, prefix: 'SHAPE-' } });
    expect(series.status).toBe(201);
    const draft = await callRoute('invoices-create', {
      accountId,
      body: {
        series_id: series.body.id,
        currency: 'EUR',
        issue_date: date,
        customer: { name: 'Boutique Lumiere SARL', type: 'B2C', address: { country: 'FR', line1: '5 rue de Rivoli', city: 'Paris', postal_code: '75001' } },
        line_items: lines.map((line) => ({ ...line, description: `Line ${line.id}` })),
      },
    });
    expect(draft.status).toBe(201);
    const finalized = await callRoute('invoices-finalize', { accountId, pathParameters: { id: draft.body.id } });
    expect(finalized.status).toBe(200);

    const stored = async (id: string) => {
      const got = await callRoute('transactions-get', { accountId, pathParameters: { id } });
      expect(got.status).toBe(200);
      return got.body as Record<string, unknown>;
    };
    const [byUnify, byTransaction, byInvoice] = await Promise.all([stored('by-unify'), stored('by-transaction'), stored(draft.body.id)]);
    expect(byUnify.tax_total).toBeGreaterThan(0);
    expect(content(byTransaction)).toEqual(content(byUnify));
    expect(content(byInvoice)).toEqual(content(byUnify));
  });
});
