/**
 * HTTP: the answers that grow with an account's data without a cap of their own, the exposure report and the tax
 * calendar with its iCal feed, measured as Lambda counts them (the result's JSON; MAX_LAMBDA_RESPONSE_BYTES): one
 * country and currency of the report is bounded by the counties Levy names, and it answers under the limit at its
 * worst; a whole report or calendar past it is refused, 422 `response_too_large` saying how to ask for less, where
 * Lambda would have failed the answer (a 502). The feed, which a calendar app cannot page, holds the 1,000 obligations
 * due nearest today. docs/local.md "Response sizes" quotes the figures. The counters and
 * registrations are written straight to their tables: recording the sales or registering through the API would take
 * tens of thousands of calls.
 */
import { batchWriteMany } from '../../src/adapters/dynamodb/batch';
import { stateForZip } from '../../src/adapters/geo/zip-state';
import { countyForZip } from '../../src/adapters/geo/zip-county';
import { MAX_LAMBDA_RESPONSE_BYTES, MAX_PAGE_RESULT_BYTES } from '../../src/config/api-settings';
import { tableName } from '../../src/config/environment';
import { ports } from '../../src/composition/all-ports';
import { addDays, daysBetween, utcDay } from '../../src/domain/dates';
import { ALL_TIME } from '../../src/domain/exposure/deltas';
import { MAX_RANGE_DAYS } from '../../src/domain/filing/calendar-feed';
import { newId } from '../../src/domain/ids';
import { MAX_FEED_OBLIGATIONS } from '../../src/usecases/tax-calendar';
import { callRoute, newTestAccount, type CallResult } from '../support/api';

const sizes: Record<string, number> = {};
afterAll(() => console.log(`worst-case result bytes: ${JSON.stringify(sizes)}`));

function expectWithinLimit(route: string, res: CallResult): void {
  if (res.status !== 200) throw new Error(`${route}: ${res.status} ${JSON.stringify(res.body).slice(0, 500)}`);
  sizes[route] = res.resultBytes;
  expect(res.resultBytes).toBeLessThanOrEqual(MAX_LAMBDA_RESPONSE_BYTES);
}

function expectRefusedTooLarge(res: CallResult, askForLess: RegExp): void {
  expect(res.status).toBe(422);
  expect(res.body).toMatchObject({ error: 'response_too_large', message: expect.stringMatching(askForLess) });
  expect(res.body.message).toContain(String(MAX_PAGE_RESULT_BYTES));
}

/** Every (state, county) Levy can attribute a US sale to: the county of each ZIP of its bundled list. */
function usCounties(): [string, string][] {
  const pairs = new Map<string, [string, string]>();
  for (let zip = 0; zip < 100_000; zip++) {
    const zip5 = String(zip).padStart(5, '0');
    const state = stateForZip(zip5);
    const county = state && countyForZip(zip5, state);
    if (state && county) pairs.set(`${state}|${county}`, [state, county]);
  }
  return [...pairs.values()];
}

/** Every filer's reason a counter's exempt sales can carry, each at its widest amount. */
const reasons = ['resale', 'government', 'nonprofit', 'manufacturing', 'agriculture', 'other', 'not_taxable_in_jurisdiction', 'zero_rated', 'reverse_charge'];
const widest = -9_999_999_999_999;
const counter = (accountId: string, currency: string, state?: string, county?: string) => ({
  PutRequest: {
    Item: {
      account_id: accountId,
      sk: ['a', currency, 'US', ...(state ? [state] : []), ...(county ? [county] : [])].join('#'),
      period: ALL_TIME,
      currency,
      country: 'US',
      ...(state ? { state } : {}),
      ...(county ? { county } : {}),
      tax: widest,
      sales: 999_999_999,
      taxable_sales: widest,
      ...Object.fromEntries(reasons.map((reason) => [`exempt#${reason}`, widest])),
    },
  },
});

