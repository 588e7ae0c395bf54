/**
 * The tax calendar's iCalendar feed through the local API Gateway (docs/tax-calendar.md): the token is
 * made with the API key, the feed is read with no key at all (a calendar app sends none), and a bearer key alone
 * does not open it.
 */
import ICAL from 'ical.js';
import { newTestAccount } from '../support/api';
import { serveForSuite } from '../support/http';

const { request } = serveForSuite();

it('serves the feed to its token without a key, and refuses the key without the token', async () => {
  const account = await newTestAccount('US', 'Feed Inc');
  const registered = await request('POST', '/v1/registrations', {
    key: account.api_key,
    body: { country: 'US', state: 'CA', type: 'SALES_TAX', active_from: '2026-01-01' },
  });
  expect(registered.status).toBe(201);
  // The feed-token route needs the key like any other.
  expect((await request('POST', '/v1/tax_calendar/feed_token')).status).toBe(401);
  const created = await request('POST', '/v1/tax_calendar/feed_token', { key: account.api_key });
  expect(created.status).toBe(201);

  const feed = await request('GET', created.body.path);
  expect(feed.status).toBe(200);
  const uids = new ICAL.Component(ICAL.parse(feed.body)).getAllSubcomponents('vevent').map((c) => String(c.getFirstPropertyValue('uid')));
  // California quarterly (R&T Code § 6451): Q1 2026 is due 2026-04-30, a Thursday.
  expect(uids).toContain(`${registered.body.id}-2026-01-01@tax-calendar.levy`);

  // The key does not stand in for the token.
  const keyOnly = await request('GET', '/v1/tax_calendar.ics', { key: account.api_key });
  expect(keyOnly.status).toBe(400);
  expect(keyOnly.body).toMatchObject({ error: 'validation_error', message: expect.stringContaining('token'), status: 400 });
});
