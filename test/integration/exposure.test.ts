/**
 * Integration: GET /v1/exposure/countries (spec 2.4, 4.1) on DynamoDB Local: the exact shape and order,
 * DE without jurisdictions, one item per currency, US states and counties, month ranges, bad queries, isolation
 * between accounts, and exactness under concurrent sales and refunds.
 * The fast-check property (report = recomputation from the stored transactions) is in exposure-property.test.ts.
 */
import { callRoute, newTestAccount } from '../support/api';
import { importZipRows } from '../support/shared-data';

/** LA County and San Francisco (CA), Austin (TX: no county rate, city and special), Seattle (WA), Portland area (OR: no tax). */
const ZIPS: readonly [string, string][] = [
  ['CA', '90001'],
  ['CA', '94105'],
  ['TX', '78701'],
  ['WA', '98101'],
  ['OR', '97201'],
];

const line = (amount: number, extra: Record<string, unknown> = {}) => ({ amount, product_category: 'PHYSICAL_GOODS', delivery_method: 'SHIPPED', ...extra });
let seq = 0;
const sale = (location: Record<string, string | undefined>, currency: string, lines: unknown[], date = '2026-03-10') => ({
  id: `s-${++seq}`,
  date,
  currency,
  customer_type: 'B2C',
  location,
  line_items: lines,
});

