/**
 * Integration: POST/GET /v1/transactions and POST /v1/transactions/{id}/refunds on DynamoDB Local, through the
 * shared pipeline: computed and provided tax, validation, safe retries, refunds, listing (by id, and by date
 * on the `by-date` index), isolation, and the all-or-nothing write (an injected failure of the TransactWriteItems
 * changes nothing).
 */
import { CreateTableCommand } from '@aws-sdk/client-dynamodb';
import { localTableName, tables, TRANSACTIONS_BY_DATE_INDEX } from '../../src/config/tables';
import { ensureTables, keySchema, localClient } from '../../local/dynamodb/dynamodb-local';
import { ports } from '../../src/composition/all-ports';
import { recordDecidedSale } from '../../src/usecases/sales/record-sale';
import type { DecidedSale } from '../../src/usecases/sales/quote-sale';
import { transactionRequestSchema } from '../../src/domain/transactions/schema';
import { parseWith } from '../../src/domain/validation';
import { treatCustomer } from '../support/customer-treatment';
import { callRoute, newTestAccount } from '../support/api';
import { interceptDynamoDb, recordDynamoDbCalls } from '../support/dynamodb-calls';
import { importZipRows } from '../support/shared-data';

/** LA County, CA, unless a test names other ZIPs. */
const LA: [string, string][] = [['CA', '90001']];

const sale = (over: Record<string, unknown> = {}) => ({
  id: `ord-${Math.random().toString(36).slice(2, 10)}`,
  date: '2026-03-10',
  currency: 'EUR',
  customer_type: 'B2C',
  location: { country: 'DE' },
  line_items: [
    { amount: 10_000, quantity: 2, product_category: 'SAAS', delivery_method: 'CLOUD' },
    { id: 'ebook', amount: 999, quantity: 1, product_category: 'EBOOKS', delivery_method: 'DOWNLOAD' },
  ],
  ...over,
});

