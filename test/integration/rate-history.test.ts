/**
 * Integration: a sale dated before the rate history Levy holds answers 422 rate_history_unavailable with the spec's
 * error body, through the handlers of POST /v1/tax/rate, /v1/tax/unify and /v1/transactions on DynamoDB Local:
 * unbilled, and nothing recorded. Dated answers inside the history go through the same routes.
 */
import { callRoute, newTestAccount } from '../support/api';

const saasLine = (id: string, amount: number) => ({ id, amount, quantity: 1, product_category: 'SAAS', delivery_method: 'CLOUD' });

const errorBody = (earliest: string, jurisdiction: string) => ({
  error: 'rate_history_unavailable',
  message: expect.stringMatching(new RegExp(`${jurisdiction.replace(/[()]/g, '\\$&')}.*starts on ${earliest}`)),
  status: 422,
  request_id: expect.any(String),
});

describe('dates outside the rate history', () => {
  let account: string;
  beforeAll(async () => {
    account = (await newTestAccount('US', 'Seller Inc')).account_id;
  });

  const usage = async (accountId: string) => (await callRoute('usage-get', { accountId })).body.data;

  it('POST /v1/tax/rate: Germany 2020-09-01 is 16 %, 2006-12-31 is a 422 naming 2007-01-01, unbilled', async () => {
    const fresh = (await newTestAccount('US', 'Fresh Inc')).account_id;
    const body = { product_category: 'SAAS', delivery_method: 'CLOUD', customer_type: 'B2C', location: { country: 'DE' } };
    // UStG § 28 Abs. 1 (Zweites Corona-Steuerhilfegesetz, BGBl. I 2020 S. 1512): 16 % for 2020-07-01..2020-12-31.
    const temporary = await callRoute('tax-rate', { accountId: account, body: { ...body, date: '2020-09-01' } });
    expect(temporary.status).toBe(200);
    expect(temporary.body.total_rate).toBe(0.16);
    // Levy's German history starts with UStG § 12 Abs. 1 (19 % since 2007-01-01).
    const before = await callRoute('tax-rate', { accountId: fresh, body: { ...body, date: '2006-12-31' } });
    expect(before.status).toBe(422);
    expect(before.body).toEqual(errorBody('2007-01-01', 'Germany (DE)'));
    expect(await usage(fresh)).toEqual([]);
  });

  it('POST /v1/tax/rate: South Dakota 2023-03-01 is 4.5 % and 2016-05-31 is a 422 naming 2016-06-01', async () => {
    const body = { product_category: 'PHYSICAL_GOODS', delivery_method: 'SHIPPED', customer_type: 'B2C', location: { country: 'US', state: 'SD' } };
    // SDCL 10-45-2 as amended by 2016 HB 1182: 4.5 % from 2016-06-01 until 4.2 % from 2023-07-01 (2023 HB 1137).
    const res = await callRoute('tax-rate', { accountId: account, body: { ...body, date: '2023-03-01' } });
    expect(res.body.state_rate).toBe(0.045);
    const before = await callRoute('tax-rate', { accountId: account, body: { ...body, date: '2016-05-31' } });
    expect(before.status).toBe(422);
    expect(before.body).toEqual(errorBody('2016-06-01', 'South Dakota (US-SD)'));
  });

  it('POST /v1/tax/unify with commit: 422, unbilled, no transaction and no exposure written', async () => {
    // A seller outside the EU: Directive 2006/112/EC Art. 57 (before 2015) taxes its e-services where the French
    // consumer is. (A German seller would charge German VAT in 2013: Art. 45.)
    const fresh = (await newTestAccount('US', 'Fresh LLC')).account_id;
    const res = await callRoute('tax-unify', {
      accountId: fresh,
      body: {
        currency: 'EUR',
        customer: { type: 'B2C' },
        location: { country: 'FR' },
        date: '2013-12-31',
        line_items: [saasLine('a', 10_000)],
        commit: true,
        transaction_id: 'too-old',
      },
    });
    expect(res.status).toBe(422);
    // CGI art. 278: 20 % since 2014-01-01, the first French row Levy holds.
    expect(res.body).toEqual(errorBody('2014-01-01', 'France (FR)'));
    expect(await usage(fresh)).toEqual([]);
    expect((await callRoute('transactions-get', { accountId: fresh, pathParameters: { id: 'too-old' } })).status).toBe(404);
    expect((await callRoute('exposure-countries', { accountId: fresh })).body.exposure).toEqual([]);
  });

  it('POST /v1/transactions: 422 and nothing recorded; inside the history the sale is taxed at the dated rate', async () => {
    const fresh = (await newTestAccount('IE', 'Seller Ltd')).account_id;
    const sale = (id: string, date: string) => ({
      id,
      date,
      currency: 'EUR',
      customer_type: 'B2C',
      location: { country: 'IE' },
      line_items: [saasLine('1', 10_000)],
    });
    const before = await callRoute('transactions-create', { accountId: fresh, body: sale('ie-2011', '2011-12-31') });
    expect(before.status).toBe(422);
    // VATCA 2010 s. 46(1)(a): 23 % since 2012-01-01, the first Irish row Levy holds.
    expect(before.body).toEqual(errorBody('2012-01-01', 'Ireland (IE)'));
    expect((await callRoute('transactions-get', { accountId: fresh, pathParameters: { id: 'ie-2011' } })).status).toBe(404);
    expect((await callRoute('transactions-list', { accountId: fresh })).body.data).toEqual([]);
    // VATCA 2010 s. 46(1A) (Financial Provisions (Covid-19) (No. 2) Act 2020 s. 12): 21 % 2020-09-01..2021-02-28.
    const inside = await callRoute('transactions-create', { accountId: fresh, body: sale('ie-2020', '2020-12-01') });
    expect(inside.status).toBe(201);
    expect(inside.body.tax_total).toBe(2_100);
  });
});
