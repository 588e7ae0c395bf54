/**
 * Integration: the nexus report on DynamoDB Local (docs/nexus.md): counters written with each sale and
 * refund, the windows of CA, NY, CT and SD, the crossing sale named, refunds, the simulation, currency conversion and
 * bad input. Thresholds are those of data/nexus-rules/us.json, each row citing its source; the comments name them.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { importFxRates } from '../../local/fx/fx-import';
import { callRoute, newTestAccount } from '../support/api';

const goods = (amount: number) => [{ id: '1', amount, quantity: 1, product_category: 'PHYSICAL_GOODS', delivery_method: 'SHIPPED' }];
const sale = (id: string, date: string, state: string, amount: number, extra: Record<string, unknown> = {}) => ({
  id,
  date,
  currency: 'USD',
  customer_type: 'B2C',
  location: { country: 'US', state },
  line_items: goods(amount),
  ...extra,
});

async function record(accountId: string, body: Record<string, unknown>) {
  const res = await callRoute('transactions-create', { accountId, body });
  expect(res.status).toBe(201);
  return res.body;
}

async function report(accountId: string, asOf: string, extra: Record<string, string> = {}) {
  const res = await callRoute('nexus-report', { accountId, query: { as_of: asOf, country: 'US', ...extra } });
  expect(res.status).toBe(200);
  return res.body as { as_of: string; data: Record<string, any>[] };
}

const row = (body: { data: Record<string, any>[] }, state: string) => body.data.find((r) => r.state === state)!;

describe('nexus: California, current or previous calendar year, sales over $500,000', () => {
  let account: string;
  const run = Date.now();
  beforeAll(async () => {
    account = (await newTestAccount('GB', 'Nexus Ltd')).account_id;
    await record(account, sale(`ca-a-${run}`, '2025-03-10', 'CA', 30_000_000));
    await record(account, sale(`ca-b-${run}`, '2025-05-20', 'CA', 15_000_000));
    await record(account, sale(`ca-c-${run}`, '2025-05-20', 'CA', 6_000_000));
    await record(account, sale(`ca-d-${run}`, '2025-06-02', 'CA', 1_000_000));
  });

  it('names the sale and the day that crossed the threshold', async () => {
    // CA Rev. & Tax. Code 6203(c)(4): sales into California over $500,000 in the current or preceding calendar year
    // (row US-CA, source_url suttax.avior.tax economic-nexus-by-state). $300,000 + $150,000 = $450,000; the $60,000
    // sale recorded after them on 2025-05-20 takes the year to $510,000.
    const ca = row(await report(account, '2025-06-30'), 'CA');
    expect(ca).toMatchObject({
      country: 'US',
      status: 'crossed',
      sales_amount: 52_000_000,
      transaction_count: 4,
      currency: 'USD',
      window: { start: '2025-01-01', end: '2025-06-30' },
      threshold: { sales_amount: 50_000_000, transaction_count: null, logic: 'sales_only', window: 'current_or_previous_calendar_year' },
      percent_of_sales_threshold: 104,
      crossed_on: '2025-05-20',
      crossing_transaction_id: `ca-c-${run}`,
      // "The day you exceed the threshold" (register_by on_crossing).
      register_by: '2025-05-20',
    });
    // Asked again, the day counter remembers the crossing sale: same answer.
    expect(row(await report(account, '2025-06-30'), 'CA')).toEqual(ca);
    // A later sale on the crossing day changes the day's totals, so the crossing is found again (still ca-c).
    await record(account, sale(`ca-e-${run}`, '2025-05-20', 'CA', 1));
    expect(row(await report(account, '2025-06-30'), 'CA')).toMatchObject({
      crossed_on: '2025-05-20',
      crossing_transaction_id: `ca-c-${run}`,
      sales_amount: 52_000_001,
    });
  });

  it('is below before the crossing day, and crossed for the whole next year', async () => {
    // 60 % of the threshold: under the default approaching_threshold_percent (80).
    expect(row(await report(account, '2025-05-19'), 'CA')).toMatchObject({ status: 'below', sales_amount: 30_000_000, percent_of_sales_threshold: 60 });
    // 2026: the preceding calendar year (2025) crossed.
    expect(row(await report(account, '2026-08-01'), 'CA')).toMatchObject({
      status: 'crossed',
      window: { start: '2025-01-01', end: '2025-12-31' },
      crossed_on: '2025-05-20',
    });
    expect(row(await report(account, '2027-01-01'), 'CA')).toMatchObject({ status: 'below', sales_amount: 0 });
  });

  it('simulates a sale without writing it, and names it when it crosses', async () => {
    const before = row(await report(account, '2025-04-30'), 'CA');
    const simulated = await callRoute('nexus-simulate', {
      accountId: account,
      body: { as_of: '2025-04-30', country: 'US', transactions: [sale('plan-1', '2025-04-15', 'CA', 25_000_000)] },
    });
    expect(simulated.status).toBe(200);
    // $300,000 recorded + $250,000 planned = $550,000 > $500,000 (CA RTC 6203(c)(4)).
    expect(row(simulated.body, 'CA')).toMatchObject({
      status: 'crossed',
      sales_amount: 55_000_000,
      crossed_on: '2025-04-15',
      crossing_transaction_id: 'plan-1',
    });
    expect(row(await report(account, '2025-04-30'), 'CA')).toEqual(before);
    const wrongEntity = await callRoute('nexus-simulate', {
      accountId: account,
      body: { transactions: [sale('plan-2', '2025-04-15', 'CA', 1, { entity_id: 'ent_0000000000000000000000000' })] },
    });
    expect(wrongEntity.status).toBe(400);
    const badSale = await callRoute('nexus-simulate', { accountId: account, body: { transactions: [{ id: 'x', date: 'soon' }] } });
    expect(badSale.status).toBe(400);
    expect(badSale.body.message).toContain('transactions[0]');
  });

  it('a refund that takes the state back under the threshold changes the status from its date', async () => {
    const refund = await callRoute('transactions-refund', {
      accountId: account,
      pathParameters: { id: `ca-a-${run}` },
      body: { id: 'r1', date: '2025-07-15', line_items: [{ id: '1', amount: 3_000_000 }] },
    });
    expect(refund.status).toBe(201);
    expect(row(await report(account, '2025-07-14'), 'CA')).toMatchObject({ status: 'crossed', sales_amount: 52_000_001 });
    // $520,000.01 - $30,000 = $490,000.01: not over $500,000 any more (the count stays: the sale was made).
    expect(row(await report(account, '2025-07-15'), 'CA')).toMatchObject({ status: 'approaching', sales_amount: 49_000_001, transaction_count: 5 });
    expect(row(await report(account, '2025-07-15'), 'CA').crossed_on).toBeUndefined();
  });

  it('answers registered where an active registration covers the state, with the figures', async () => {
    const reg = await callRoute('registrations-create', {
      accountId: account,
      body: { country: 'US', state: 'CA', type: 'SALES_TAX', active_from: '2025-06-01' },
    });
    expect(reg.status).toBe(201);
    expect(row(await report(account, '2025-06-30'), 'CA')).toMatchObject({ status: 'registered', registration_id: reg.body.id, sales_amount: 52_000_001 });
    expect(row(await report(account, '2025-05-31'), 'CA').status).toBe('crossed');
  });

  it("adds each US state's nexus status to the exposure report with include=nexus", async () => {
    const res = await callRoute('exposure-countries', { accountId: account, query: { include: 'nexus,sales' } });
    expect(res.status).toBe(200);
    const us = res.body.exposure.find((c: { country_code: string }) => c.country_code === 'US');
    // Registered in CA from 2025-06-01 (the test above), so registered today.
    expect(us.jurisdictions.find((j: { jurisdiction_code: string }) => j.jurisdiction_code === 'CA')).toMatchObject({
      nexus_status: 'registered',
      sales: expect.any(Object),
    });
    expect((await callRoute('exposure-countries', { accountId: account, query: { include: 'taxes' } })).status).toBe(400);
  });

  it('lists the no-sales-tax states as not_applicable', async () => {
    expect(row(await report(account, '2025-06-30'), 'OR')).toMatchObject({ status: 'not_applicable', sales_amount: null, threshold: null });
  });

  it('refuses bad input with a 400 naming it', async () => {
    for (const query of [{ as_of: '2018-06-20' }, { as_of: '2025-02-30' }, { as_of: 'yesterday' }, { entity_id: 'ent_0000000000000000000000000' }]) {
      const res = await callRoute('nexus-report', { accountId: account, query });
      expect(res.status).toBe(400);
      expect(res.body.message).toContain(Object.keys(query)[0]);
    }
  });
});

describe('nexus: New York, both tests over the four preceding sales-tax quarters', () => {
  it('is not crossed by sales alone', async () => {
    const account = (await newTestAccount('GB', 'NY Ltd')).account_id;
    const run = Date.now();
    await record(account, sale(`ny-a-${run}`, '2025-04-10', 'NY', 30_000_000));
    await record(account, sale(`ny-b-${run}`, '2025-06-10', 'NY', 30_000_000));
    // NY Tax Law 1101(b)(8)(iv): more than $500,000 of tangible personal property AND more than 100 sales in the
    // immediately preceding four sales-tax quarters (quarters from March: the quarter of 2025-12-15 starts 2025-12-01).
    expect(row(await report(account, '2025-12-15'), 'NY')).toMatchObject({
      status: 'below',
      sales_amount: 60_000_000,
      transaction_count: 2,
      window: { start: '2024-12-01', end: '2025-11-30' },
      percent_of_sales_threshold: 120,
      percent_of_transaction_threshold: 2,
    });
  });
});

describe('nexus: Connecticut, the 12 months ending September 30', () => {
  it('counts October to September, and crosses on October 1', async () => {
    const account = (await newTestAccount('GB', 'CT Ltd')).account_id;
    const run = Date.now();
    // 200 retail sales of $600 in September 2024 ($120,000), the 200th on 2024-09-29; one more in October.
    for (let i = 1; i < 200; i++) await record(account, sale(`ct-${i}-${run}`, '2024-09-02', 'CT', 60_000));
    await record(account, sale(`ct-200-${run}`, '2024-09-29', 'CT', 60_000));
    await record(account, sale(`ct-oct-${run}`, '2024-10-05', 'CT', 60_000));
    // Conn. Gen. Stat. 12-407(a)(12)(G): at least $100,000 AND at least 200 retail sales in the 12-month period ending
    // on September 30 (row US-CT from 2019-07-01). On 2024-09-30 the last such period ended 2023-09-30.
    expect(row(await report(account, '2024-09-30'), 'CT')).toMatchObject({
      status: 'below',
      sales_amount: 0,
      window: { start: '2022-10-01', end: '2023-09-30' },
    });
    expect(row(await report(account, '2024-10-10'), 'CT')).toMatchObject({
      status: 'crossed',
      sales_amount: 12_000_000,
      transaction_count: 200,
      window: { start: '2023-10-01', end: '2024-09-30' },
      crossed_on: '2024-09-29',
      crossing_transaction_id: `ct-200-${run}`,
      register_by: '2024-10-01',
    });
  });
});

describe("nexus: South Dakota's transaction test ends on 2023-07-01", () => {
  it('crossed by 200 sales until the test ends, below the sales threshold after', async () => {
    const account = (await newTestAccount('GB', 'SD Ltd')).account_id;
    const run = Date.now();
    for (let i = 1; i <= 200; i++) await record(account, sale(`sd-${i}-${run}`, i <= 100 ? '2023-02-01' : '2023-03-01', 'SD', 1_000));
    // SDCL 10-64-2 (2018): more than $100,000 OR 200 or more separate transactions; SB 31 (2023) removed the
    // transaction test from 2023-07-01 (rows US-SD).
    expect(row(await report(account, '2023-06-30'), 'SD')).toMatchObject({
      status: 'crossed',
      transaction_count: 200,
      crossed_on: '2023-03-01',
      crossing_transaction_id: `sd-200-${run}`,
    });
    const after = row(await report(account, '2023-07-01'), 'SD');
    expect(after).toMatchObject({
      status: 'below',
      sales_amount: 200_000,
      threshold: { transaction_count: null, logic: 'sales_only' },
      percent_of_transaction_threshold: null,
    });
  });
});

describe('nexus: sales in another currency than the threshold', () => {
  it('converts at the rate of the sale day (or the last published before it), and reports what it cannot convert', async () => {
    const account = (await newTestAccount('GB', 'FX Ltd')).account_id;
    const run = Date.now();
    // An ECB-format file (eurofxref-hist.csv: units per euro; the rates are round test figures, not the ECB's).
    // 2025-03-08 is a Saturday: Friday's rate applies.
    const file = join(mkdtempSync(join(tmpdir(), 'levy-fx-')), 'eurofxref-hist.csv');
    writeFileSync(file, 'Date,USD,JPY,GBP,\n2025-03-07,1.0800,N/A,0.84000,\n2025-02-20,1.0400,N/A,0.83000,\n');
    expect(await importFxRates(file)).toEqual({ rows: 4, currencies: ['GBP', 'USD'], from: '2025-02-20', to: '2025-03-07' });
    await record(account, sale(`fx-eur-${run}`, '2025-03-08', 'CA', 1_000_000, { currency: 'EUR' }));
    await record(account, sale(`fx-gbp-${run}`, '2025-03-08', 'CA', 840_000, { currency: 'GBP' }));
    await record(account, sale(`fx-jpy-${run}`, '2025-03-08', 'CA', 100_000, { currency: 'JPY' }));
    const ca = row(await report(account, '2025-03-31'), 'CA');
    // EUR 10,000.00 x 1.08 = USD 10,800.00; GBP 8,400.00 / 0.84 x 1.08 = USD 10,800.00; no JPY rate: unconverted.
    expect(ca).toMatchObject({ sales_amount: 2_160_000, transaction_count: 3, unconverted_sales: { JPY: 100_000 } });
  });
});

describe('nexus: marketplace sales and the approaching share', () => {
  it('leaves marketplace sales out where the rule excludes them, and follows approaching_threshold_percent', async () => {
    const account = (await newTestAccount('GB', 'Market Ltd')).account_id;
    const run = Date.now();
    const viaMarketplace = await record(account, sale(`mp-${run}`, '2025-02-01', 'SD', 15_000_000, { marketplace: true }));
    expect(viaMarketplace.marketplace).toBe(true);
    await record(account, sale(`direct-${run}`, '2025-02-02', 'SD', 6_000_000));
    await record(account, sale(`mp-ca-${run}`, '2025-02-01', 'CA', 30_000_000, { marketplace: true }));
    // SDCL 10-64-2: a marketplace seller's sales through a collecting facilitator do not count (row US-SD: marketplace
    // excluded); CA RTC 6203(c)(4) counts them (row US-CA: marketplace included).
    expect(row(await report(account, '2025-03-01'), 'SD')).toMatchObject({
      status: 'below',
      sales_amount: 6_000_000,
      transaction_count: 1,
      percent_of_sales_threshold: 60,
    });
    expect(row(await report(account, '2025-03-01'), 'CA')).toMatchObject({ status: 'below', sales_amount: 30_000_000, percent_of_sales_threshold: 60 });
    expect((await callRoute('settings-update', { accountId: account, body: { approaching_threshold_percent: 60 } })).status).toBe(200);
    expect(row(await report(account, '2025-03-01'), 'SD').status).toBe('approaching');
  });
});

describe('nexus: the EU distance-sales threshold for a German seller', () => {
  it('counts B2C supplies into other member states only (Art. 59c: not the home country, not B2B)', async () => {
    const account = (await newTestAccount('DE', 'EU GmbH')).account_id;
    const run = Date.now();
    const saas = (id: string, country: string, amount: number, extra: Record<string, unknown> = {}) => ({
      id,
      date: '2025-04-01',
      currency: 'EUR',
      customer_type: 'B2C',
      location: { country },
      line_items: [{ id: '1', amount, quantity: 1, product_category: 'SAAS', delivery_method: 'CLOUD' }],
      ...extra,
    });
    await record(account, saas(`eu-fr-${run}`, 'FR', 600_000));
    await record(account, saas(`eu-de-${run}`, 'DE', 2_000_000));
    await record(account, saas(`eu-b2b-${run}`, 'FR', 900_000, { customer_type: 'B2B', customer_tax_id: 'FR40303265045' }));
    const eu = () => report(account, '2025-06-30', { country: 'EU' }).then((body) => body.data[0]!);
    // Art. 59c VAT Directive: EUR 10,000 of B2C telecommunication, broadcasting and electronic services to other
    // member states in the current or preceding calendar year (row EU). EUR 6,000 so far: 60 %.
    expect(await eu()).toMatchObject({ country: 'EU', status: 'below', sales_amount: 600_000, currency: 'EUR', percent_of_sales_threshold: 60 });
    await record(account, { ...saas(`eu-at-${run}`, 'AT', 500_000), date: '2025-05-02' });
    expect(await eu()).toMatchObject({ status: 'crossed', sales_amount: 1_100_000, crossed_on: '2025-05-02', crossing_transaction_id: `eu-at-${run}` });
  });
});
