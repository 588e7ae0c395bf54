/**
 * Integration: the tax calendar on DynamoDB Local (docs/tax-calendar.md): obligations from the filing
 * schedules, their due dates across weekends, holidays and month ends, the iCalendar feed (parsed back with ical.js
 * and compared to the JSON calendar), its token's rotation, and return.due_soon from the daily job.
 */
import ICAL from 'ical.js';
import { calendar, events } from '../../src/composition/ports';
import { addDays, utcDay } from '../../src/domain/dates';
import { deterministicEventId } from '../../src/domain/events/event';
import { runTimeDrivenEvents } from '../../src/usecases/time-driven-events';
import { FEED_RANGE } from '../../src/usecases/tax-calendar';
import { callRoute, newTestAccount } from '../support/api';

const list = (accountId: string, query: Record<string, string | undefined>) => callRoute('tax-calendar-list', { accountId, query });
const feed = (token: string) => callRoute('tax-calendar-ics', { accountId: '', query: { token } });
const brief = (o: any) => [o.jurisdiction, o.period.start, o.period.end, o.due_on];

describe('tax calendar', () => {
  let accountId: string;
  let ids: Record<string, string>;
  beforeAll(async () => {
    accountId = (await newTestAccount('DE', 'Calendar GmbH')).account_id;
    const create = async (body: object) => {
      const res = await callRoute('registrations-create', { accountId, body: { active_from: '2025-01-01', ...body } });
      expect(res.status).toBe(201);
      return res.body.id as string;
    };
    ids = {
      oss: await create({ country: 'DE', type: 'OSS_UNION' }),
      tx: await create({ country: 'US', state: 'TX', type: 'SALES_TAX', filing: { frequency: 'MONTHLY' } }),
      ny: await create({ country: 'US', state: 'NY', type: 'SALES_TAX' }),
      gb: await create({ country: 'GB', type: 'VAT', expires_at: '2026-01-01' }),
    };
  });

  it("lists each registration's obligations with its due dates, moved off weekends and holidays only where the jurisdiction's rule says so", async () => {
    const res = await list(accountId, { from: '2025-01-01', to: '2025-12-31' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ from: '2025-01-01', to: '2025-12-31' });
    const of = (id: string) => res.body.data.filter((o: any) => o.registration_id === id).map(brief);
    // EU OSS (Directive 2006/112/EC Art. 369f): the last day of the month after the quarter, from Q1 2025 (registered
    // 2025-01-01). No weekend rule (Commission OSS guide): 2026-01-31 (Q4 2025, outside this range) is a Saturday and stays (see below).
    expect(of(ids.oss)).toEqual([
      ['DE', '2025-01-01', '2025-03-31', '2025-04-30'],
      ['DE', '2025-04-01', '2025-06-30', '2025-07-31'],
      ['DE', '2025-07-01', '2025-09-30', '2025-10-31'],
    ]);
    // Texas monthly, the 20th (Tex. Tax Code 151.403), moved to the next business day (Tax Code 111.053): 2025-01-20
    // is Martin Luther King Jr. Day (OPM), 2025-04-20 a Sunday, 2025-07-20 a Sunday, 2025-09-20 a Saturday,
    // 2025-12-20 a Saturday.
    expect(of(ids.tx).map((o: string[]) => o[3])).toEqual([
      '2025-02-20',
      '2025-03-20',
      '2025-04-21',
      '2025-05-20',
      '2025-06-20',
      '2025-07-21',
      '2025-08-20',
      '2025-09-22',
      '2025-10-20',
      '2025-11-20',
      '2025-12-22',
    ]);
    // The first Texas period is January 2025 (active_from 2025-01-01): no obligation for December 2024.
    expect(of(ids.tx)[0]).toEqual(['US-TX', '2025-01-01', '2025-01-31', '2025-02-20']);
    // New York's quarters end in February, May, August, November (N.Y. Tax Law 1136(b)), due the 20th; 2025-09-20 is a
    // Saturday -> Monday 22nd. The December 2024 - February 2025 quarter is owed: it overlaps the registration.
    expect(of(ids.ny)).toEqual([
      ['US-NY', '2024-12-01', '2025-02-28', '2025-03-20'],
      ['US-NY', '2025-03-01', '2025-05-31', '2025-06-20'],
      ['US-NY', '2025-06-01', '2025-08-31', '2025-09-22'],
      ['US-NY', '2025-09-01', '2025-11-30', '2025-12-22'],
    ]);
    // The UK: 1 month and 7 days (gov.uk/vat-returns/deadlines), never moved: 2025-06-07 is a Saturday and stays.
    expect(of(ids.gb)).toEqual([
      ['GB', '2025-01-01', '2025-03-31', '2025-05-07'],
      ['GB', '2025-04-01', '2025-06-30', '2025-08-07'],
      ['GB', '2025-07-01', '2025-09-30', '2025-11-07'],
    ]);
    // In due-date order; everything in 2025 is past and unfiled: overdue.
    const dues = res.body.data.map((o: any) => o.due_on);
    expect(dues).toEqual([...dues].sort());
    expect(new Set(res.body.data.map((o: any) => o.status))).toEqual(new Set(['overdue']));
  });

  it("ends with the registration: the UK registration (expired 2026-01-01) owes its last quarter's return, none after", async () => {
    const res = await list(accountId, { from: '2026-01-01', to: '2026-12-31' });
    const gb = res.body.data.filter((o: any) => o.registration_id === ids.gb).map(brief);
    // The Q4 2025 return is due 1 month and 7 days after 31 December 2025: 2026-02-07.
    expect(gb).toEqual([['GB', '2025-10-01', '2025-12-31', '2026-02-07']]);
    // OSS Q4 2025: 2026-01-31 is a Saturday and is not moved (Art. 369f; no weekend rule).
    expect(res.body.data.find((o: any) => o.registration_id === ids.oss && o.period.start === '2025-10-01').due_on).toBe('2026-01-31');
    // Texas December 2025: 2026-01-20 is a Tuesday (MLK Day is 2026-01-19): unmoved.
    expect(res.body.data.find((o: any) => o.registration_id === ids.tx && o.period.start === '2025-12-01').due_on).toBe('2026-01-20');
  });

  it('filters by status and refuses bad queries with 400 naming the field', async () => {
    const future = await list(accountId, { from: addDays(utcDay(), 30), to: addDays(utcDay(), 400), status: 'upcoming' });
    expect(future.status).toBe(200);
    expect(future.body.data.length).toBeGreaterThan(0);
    expect(future.body.data.every((o: any) => o.status === 'upcoming')).toBe(true);
    expect((await list(accountId, { from: '2025-01-01', to: '2025-06-30', status: 'upcoming' })).body.data).toEqual([]);
    const cases: [Record<string, string>, string][] = [
      [{ from: '2025-02-01', to: '2025-01-01' }, 'from'],
      [{ status: 'late' }, 'status'],
      [{ from: '2025-02-30' }, 'from'],
      [{ from: '2020-01-01', to: '2025-01-01' }, 'from'],
      [{ limit: '10' }, 'limit'],
    ];
    for (const [query, field] of cases) {
      const res = await list(accountId, query);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ error: 'validation_error', message: expect.stringContaining(field), status: 400 });
    }
  });

  it("hides another account's registrations", async () => {
    const other = (await newTestAccount('US', 'Empty Inc')).account_id;
    expect((await list(other, { from: '2025-01-01', to: '2025-12-31' })).body.data).toEqual([]);
  });

  it('serves the same obligations as an iCalendar feed, parsed back by ical.js; a rotated token is refused', async () => {
    const created = await callRoute('tax-calendar-feed-token', { accountId });
    expect(created.status).toBe(201);
    const token: string = created.body.token;
    expect(token).toMatch(/^lcal_[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/);
    expect(created.body.path).toBe(`/v1/tax_calendar.ics?token=${token}`);

    const res = await feed(token);
    expect(res.status).toBe(200);
    expect(String(res.headers['content-type'])).toMatch(/^text\/calendar/);
    const vcalendar = new ICAL.Component(ICAL.parse(res.body));
    const vevents = vcalendar.getAllSubcomponents('vevent').map((c) => new ICAL.Event(c));

    const today = utcDay();
    const json = (await list(accountId, { from: addDays(today, -FEED_RANGE.pastDays), to: addDays(today, FEED_RANGE.futureDays) })).body.data as any[];
    expect(json.length).toBeGreaterThan(5);
    expect(vevents).toHaveLength(json.length);
    const byUid = new Map(vevents.map((e) => [e.uid, e]));
    for (const o of json) {
      const event = byUid.get(`${o.registration_id}-${o.period.start}@tax-calendar.levy`);
      expect(event).toBeDefined();
      // An all-day event on the due date (DATE values: no time), ending the next day.
      expect(event!.startDate.isDate).toBe(true);
      expect(event!.startDate.toString()).toBe(o.due_on);
      expect(event!.endDate.toString()).toBe(addDays(o.due_on, 1));
      expect(event!.summary).toContain(`${o.jurisdiction} ${o.type} return ${o.period.start} to ${o.period.end}`);
      expect(event!.description).toContain(`Status: ${o.status}.`);
    }
    // The UID is stable: the next fetch names the same events.
    const again = new ICAL.Component(ICAL.parse((await feed(token)).body)).getAllSubcomponents('vevent').map((c) => c.getFirstPropertyValue('uid'));
    expect(new Set(again)).toEqual(new Set(byUid.keys()));

    // Rotation: the new token works, the previous one is refused with the spec's error body.
    const rotated = await callRoute('tax-calendar-feed-token', { accountId });
    expect(rotated.body.token).not.toBe(token);
    expect((await feed(rotated.body.token)).status).toBe(200);
    const refused = await feed(token);
    expect(refused.status).toBe(404);
    expect(refused.body).toMatchObject({ error: 'not_found', message: expect.stringContaining('replaced'), status: 404 });
    // A malformed token, and one naming another account with this account's secret part, are refused alike.
    expect((await feed('not-a-token')).status).toBe(404);
    const other = (await newTestAccount('US', 'Other Feed Inc')).account_id;
    const forged = `lcal_${Buffer.from(other).toString('base64url')}.${rotated.body.token.split('.')[1]}`;
    expect((await feed(forged)).status).toBe(404);
    // The token is required.
    expect((await callRoute('tax-calendar-ics', { accountId: '', query: {} })).status).toBe(400);
  });

  it('writes return.due_soon 7 days before a due date, once, with its notification', async () => {
    const account = (await newTestAccount('US', 'Due Soon Inc')).account_id;
    const reg = (
      await callRoute('registrations-create', {
        accountId: account,
        body: { country: 'US', state: 'IL', type: 'SALES_TAX', active_from: '2025-01-01', filing: { frequency: 'MONTHLY' } },
      })
    ).body;
    // Illinois monthly, the 20th (35 ILCS 120/3): the March 2026 return is due Monday 2026-04-20; the job on
    // 2026-04-13 (7 days before) writes the event; on 2026-04-12 (8 days before) it does not.
    const at = (day: string) => new Date(`${day}T00:15:00Z`);
    const dueSoon = async () => (await callRoute('events-list', { accountId: account, query: { type: 'return.due_soon', limit: '100' } })).body.data as any[];
    await runTimeDrivenEvents({ calendar, events }, at('2026-04-12'));
    expect(await dueSoon()).toEqual([]);
    await runTimeDrivenEvents({ calendar, events }, at('2026-04-13'));
    await runTimeDrivenEvents({ calendar, events }, at('2026-04-14'));
    const written = await dueSoon();
    expect(written).toHaveLength(1);
    expect(written[0].id).toBe(deterministicEventId('return.due_soon', `${reg.id}|2026-03-01|2026-03-31`, '2026-04-20'));
    expect(written[0].data.object).toMatchObject({
      object: 'tax_obligation',
      registration_id: reg.id,
      jurisdiction: 'US-IL',
      period: { start: '2026-03-01', end: '2026-03-31' },
      due_on: '2026-04-20',
    });
    const notes = (await callRoute('notifications-list', { accountId: account, query: { limit: '100' } })).body.data as any[];
    expect(notes.filter((n) => n.type === 'return.due_soon')).toEqual([
      expect.objectContaining({
        severity: 'warning',
        title: 'US-IL return due on 2026-04-20',
        object: { type: 'registration', id: reg.id },
        event_id: written[0].id,
      }),
    ]);
  });

  it('marks an obligation filed, naming its return, once the return for that period is marked filed (the returns store)', async () => {
    process.env.LEVY_RETURNS_SETTLE_SECONDS = '0';
    const period = { start: '2025-01-01', end: '2025-01-31' };
    const before = (await list(accountId, { from: '2025-02-01', to: '2025-02-28' })).body.data.find((o: any) => o.registration_id === ids.tx);
    expect(before).toMatchObject({ period, status: 'overdue' });
    expect(before.return_id).toBeUndefined();
    const created = await callRoute('returns-create', { accountId, body: { registration_id: ids.tx, period_start: period.start, period_end: period.end } });
    expect(created.status).toBe(201);
    // A draft, then a finalized return, does not make the obligation filed: only mark_filed does.
    const draft = (await list(accountId, { from: '2025-02-01', to: '2025-02-28' })).body.data.find((o: any) => o.registration_id === ids.tx);
    expect(draft.status).toBe('overdue');
    expect((await callRoute('returns-finalize', { accountId, pathParameters: { id: created.body.id } })).status).toBe(200);
    expect((await callRoute('returns-mark-filed', { accountId, pathParameters: { id: created.body.id }, body: { filed_on: '2025-02-19' } })).status).toBe(200);
    const after = (await list(accountId, { from: '2025-02-01', to: '2025-02-28' })).body.data.find((o: any) => o.registration_id === ids.tx);
    expect(after).toMatchObject({ period, status: 'filed', return_id: created.body.id });
    expect((await list(accountId, { from: '2025-01-01', to: '2025-12-31', status: 'filed' })).body.data.map((o: any) => o.return_id)).toEqual([
      created.body.id,
    ]);
  });
});
