/**
 * Integration: POST/GET /v1/transactions on DynamoDB Local, through the shared pipeline: computed and provided tax,
 * validation, safe retries, the size limits, and the decided-sale use case that unify records without the engine.
 */
import { ports } from '../../src/composition/all-ports';
import { recordDecidedSale } from '../../src/usecases/sales/record-sale';
import type { DecidedSale } from '../../src/usecases/sales/quote-sale';
import { transactionRequestSchema } from '../../src/domain/transactions/schema';
import { parseWith } from '../../src/domain/validation';
import { treatCustomer } from '../support/customer-treatment';
import { callRoute, newTestAccount } from '../support/api';
import { newSellerAndOther, sale } from '../support/transaction-fixtures';

describe('transactions', () => {
  let accountId: string;
  let otherAccountId: string;
  const create = (body: unknown, account = accountId) => callRoute('transactions-create', { accountId: account, body });
  const get = (id: string, account = accountId) => callRoute('transactions-get', { accountId: account, pathParameters: { id } });

  beforeAll(async () => {
    ({ accountId, otherAccountId } = await newSellerAndOther());
  });

  it('records a German sale with the engine: 201, per-line tax and split, totals that add up', async () => {
    const body = sale();
    const res = await create(body);
    expect(res.status).toBe(201);
    const [saas, ebook] = res.body.line_items;
    // 19 % standard VAT on SaaS; 7 % reduced VAT on e-books in Germany.
    expect(saas).toMatchObject({ id: '1', amount: 10_000, quantity: 2, tax_amount: 1_900, tax_source: 'computed' });
    expect(saas.tax_breakdown).toEqual({ country: 1_900, state: 0, county: 0, additional: 0, special: 0 });
    expect(ebook).toMatchObject({ id: 'ebook', amount: 999, tax_amount: 70 }); // 69.93 -> 70
    expect(res.body).toMatchObject({ id: body.id, currency: 'EUR', subtotal: 10_999, tax_total: 1_970, total: 12_969 });
    expect(res.body.jurisdiction).toMatchObject({ country: 'DE', country_name: 'Germany' });
    const got = await get(body.id);
    expect(got.status).toBe(200);
    expect(got.body).toMatchObject({ ...res.body, line_items: [expect.objectContaining({ remaining_amount: 10_000 }), expect.any(Object)], refunds: [] });
  });

  it('records a US sale by ZIP with state, county and special levels summing to the line tax', async () => {
    const res = await create(
      sale({
        currency: 'usd',
        location: { country: 'US', postal_code: '90001' },
        line_items: [{ amount: 12_345, product_category: 'PHYSICAL_GOODS', delivery_method: 'SHIPPED' }],
      }),
    );
    expect(res.status).toBe(201);
    const [line] = res.body.line_items;
    expect(line.tax_amount).toBe(1_296); // 12,345 x 10.5 % = 1,296.225
    const b = line.tax_breakdown;
    expect(b.country + b.state + b.county + b.additional + b.special).toBe(1_296);
    expect(b.state).toBe(741); // 6 % of the 10.5 % share, largest remainder
    expect(res.body.currency).toBe('USD');
    expect(res.body.jurisdiction).toMatchObject({ state: 'CA', state_name: 'California', county: 'Los Angeles County' });
  });

  it('records a sale to a government with its level, taxed by that level', async () => {
    const body = sale({
      currency: 'USD',
      customer_type: 'GOVERNMENT',
      government_level: 'local',
      location: { country: 'US', postal_code: '90001' },
      line_items: [{ amount: 10_000, product_category: 'PHYSICAL_GOODS', delivery_method: 'SHIPPED' }],
    });
    const res = await create(body);
    expect(res.status).toBe(201);
    // CDTFA Publication 102: sales to counties, cities and districts are generally taxable; ZIP 90001 10.5 %.
    expect(res.body).toMatchObject({ customer_type: 'GOVERNMENT', government_level: 'local', tax_total: 1_050 });
    expect((await get(body.id)).body).toMatchObject({ government_level: 'local' });
    expect((await create(sale({ government_level: 'local' }))).status).toBe(400); // B2C with a level
  });

  it('keeps a caller-given tax_amount and splits it over the levels in proportion of their rates', async () => {
    const res = await create(
      sale({
        currency: 'USD',
        location: { country: 'US', postal_code: '90001' },
        line_items: [{ amount: 10_000, tax_amount: 1_001, product_category: 'PHYSICAL_GOODS', delivery_method: 'SHIPPED' }],
      }),
    );
    expect(res.status).toBe(201);
    const [line] = res.body.line_items;
    expect(line).toMatchObject({ tax_amount: 1_001, tax_source: 'provided' });
    expect(line.tax_breakdown).toEqual({ country: 0, state: 572, county: 24, additional: 71, special: 334 });
  });

  it('answers a retry with the same content 200 and the stored record; other content 409 transaction_exists', async () => {
    const body = sale();
    const first = await create(body);
    expect(first.status).toBe(201);
    // Same content, other key order and the defaults spelled out.
    const reordered = {
      ...body,
      line_items: [
        { ...body.line_items[0], id: '1', quantity: 2 },
        { ...body.line_items[1], quantity: 1 },
      ],
      location: { country: 'de' },
    };
    const again = await create(reordered);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    const changed = await create({ ...body, line_items: [{ ...body.line_items[0], amount: 10_001 }, body.line_items[1]] });
    expect(changed.status).toBe(409);
    expect(changed.body).toEqual({ error: 'transaction_exists', message: expect.stringContaining(body.id), status: 409, request_id: expect.any(String) });
    // The same id in another account is another transaction.
    expect((await create(body, otherAccountId)).status).toBe(201);
  });

  it.each([
    ['currency XYZ', { currency: 'XYZ' }, "'currency'"],
    ['a test currency', { currency: 'XTS' }, "'currency'"],
    ['amount -1', { line_items: [{ amount: -1, product_category: 'SAAS', delivery_method: 'CLOUD' }] }, "'line_items[0].amount'"],
    [
      'amount 10^13',
      { line_items: [{ amount: 1e13, product_category: 'SAAS', delivery_method: 'CLOUD' }] },
      "'line_items[0].amount' must be a non-negative integer below 10^13",
    ],
    ['amount 1.5', { line_items: [{ amount: 1.5, product_category: 'SAAS', delivery_method: 'CLOUD' }] }, "'line_items[0].amount'"],
    ['tax_amount -1', { line_items: [{ amount: 1, tax_amount: -1, product_category: 'SAAS', delivery_method: 'CLOUD' }] }, "'line_items[0].tax_amount'"],
    [
      '1,001 lines',
      { line_items: Array.from({ length: 1001 }, () => ({ amount: 1, product_category: 'SAAS', delivery_method: 'CLOUD' })) },
      "'line_items' must hold at most 1000 lines",
    ],
    ['no lines', { line_items: [] }, "'line_items' must hold at least one line"],
    [
      'duplicate line ids',
      {
        line_items: [
          { id: 'a', amount: 1, product_category: 'SAAS', delivery_method: 'CLOUD' },
          { id: 'a', amount: 2, product_category: 'SAAS', delivery_method: 'CLOUD' },
        ],
      },
      "'line_items[1].id' is 'a', already used",
    ],
    [
      'an explicit id equal to a default',
      {
        line_items: [
          { amount: 1, product_category: 'SAAS', delivery_method: 'CLOUD' },
          { id: '1', amount: 2, product_category: 'SAAS', delivery_method: 'CLOUD' },
        ],
      },
      "'line_items[1].id' is '1'",
    ],
    ['a bad date', { date: '2026-02-30' }, "'date' must be a calendar date"],
    ['an unknown field', { colour: 'red' }, "'colour'"],
    ['an unknown line field', { line_items: [{ amount: 1, price: 1, product_category: 'SAAS', delivery_method: 'CLOUD' }] }, "'price'"],
    [
      'a delivery that does not fit',
      { line_items: [{ amount: 1, product_category: 'SAAS', delivery_method: 'SHIPPED' }] },
      "'line_items[0].delivery_method' is SHIPPED, which does not fit",
    ],
    ['an id with a slash', { id: 'a/b' }, "'id' must be 1-128 characters"],
    ['a missing location', { location: undefined }, 'location'],
  ])('refuses %s with 400 naming the field', async (_name, over, message) => {
    const res = await create(sale(over));
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: 'validation_error', message: expect.stringContaining(message), status: 400, request_id: expect.any(String) });
  });

  it('accepts exactly 1,000 lines with amounts just below 10^13', async () => {
    const lines = Array.from({ length: 1000 }, (_, i) => ({ amount: i === 0 ? 9_999_999_999_999 : i, product_category: 'SAAS', delivery_method: 'CLOUD' }));
    const res = await create(sale({ line_items: lines }));
    expect(res.status).toBe(201);
    expect(res.body.line_items).toHaveLength(1000);
    expect(res.body.line_items[999].id).toBe('1000');
    expect(res.body.tax_total).toBe(res.body.line_items.reduce((s: number, l: { tax_amount: number }) => s + l.tax_amount, 0));
    expect(Number.isSafeInteger(res.body.total)).toBe(true);
  });

  it('exports the use case for unify: a decided sale is recorded without asking the engine', async () => {
    const account = (await newTestAccount('DE')).account_id;
    const input = {
      id: 'cart-1',
      date: '2026-03-05',
      currency: 'USD',
      customer_type: 'B2C' as const,
      location: { country: 'US', postal_code: '90001' },
      line_items: [{ id: 'a', amount: 1_000, product_category: 'PHYSICAL_GOODS' as const, delivery_method: 'SHIPPED' as const }],
    };
    const precomputed = {
      date: input.date,
      rated: [],
      totals: { line_items: [], subtotal: 1_000, tax_total: 105, total: 1_105 },
      customer: treatCustomer({ type: 'B2C' }, 'US'),
      parties: { customer_type: input.customer_type, location: input.location },
      jurisdiction: { country: 'US', country_name: 'United States', state: 'CA', state_name: 'California', county: 'Los Angeles County' },
      seller_id: 'ent_precomputed',
      lines: {
        a: {
          tax_amount: 105,
          tax_breakdown: { country: 0, state: 60, county: 3, additional: 7, special: 35 },
          facts: {
            product_category: 'PHYSICAL_GOODS' as const,
            delivery_method: 'SHIPPED' as const,
            taxability: { tax_code: 'levy_general_goods', taxability_reason: 'taxable' as const },
            taxable_amount: 1_000,
            exempt_amount: 0,
          },
        },
      },
    };
    const { a } = precomputed.lines;
    const decided: DecidedSale = {
      ...precomputed,
      lines: [{ facts: a.facts, tax: { tax_amount: a.tax_amount, tax_source: 'computed', tax_breakdown: a.tax_breakdown } }],
    };
    // The recorded content states unify's tax, so a retried commit compares like a retried sale.
    const request = parseWith(transactionRequestSchema, { ...input, line_items: input.line_items.map((line) => ({ ...line, tax_amount: a.tax_amount })) });
    const recorded = await recordDecidedSale(ports, account, decided, request);
    expect(recorded.created).toBe(true);
    expect(recorded.transaction.line_items[0]).toMatchObject({ tax_amount: 105, tax_source: 'computed', tax_breakdown: precomputed.lines.a.tax_breakdown });
    const retried = await recordDecidedSale(ports, account, decided, request);
    expect(retried).toEqual({ created: false, transaction: recorded.transaction });
    const report = await callRoute('exposure-countries', { accountId: account });
    expect(report.body.exposure).toEqual([
      {
        country_code: 'US',
        country_name: 'United States',
        currency: 'USD',
        exposure_amount: 105,
        jurisdictions: [
          {
            jurisdiction_code: 'CA',
            jurisdiction_name: 'California',
            exposure_amount: 105,
            counties: [{ county_name: 'Los Angeles County', exposure_amount: 105 }],
          },
        ],
      },
    ]);
  });
});