it('GET /v1/exposure/countries: one country and currency answers every county of the US under the limit; many currencies at once are refused', async () => {
  const { account_id: accountId } = await newTestAccount('US', 'Everywhere Inc');
  const counties = usCounties();
  expect(counties.length).toBeGreaterThan(3_000);
  const states = [...new Set(counties.map(([state]) => state))];
  const writeCurrency = (currency: string) =>
    batchWriteMany(
      tableName('Exposure'),
      [counter(accountId, currency), ...states.map((s) => counter(accountId, currency, s)), ...counties.map(([s, c]) => counter(accountId, currency, s, c))],
      'exposure counters',
    );
  await writeCurrency('USD');
  const one = await callRoute('exposure-countries', { accountId, query: { country: 'us', currency: 'usd', include: 'sales,nexus' } });
  expectWithinLimit('GET /v1/exposure/countries?country&currency', one);
  expect(one.body.exposure).toHaveLength(1);
  // Enough currencies that the whole report would pass the limit.
  const others = ['EUR', 'GBP', 'CAD', 'JPY', 'CHF', 'AUD', 'MXN', 'SEK'].slice(0, Math.ceil(MAX_LAMBDA_RESPONSE_BYTES / one.resultBytes));
  for (const currency of others) await writeCurrency(currency);
  expectRefusedTooLarge(await callRoute('exposure-countries', { accountId, query: { include: 'sales,nexus' } }), /`country`, `currency`/);
  const eur = await callRoute('exposure-countries', { accountId, query: { country: 'US', currency: 'EUR', include: 'sales,nexus' } });
  expect(eur.status).toBe(200);
  expect(eur.body.exposure).toEqual([expect.objectContaining({ currency: 'EUR', country_code: 'US' })]);
}, 120_000);

it('GET /v1/tax_calendar past the limit is refused, naming how to ask for less, and a shorter range answers; the feed holds the 1,000 obligations due nearest today', async () => {
  const { account_id: accountId } = await newTestAccount('US', 'Registered Everywhere Inc');
  const created = await callRoute('registrations-create', {
    accountId,
    body: { country: 'US', state: 'CA', type: 'SALES_TAX', active_from: '2020-01-01', registration_number: 'R'.repeat(64), filing: { frequency: 'MONTHLY' } },
  });
  expect(created.status).toBe(201);
  const today = utcDay();
  const longest = { from: addDays(today, -MAX_RANGE_DAYS), to: today };
  const one = await callRoute('tax-calendar-list', { accountId, query: longest });
  expect(one.status).toBe(200);
  // Copies of the registration, enough for the longest range to pass the limit.
  const stored = (await ports.registrations.get(accountId, created.body.id))!;
  const copies = Math.ceil((1.1 * MAX_LAMBDA_RESPONSE_BYTES) / one.resultBytes);
  await batchWriteMany(
    tableName('Registrations'),
    Array.from({ length: copies }, () => ({ PutRequest: { Item: { ...stored, account_id: accountId, id: newId('reg') } } })),
    'registrations',
  );
  expectRefusedTooLarge(await callRoute('tax-calendar-list', { accountId, query: longest }), /shorter range \(`from`, `to`\)/);
  const shorter = await callRoute('tax-calendar-list', { accountId, query: { from: addDays(today, -90), to: today } });
  expectWithinLimit('GET /v1/tax_calendar (90 days)', shorter);
  expect(shorter.body.data.length).toBeGreaterThan(copies);

  const token = await callRoute('tax-calendar-feed-token', { accountId });
  expect(token.status).toBe(201);
  const feed = await callRoute('tax-calendar-ics', { accountId, query: { token: token.body.token } });
  expectWithinLimit('GET /v1/tax_calendar.ics', feed);
  const dueDates = [...(feed.body as string).matchAll(/^DTSTART;VALUE=DATE:(\d{8})/gm)].map(
    ([, day]) => `${day.slice(0, 4)}-${day.slice(4, 6)}-${day.slice(6, 8)}`,
  );
  expect(dueDates).toHaveLength(MAX_FEED_OBLIGATIONS);
  // The nearest: none of the obligations left out is due nearer today than the farthest one kept.
  const farthestKept = Math.max(...dueDates.map((day) => Math.abs(daysBetween(today, day))));
  const all = await callRoute('tax-calendar-list', { accountId, query: { from: addDays(today, -farthestKept + 1), to: addDays(today, farthestKept - 1) } });
  expect(all.body.data.length).toBeLessThanOrEqual(MAX_FEED_OBLIGATIONS);
}, 120_000);