describe('transactions', () => {
  let accountId: string;
  let otherAccountId: string;
  const create = (body: unknown, account = accountId) => callRoute('transactions-create', { accountId: account, body });
  const get = (id: string, account = accountId) => callRoute('transactions-get', { accountId: account, pathParameters: { id } });
  const refund = (id: string, body: unknown, account = accountId) => callRoute('transactions-refund', { accountId: account, pathParameters: { id }, body });

  beforeAll(async () => {
    await importZipRows(LA);
    accountId = (await newTestAccount('DE', 'Seller GmbH')).account_id;
    otherAccountId = (await newTestAccount('US', 'Other Inc')).account_id;
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

  it('refunds partially (tax in proportion, half-up), then fully; the last refund takes exactly what is left', async () => {
    const body = sale({
      line_items: [
        { amount: 3, tax_amount: 1, product_category: 'SAAS', delivery_method: 'CLOUD' },
        { id: 'b', amount: 1_000, product_category: 'SAAS', delivery_method: 'CLOUD' },
      ],
    });
    expect((await create(body)).status).toBe(201);
    const r1 = await refund(body.id, {
      id: 'r1',
      date: '2026-03-11',
      line_items: [
        { id: '1', amount: 2 },
        { id: 'b', amount: 500 },
      ],
    });
    expect(r1.status).toBe(201);
    // 1 x 2/3 = 0.67 -> 1; 190 x 500/1000 = 95.
    expect(r1.body).toMatchObject({
      id: 'r1',
      transaction_id: body.id,
      currency: 'EUR',
      line_items: [
        { id: '1', amount: 2, tax_amount: 1 },
        { id: 'b', amount: 500, tax_amount: 95 },
      ],
      subtotal: 502,
      tax_total: 96,
      total: 598,
    });
    const over = await refund(body.id, { id: 'r2', date: '2026-03-12', line_items: [{ id: 'b', amount: 501 }] });
    expect(over.status).toBe(400);
    expect(over.body.message).toContain("'line_items[0].amount' 501 is more than the 500 left");
    const unknownLine = await refund(body.id, { id: 'r2', date: '2026-03-12', line_items: [{ id: 'zz', amount: 1 }] });
    expect(unknownLine.status).toBe(400);
    const early = await refund(body.id, { id: 'r2', date: '2026-03-01' });
    expect(early.status).toBe(400);
    const rest = await refund(body.id, { id: 'r2', date: '2026-04-02' });
    expect(rest.status).toBe(201);
    expect(rest.body.line_items).toEqual([
      { id: '1', amount: 1, tax_amount: 0 },
      { id: 'b', amount: 500, tax_amount: 95 },
    ]);
    const got = await get(body.id);
    expect(got.body.refunds.map((r: { id: string }) => r.id)).toEqual(['r1', 'r2']);
    expect(got.body.line_items.map((l: { remaining_amount: number; remaining_tax_amount: number }) => [l.remaining_amount, l.remaining_tax_amount])).toEqual([
      [0, 0],
      [0, 0],
    ]);
    expect(got.body.remaining_total).toBe(0);
    const nothing = await refund(body.id, { id: 'r3', date: '2026-04-03' });
    expect(nothing.status).toBe(400);
    expect(nothing.body.message).toContain('nothing left to refund');
  });

  it('decides the customer like POST /v1/tax/rate, stores the treatment, and refunds with the recorded treatment', async () => {
    // A German seller, a French B2B customer, SaaS. Without a VAT number: Implementing Regulation 282/2011 Art. 18(2)
    // lets the supplier treat it as non-taxable, so Art. 58 + CGI art. 278: French VAT 20 %.
    const noId = sale({
      customer_type: 'B2B',
      location: { country: 'FR' },
      line_items: [{ amount: 10_000, product_category: 'SAAS', delivery_method: 'CLOUD' }],
    });
    const taxed = await create(noId);
    expect(taxed.status).toBe(201);
    expect(taxed.body).toMatchObject({
      customer_type: 'B2B',
      customer: { declared_type: 'B2B', applied_type: 'B2C', reason: 'tax_id_missing' },
      tax_total: 2_000,
    });
    // With its VAT number: Directive 2006/112/EC Art. 44 + 196, reverse charge: no VAT on the invoice.
    const withId = sale({
      customer_type: 'B2B',
      customer_tax_id: 'FR40303265045',
      location: { country: 'FR' },
      line_items: [{ amount: 10_000, product_category: 'SAAS', delivery_method: 'CLOUD' }],
    });
    const reverse = await create(withId);
    expect(reverse.status).toBe(201);
    expect(reverse.body).toMatchObject({ customer: { applied_type: 'B2B', tax_id: { valid: true } }, tax_total: 0 });
    // GET answers the stored treatment; a refund takes its tax from the recorded sale: half of 2,000, half of 0.
    expect((await get(noId.id)).body.customer).toEqual(taxed.body.customer);
    expect((await refund(noId.id, { id: 'r1', date: '2026-03-11', line_items: [{ id: '1', amount: 5_000 }] })).body.tax_total).toBe(1_000);
    expect((await refund(withId.id, { id: 'r1', date: '2026-03-11', line_items: [{ id: '1', amount: 5_000 }] })).body.tax_total).toBe(0);
  });

  it('answers a refund retry 200, a changed refund 409, a bad refund body 400 and an unknown sale 404', async () => {
    const body = sale();
    await create(body);
    const request = { id: 'rf', date: '2026-03-20', line_items: [{ id: '1', amount: 100 }] };
    const first = await refund(body.id, request);
    expect(first.status).toBe(201);
    const again = await refund(body.id, request);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    const changed = await refund(body.id, { ...request, line_items: [{ id: '1', amount: 101 }] });
    expect(changed.status).toBe(409);
    expect(changed.body.error).toBe('refund_exists');
    for (const bad of [
      { id: 'x', date: '2026-03-20', line_items: [{ id: '1', amount: 0 }] },
      { id: 'x', date: '2026-03-20', line_items: [{ id: '1', amount: 1.5 }] },
      {
        id: 'x',
        date: '2026-03-20',
        line_items: [
          { id: '1', amount: 1 },
          { id: '1', amount: 1 },
        ],
      },
      { id: 'x', line_items: [] },
    ]) {
      expect((await refund(body.id, bad)).status).toBe(400);
    }
    expect((await refund('no-such-sale', { id: 'x', date: '2026-03-20' })).status).toBe(404);
    expect((await get(body.id)).body.line_items[0]).toMatchObject({ refunded_amount: 100, remaining_amount: 9_900 });
  });

  it("answers 404 for another account's transaction on GET and refund, and never lists it", async () => {
    const body = sale();
    await create(body);
    const asOther = await get(body.id, otherAccountId);
    expect(asOther.status).toBe(404);
    expect(asOther.body).toEqual({ error: 'not_found', message: expect.stringContaining(body.id), status: 404, request_id: expect.any(String) });
    expect((await refund(body.id, { id: 'steal', date: '2026-03-20' }, otherAccountId)).status).toBe(404);
    const list = await callRoute('transactions-list', { accountId: otherAccountId, query: { limit: '100' } });
    expect(list.body.data.find((t: { id: string }) => t.id === body.id)).toBeUndefined();
    expect((await get(body.id)).body.refunds).toEqual([]);
  });

  it('lists with cursor pagination and a date range, and refuses bad parameters', async () => {
    const account = (await newTestAccount('DE')).account_id;
    const dates = ['2026-01-05', '2026-02-10', '2026-02-28', '2026-03-01', '2026-03-31'];
    for (const [i, date] of dates.entries()) expect((await create(sale({ id: `t${i}`, date }), account)).status).toBe(201);
    const first = await callRoute('transactions-list', { accountId: account, query: { limit: '2' } });
    expect(first.body.data.map((t: { id: string }) => t.id)).toEqual(['t0', 't1']);
    expect(first.body.has_more).toBe(true);
    const rest = await callRoute('transactions-list', { accountId: account, query: { starting_after: 't1' } });
    expect(rest.body).toMatchObject({ has_more: false });
    expect(rest.body.data.map((t: { id: string }) => t.id)).toEqual(['t2', 't3', 't4']);
    const feb = await callRoute('transactions-list', { accountId: account, query: { from: '2026-02-01', to: '2026-03-01', limit: '2' } });
    expect(feb.body.data.map((t: { id: string }) => t.id)).toEqual(['t1', 't2']);
    expect(feb.body.has_more).toBe(true);
    const feb2 = await callRoute('transactions-list', { accountId: account, query: { from: '2026-02-01', to: '2026-03-01', starting_after: 't2' } });
    expect(feb2.body).toEqual({ data: [expect.objectContaining({ id: 't3' })], has_more: false });
    for (const query of [{ from: '2026-02' }, { to: 'yesterday' }, { from: '2026-03-01', to: '2026-02-01' }, { limit: '0' }, { date: '2026-01-05' }] as Record<
      string,
      string
    >[]) {
      const res = await callRoute('transactions-list', { accountId: account, query });
      expect(res.status).toBe(400);
    }
  });

  describe('listing a date range (the by-date index)', () => {
    let account: string;
    const list = (query: Record<string, string>) => callRoute('transactions-list', { accountId: account, query });
    const ids = (res: { body: { data: { id: string }[] } }) => res.body.data.map((t) => t.id);
    /** Every page of a listing, following starting_after; the ids per page and has_more of each. */
    async function allPages(query: Record<string, string>) {
      const pages: { ids: string[]; has_more: boolean }[] = [];
      let after: string | undefined;
      for (;;) {
        const res = await list({ ...query, ...(after ? { starting_after: after } : {}) });
        expect(res.status).toBe(200);
        pages.push({ ids: ids(res), has_more: res.body.has_more });
        if (!res.body.has_more) return pages;
        after = res.body.data.at(-1).id;
      }
    }
    // Id order and date order disagree on purpose; two sales share 2026-02-14 (then id order).
    const dated: [id: string, date: string][] = [
      ['a-late', '2026-04-02'],
      ['b-feb', '2026-02-14'],
      ['c-jan', '2026-01-31'],
      ['d-mar', '2026-03-01'],
      ['e-feb', '2026-02-01'],
      ['f-feb', '2026-02-14'],
      ['g-mar', '2026-03-31'],
      ['h-dec', '2025-12-31'],
    ];

    beforeAll(async () => {
      account = (await newTestAccount('DE')).account_id;
      for (const [id, date] of dated) expect((await create(sale({ id, date }), account)).status).toBe(201);
      // A refund item lives in the same partition but carries no date_id: never listed.
      expect((await refund('b-feb', { id: 'rf-1', date: '2026-02-20', line_items: [{ id: '1', amount: 1 }] }, account)).status).toBe(201);
    });

    afterEach(() => jest.restoreAllMocks());

    it('returns exactly the sales in range, by date then id, bounds inclusive; refunds never appear', async () => {
      const febMar = await list({ from: '2026-02-01', to: '2026-03-31' });
      expect(febMar.status).toBe(200);
      expect(febMar.body.has_more).toBe(false);
      expect(ids(febMar)).toEqual(['e-feb', 'b-feb', 'f-feb', 'd-mar', 'g-mar']);
      expect(febMar.body.data[1]).not.toHaveProperty('date_id');
      expect(febMar.body.data[1]).toMatchObject({ id: 'b-feb', date: '2026-02-14', currency: 'EUR' });
      expect(ids(await list({ from: '2026-02-14', to: '2026-02-14' }))).toEqual(['b-feb', 'f-feb']);
      expect(ids(await list({ from: '2026-03-01' }))).toEqual(['d-mar', 'g-mar', 'a-late']);
      expect(ids(await list({ to: '2026-01-31' }))).toEqual(['h-dec', 'c-jan']);
      expect((await list({ from: '2026-05-01' })).body).toEqual({ data: [], has_more: false });
      // Without a range: id order over all sales, as before.
      expect(ids(await list({ limit: '100' }))).toEqual(dated.map(([id]) => id).sort());
    });

    it('pages through a range with starting_after; has_more is exact, also when the last page is full', async () => {
      expect(await allPages({ from: '2026-02-01', to: '2026-03-31', limit: '2' })).toEqual([
        { ids: ['e-feb', 'b-feb'], has_more: true },
        { ids: ['f-feb', 'd-mar'], has_more: true },
        { ids: ['g-mar'], has_more: false },
      ]);
      expect(await allPages({ from: '2026-02-01', to: '2026-03-01', limit: '2' })).toEqual([
        { ids: ['e-feb', 'b-feb'], has_more: true },
        { ids: ['f-feb', 'd-mar'], has_more: false },
      ]);
      // The cursor within a day: after b-feb comes f-feb, same date, next id.
      expect(ids(await list({ from: '2026-02-14', to: '2026-02-14', starting_after: 'b-feb' }))).toEqual(['f-feb']);
      expect(ids(await list({ from: '2026-02-01', limit: '1', starting_after: 'g-mar' }))).toEqual(['a-late']);
    });

    it('takes a cursor outside the range: before it starts at the beginning, after it leaves nothing', async () => {
      const before = await list({ from: '2026-02-01', to: '2026-02-28', starting_after: 'h-dec' });
      expect(before.status).toBe(200);
      expect(ids(before)).toEqual(['e-feb', 'b-feb', 'f-feb']);
      expect((await list({ from: '2026-02-01', to: '2026-02-28', starting_after: 'a-late' })).body).toEqual({ data: [], has_more: false });
    });

    it("answers 400 validation_error naming an unknown starting_after, with or without a range, and another account's id", async () => {
      for (const query of [
        { starting_after: 'no-such-sale' },
        { from: '2026-02-01', to: '2026-03-31', starting_after: 'no-such-sale' },
        { to: '2026-03-31', starting_after: 'rf-1' },
      ] as Record<string, string>[]) {
        const res = await list(query);
        expect(res.status).toBe(400);
        expect(res.body).toEqual({
          error: 'validation_error',
          message: expect.stringContaining(`'starting_after'`),
          status: 400,
          request_id: expect.any(String),
        });
        expect(res.body.message).toContain(`'${query.starting_after}'`);
      }
      const foreign = await callRoute('transactions-list', { accountId: otherAccountId, query: { from: '2026-01-01', starting_after: 'b-feb' } });
      expect(foreign.status).toBe(400);
      expect(foreign.body.error).toBe('validation_error');
    });

    it('reads a date range from the index with a key condition only (no filter), and an id listing from the table', async () => {
      const calls = recordDynamoDbCalls();
      const queries = () => calls.filter((c) => c.operation === 'Query').map((c) => c.input);

      const res = await list({ from: '2026-02-14', to: '2026-02-14', limit: '1', starting_after: 'b-feb' });
      expect(ids(res)).toEqual(['f-feb']);
      expect(queries()).toHaveLength(1);
      expect(queries()[0]).toMatchObject({
        TableName: process.env[tables.Transactions.envVar],
        IndexName: TRANSACTIONS_BY_DATE_INDEX,
        KeyConditionExpression: 'account_id = :account AND date_id BETWEEN :from AND :to',
        ExpressionAttributeValues: { ':account': account, ':from': '2026-02-14', ':to': '2026-02-14~' },
        ExclusiveStartKey: { account_id: account, sk: 'txn#b-feb', date_id: '2026-02-14#b-feb' },
        Limit: 2,
      });
      expect(queries()[0].FilterExpression).toBeUndefined();

      calls.length = 0;
      await list({ limit: '3' });
      expect(queries()).toHaveLength(1);
      expect(queries()[0].IndexName).toBeUndefined();
      expect(queries()[0].FilterExpression).toBeUndefined();
      expect(queries()[0].Limit).toBe(4);
    });
  });

  it('ensureTables refuses a local Transactions table made without its by-date index, saying how to recreate it', async () => {
    const endpoint = process.env.LEVY_DYNAMODB_ENDPOINT!;
    const prefix = `stale${Math.random().toString(36).slice(2, 8)}`;
    const client = localClient(endpoint);
    try {
      const { KeySchema, AttributeDefinitions } = keySchema({ ...tables.Transactions, localIndexes: undefined });
      await client.send(
        new CreateTableCommand({ TableName: localTableName('Transactions', prefix), BillingMode: 'PAY_PER_REQUEST', KeySchema, AttributeDefinitions }),
      );
    } finally {
      client.destroy();
    }
    const attempt = ensureTables(endpoint, prefix);
    await expect(attempt).rejects.toThrow(/without its local secondary index 'by-date'/);
    await expect(ensureTables(endpoint, prefix)).rejects.toThrow(/delete `\.levy\/db`.*LEVY_IN_MEMORY=1/);
    // A fresh prefix gets the index, and a second run accepts what the first created.
    const fresh = `fresh${Math.random().toString(36).slice(2, 8)}`;
    await ensureTables(endpoint, fresh);
    await expect(ensureTables(endpoint, fresh)).resolves.toMatchObject({ TRANSACTIONS_TABLE: localTableName('Transactions', fresh) });
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

  describe('when the TransactWriteItems fails', () => {
    afterEach(() => jest.restoreAllMocks());

    const failTransactWrites = () => {
      let failed = 0;
      interceptDynamoDb(
        (operation) => operation === 'TransactWriteItems',
        () => {
          failed++;
          return Promise.reject(Object.assign(new Error('ThrottlingException: injected'), { name: 'ThrottlingException' }));
        },
      );
      return () => failed;
    };

    it('answers 500 and changes neither the transactions nor the report, for a sale and for a refund', async () => {
      const account = (await newTestAccount('DE')).account_id;
      const kept = sale({ id: 'kept' });
      expect((await create(kept, account)).status).toBe(201);
      const reportBefore = (await callRoute('exposure-countries', { accountId: account })).body;
      const getBefore = (await get('kept', account)).body;

      const failures = failTransactWrites();
      const lost = await create(
        sale({
          id: 'lost',
          location: { country: 'US', postal_code: '90001' },
          currency: 'USD',
          line_items: [{ amount: 5_000, product_category: 'PHYSICAL_GOODS', delivery_method: 'SHIPPED' }],
        }),
        account,
      );
      expect(lost.status).toBe(500);
      expect(lost.body).toEqual({ error: 'internal_error', message: expect.any(String), status: 500, request_id: expect.any(String) });
      const lostRefund = await refund('kept', { id: 'lost-refund', date: '2026-03-15' }, account);
      expect(lostRefund.status).toBe(500);
      expect(failures()).toBe(2);
      jest.restoreAllMocks();

      expect((await get('lost', account)).status).toBe(404);
      expect((await get('kept', account)).body).toEqual(getBefore);
      expect((await callRoute('exposure-countries', { accountId: account })).body).toEqual(reportBefore);
      expect((await callRoute('exposure-countries', { accountId: account, query: { from: '2026-03', to: '2026-03' } })).body).toEqual(reportBefore);
      // The client's retry then lands once.
      expect((await refund('kept', { id: 'lost-refund', date: '2026-03-15' }, account)).status).toBe(201);
      expect((await callRoute('exposure-countries', { accountId: account })).body.exposure[0].exposure_amount).toBe(0);
    });
  });
});
