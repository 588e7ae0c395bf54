/** Integration: the filing schedule on registrations (docs/tax-calendar.md), on DynamoDB Local. */
import { callRoute, newTestAccount } from '../support/api';

describe('filing schedules on registrations', () => {
  let accountId: string;
  beforeAll(async () => {
    accountId = (await newTestAccount('DE', 'Filing GmbH')).account_id;
  });
  const create = (body: unknown) => callRoute('registrations-create', { accountId, body });

  it('defaults the schedule from data/filing-defaults when the request names none', async () => {
    const oss = await create({ country: 'DE', type: 'OSS_UNION', active_from: '2025-07-01' });
    expect(oss.status).toBe(201);
    // Directive 2006/112/EC Art. 369f: quarterly, due the last day of the month after the quarter.
    expect(oss.body.filing).toEqual({ frequency: 'QUARTERLY', period_anchor_month: 1, due_day_rule: { months_after: 1, day: 'last' } });
    const got = await callRoute('registrations-get', { accountId, pathParameters: { id: oss.body.id } });
    expect(got.body.filing).toEqual(oss.body.filing);
    // N.Y. Tax Law § 1136(b): quarters ending February, May, August, November, due the 20th after.
    const ny = await create({ country: 'US', state: 'NY', type: 'SALES_TAX', active_from: '2025-03-01' });
    expect(ny.body.filing).toEqual({ frequency: 'QUARTERLY', period_anchor_month: 3, due_day_rule: { months_after: 1, day: 20 } });
  });

  it('takes the schedule the request sends, completing what it leaves out, and replaces it on PATCH', async () => {
    const wa = await create({ country: 'US', state: 'WA', type: 'SALES_TAX', active_from: '2025-01-01', filing: { frequency: 'MONTHLY' } });
    expect(wa.status).toBe(201);
    // RCW 82.32.045: monthly returns are due the 25th of the following month.
    expect(wa.body.filing).toEqual({ frequency: 'MONTHLY', period_anchor_month: 1, due_day_rule: { months_after: 1, day: 25 } });
    const patched = await callRoute('registrations-update', {
      accountId,
      pathParameters: { id: wa.body.id },
      body: { filing: { frequency: 'ANNUAL', due_day_rule: { months_after: 1, day: 31 } } },
    });
    expect(patched.status).toBe(200);
    expect(patched.body.filing).toEqual({ frequency: 'ANNUAL', period_anchor_month: 1, due_day_rule: { months_after: 1, day: 31 } });
    expect((await callRoute('registrations-get', { accountId, pathParameters: { id: wa.body.id } })).body.filing).toEqual(patched.body.filing);
  });

  it('answers 400 naming the field for a bad schedule', async () => {
    const cases: [unknown, string][] = [
      [{ frequency: 'WEEKLY' }, 'filing.frequency'],
      [{ due_day_rule: { months_after: 1, day: 32 } }, 'filing.due_day_rule.day'],
      [{ due_day_rule: { months_after: -1, day: 20 } }, 'filing.due_day_rule.months_after'],
      [{ due_day_rule: { months_after: 1 } }, 'filing.due_day_rule.day'],
      [{ period_anchor_month: 13 }, 'filing.period_anchor_month'],
      [{ frequency: 'MONTHLY', when: 'soon' }, 'filing'],
    ];
    for (const [filing, field] of cases) {
      const res = await create({ country: 'FR', type: 'VAT', active_from: '2025-01-01', filing });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ error: expect.any(String), message: expect.stringContaining(field), status: 400 });
    }
  });
});