const record = async (accountId: string, body: unknown) => {
  const res = await callRoute('transactions-create', { accountId, body });
  if (res.status !== 201) throw new Error(`sale not recorded: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
};
const report = (accountId: string, query?: Record<string, string>) => callRoute('exposure-countries', { accountId, query });

describe('GET /v1/exposure/countries', () => {
  beforeAll(() => importZipRows(ZIPS));

  it('answers an empty report for an account without sales', async () => {
    const { account_id } = await newTestAccount('DE');
    const res = await report(account_id);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ exposure: [] });
  });

  it('gives exactly the spec shape: DE without jurisdictions, one item per currency, US states and counties, sorted', async () => {
    const { account_id } = await newTestAccount('US');
    await record(account_id, sale({ country: 'DE' }, 'EUR', [line(10_000), line(5_000)])); // 19 %: 1,900 + 950
    await record(account_id, sale({ country: 'DE', postal_code: '10115' }, 'USD', [line(1_000)])); // 190
    await record(account_id, sale({ country: 'US', postal_code: '90001' }, 'USD', [line(10_000)])); // 10.5 %: 1,050
    await record(account_id, sale({ country: 'US', postal_code: '94105' }, 'USD', [line(10_000)])); // 8.625 %: 863
    await record(account_id, sale({ country: 'US', postal_code: '78701' }, 'USD', [line(10_000)])); // 8.25 %: 825
    await record(account_id, sale({ country: 'US', postal_code: '97201' }, 'USD', [line(10_000)])); // Oregon: no tax
    await record(account_id, sale({ country: 'FR' }, 'EUR', [line(100)])); // 20 %: 20
    const res = await report(account_id);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      exposure: [
        { country_code: 'DE', country_name: 'Germany', currency: 'EUR', exposure_amount: 2_850 },
        { country_code: 'DE', country_name: 'Germany', currency: 'USD', exposure_amount: 190 },
        { country_code: 'FR', country_name: 'France', currency: 'EUR', exposure_amount: 20 },
        {
          country_code: 'US',
          country_name: 'United States',
          currency: 'USD',
          exposure_amount: 1_050 + 863 + 825,
          jurisdictions: [
            {
              jurisdiction_code: 'CA',
              jurisdiction_name: 'California',
              exposure_amount: 1_050 + 863,
              counties: [
                { county_name: 'Los Angeles County', exposure_amount: 1_050 },
                { county_name: 'San Francisco County', exposure_amount: 863 },
              ],
            },
            { jurisdiction_code: 'TX', jurisdiction_name: 'Texas', exposure_amount: 825, counties: [{ county_name: 'Travis County', exposure_amount: 825 }] },
          ],
        },
      ],
    });
    for (const item of res.body.exposure)
      expect(Object.keys(item).sort()).toEqual(expect.arrayContaining(['country_code', 'country_name', 'currency', 'exposure_amount']));
  });

  it('restricts to months with from and to (inclusive); a refund counts in its own month, negative there', async () => {
    const { account_id } = await newTestAccount('DE');
    const jan = await record(account_id, sale({ country: 'DE' }, 'EUR', [line(1_000)], '2026-01-15')); // 190
    await record(account_id, sale({ country: 'DE' }, 'EUR', [line(2_000)], '2026-02-01')); // 380
    await record(account_id, sale({ country: 'US', postal_code: '90001' }, 'USD', [line(1_000)], '2026-03-31')); // 105
    const refund = await callRoute('transactions-refund', { accountId: account_id, pathParameters: { id: jan.id }, body: { id: 'r', date: '2026-04-02' } });
    expect(refund.status).toBe(201);
    const amounts = async (query?: Record<string, string>) =>
      (await report(account_id, query)).body.exposure.map((c: { country_code: string; exposure_amount: number }) => [c.country_code, c.exposure_amount]);
    expect(await amounts()).toEqual([
      ['DE', 380],
      ['US', 105],
    ]);
    expect(await amounts({ from: '2026-01', to: '2026-01' })).toEqual([['DE', 190]]);
    expect(await amounts({ to: '2026-02' })).toEqual([['DE', 570]]);
    expect(await amounts({ from: '2026-02', to: '2026-03' })).toEqual([
      ['DE', 380],
      ['US', 105],
    ]);
    expect(await amounts({ from: '2026-04' })).toEqual([['DE', -190]]);
    // One country, or one currency (any case): the other items are left out.
    expect(await amounts({ from: '2026-02', to: '2026-03', country: 'us' })).toEqual([['US', 105]]);
    expect(await amounts({ from: '2026-02', to: '2026-03', currency: 'eur' })).toEqual([['DE', 380]]);
    expect(await amounts({ from: '2026-02', to: '2026-03', country: 'US', currency: 'EUR' })).toEqual([]);
    expect(await amounts({ from: '2025-01', to: '2025-12' })).toEqual([]);
    expect(await amounts({ from: '2026-01', to: '2026-12' })).toEqual(await amounts());
  });

  it.each([
    [{ from: '2026-1' }, "'from'"],
    [{ from: '2026-13' }, "'from'"],
    [{ to: '2026-03-01' }, "'to'"],
    [{ from: '2026-04', to: '2026-03' }, "'from' must not be after 'to'"],
    [{ country: 'USA' }, "'country'"],
    [{ currency: 'US' }, "'currency'"],
    [{ state: 'CA' }, "'state'"],
    [{ from: '2026-01', limit: '10' }, "'limit'"],
  ])('refuses the query %j with 400', async (query, message) => {
    const { account_id } = await newTestAccount('DE');
    const res = await report(account_id, query as Record<string, string>);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: 'validation_error', message: expect.stringContaining(message), status: 400, request_id: expect.any(String) });
  });

  it("never shows another account's sales", async () => {
    const mine = (await newTestAccount('DE')).account_id;
    const theirs = (await newTestAccount('US')).account_id;
    await record(mine, sale({ country: 'US', postal_code: '90001' }, 'USD', [line(1_000)]));
    await record(theirs, sale({ country: 'IT' }, 'EUR', [line(1_000)]));
    expect((await report(mine)).body.exposure.map((c: { country_code: string }) => c.country_code)).toEqual(['US']);
    expect((await report(theirs)).body.exposure.map((c: { country_code: string }) => c.country_code)).toEqual(['IT']);
    expect((await report(mine, { from: '2026-03', to: '2026-03' })).body.exposure).toHaveLength(1);
  });

  it('stays exact under concurrent sales into one state (hot counters) and concurrent refunds of one sale', async () => {
    const { account_id } = await newTestAccount('US');
    const sales = Array.from({ length: 25 }, () => sale({ country: 'US', postal_code: '90001' }, 'USD', [line(1_000)])); // 105 each
    const results = await Promise.all(sales.map((body) => callRoute('transactions-create', { accountId: account_id, body })));
    expect(results.map((r) => r.status)).toEqual(sales.map(() => 201));
    const target = sales[0].id;
    const refunds = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        callRoute('transactions-refund', {
          accountId: account_id,
          pathParameters: { id: target },
          body: { id: `c${i}`, date: '2026-03-20', line_items: [{ id: '1', amount: 300 }] },
        }),
      ),
    );
    // 1,000 fits three refunds of 300; the others find only 100 left.
    expect(refunds.map((r) => r.status).sort()).toEqual([201, 201, 201, 400, 400]);
    const left = (await callRoute('transactions-get', { accountId: account_id, pathParameters: { id: target } })).body.line_items[0];
    expect(left).toMatchObject({ refunded_amount: 900, remaining_amount: 100, refunded_tax_amount: 3 * 32 });
    const us = (await report(account_id)).body.exposure[0];
    expect(us.exposure_amount).toBe(25 * 105 - 3 * 32);
    expect(us.jurisdictions[0]).toMatchObject({
      jurisdiction_code: 'CA',
      exposure_amount: 25 * 105 - 3 * 32,
      counties: [{ county_name: 'Los Angeles County', exposure_amount: 25 * 105 - 3 * 32 }],
    });
  });
});
