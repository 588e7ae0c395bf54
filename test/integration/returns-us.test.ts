/**
 * Integration: the return routes on DynamoDB Local (docs/returns.md), a US sales-tax return: a draft computed from the
 * ledger per level, the period's uniqueness, nil returns, adjustments, finalize and its lock, mark_filed, the events,
 * the records of a return, and corrections of a finalized period.
 */
import { callRoute, newTestAccount } from '../support/api';
import { uid, usSale, record, registration, createReturn, allRecords } from '../support/return-fixtures';
import { importZipRows } from '../support/shared-data';

// A finalize locks what was recorded up to now (no settle margin in tests: each request here has finished).
process.env.LEVY_RETURNS_SETTLE_SECONDS = '0';

describe('returns: a US sales-tax return from the ledger', () => {
  let accountId: string;
  let regId: string;
  let sales: any[];
  let refund: any;

  beforeAll(async () => {
    await importZipRows([['CA', '90001']]);
    accountId = (await newTestAccount('US', 'Returns Inc')).account_id;
    regId = await registration(accountId, { country: 'US', state: 'CA', type: 'SALES_TAX' });
    sales = [await record(accountId, usSale('2026-04-10', 10_000)), await record(accountId, usSale('2026-06-30', 25_050))];
    // Outside the registration (Texas) and outside the period: neither is in the CA Q2 return.
    await record(accountId, usSale('2026-05-01', 7_000, { location: { country: 'US', state: 'TX', postal_code: '75001' } }));
    await record(accountId, usSale('2026-07-01', 9_000));
    const res = await callRoute('transactions-refund', {
      accountId,
      pathParameters: { id: sales[0].id },
      body: { id: `rf-${uid()}`, date: '2026-05-02', line_items: [{ id: sales[0].line_items[0].id, amount: 4_000 }] },
    });
    expect(res.status).toBe(201);
    refund = res.body;
  });

  it("computes gross, taxable, tax, refunds and net per level and in total, from exactly the period's CA sales", async () => {
    const res = await createReturn(accountId, { registration_id: regId, period_start: '2026-04-01', period_end: '2026-06-30' });
    expect(res.status).toBe(201);
    const r = res.body;
    expect(r).toMatchObject({
      id: expect.stringMatching(/^ret_/),
      status: 'draft',
      currency: 'USD',
      registration_id: regId,
      sale_count: 2,
      refund_count: 1,
      corrections: [],
    });
    // The expected figures are the ledger's own: what the recorded sales and refund say (POST /v1/transactions answers).
    const tax = sales.reduce((s, x) => s + x.tax_total, 0);
    expect(r.totals).toMatchObject({
      gross_sales: 35_050,
      exempt_sales: 0,
      taxable_sales: 35_050,
      tax_charged: tax,
      refunded_sales: 4_000,
      refunds: refund.tax_total,
      adjustments: 0,
      net_tax_due: tax - refund.tax_total,
    });
    const state = r.lines.find((l: any) => l.jurisdiction === 'US-CA');
    expect(state).toMatchObject({ level: 'state', gross_sales: 35_050 });
    // Each level's line carries that level's tax; together they are the sales' tax, split as each line's tax_breakdown.
    expect(r.lines.reduce((s: number, l: any) => s + l.tax_charged, 0)).toBe(tax);
    expect(r.lines.reduce((s: number, l: any) => s + l.refunds, 0)).toBe(refund.tax_total);
    const stateTax = sales.reduce((s, x) => s + x.line_items[0].tax_breakdown.state, 0);
    expect(state.tax_charged).toBe(stateTax);
    const county = r.lines.find((l: any) => l.level === 'county');
    expect(county).toMatchObject({
      country: 'US',
      state: 'CA',
      name: sales[0].jurisdiction.county,
      tax_charged: sales.reduce((s, x) => s + x.line_items[0].tax_breakdown.county, 0),
    });

    expect((await callRoute('returns-get', { accountId, pathParameters: { id: r.id } })).body).toEqual(r);
    const records = await allRecords(accountId, r.id);
    expect(records.map((x) => x.id).sort()).toEqual([`sale:${sales[0].id}`, `sale:${sales[1].id}`, `refund:${sales[0].id}:${refund.id}`].sort());
    // The records recompute the totals.
    expect(records.filter((x) => x.type === 'sale').reduce((s, x) => s + x.tax_amount, 0)).toBe(r.totals.tax_charged);

    // One return per registration and period; another account sees none of it.
    const again = await createReturn(accountId, { registration_id: regId, period_start: '2026-04-01', period_end: '2026-06-30' });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ error: 'return_exists', message: expect.stringContaining(r.id) });
    const other = (await newTestAccount('US', 'Other Inc')).account_id;
    expect((await callRoute('returns-get', { accountId: other, pathParameters: { id: r.id } })).status).toBe(404);
    expect((await createReturn(other, { registration_id: regId, period_start: '2026-04-01', period_end: '2026-06-30' })).status).toBe(404);
    const listed = await callRoute('returns-list', { accountId, query: { registration_id: regId, status: 'draft' } });
    expect(listed.body.data.map((x: any) => x.id)).toEqual([r.id]);
    expect((await callRoute('returns-list', { accountId: other, query: {} })).body).toEqual({ data: [], has_more: false });
  });

  it('adjusts a draft, finalizes (locks) it, marks it filed, and writes return.created|finalized|filed', async () => {
    const r = (await callRoute('returns-list', { accountId, query: { registration_id: regId } })).body.data[0];
    const bad = await callRoute('returns-adjust', { accountId, pathParameters: { id: r.id }, body: { amount: 500, jurisdiction: 'US-TX', reason: 'x' } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('jurisdiction');
    const adjusted = await callRoute('returns-adjust', {
      accountId,
      pathParameters: { id: r.id },
      body: { amount: -250, jurisdiction: 'US-CA', reason: 'bad debt written off' },
    });
    expect(adjusted.status).toBe(201);
    expect(adjusted.body.totals).toMatchObject({ adjustments: -250, net_tax_due: r.totals.net_tax_due - 250 });
    expect(adjusted.body.lines.find((l: any) => l.jurisdiction === 'US-CA')).toMatchObject({ adjustments: -250 });

    const draftFiled = await callRoute('returns-mark-filed', { accountId, pathParameters: { id: r.id }, body: { filed_on: '2026-07-20' } });
    expect(draftFiled.status).toBe(409);
    expect(draftFiled.body.error).toBe('return_not_finalized');

    const finalized = await callRoute('returns-finalize', { accountId, pathParameters: { id: r.id } });
    expect(finalized.status).toBe(200);
    expect(finalized.body).toMatchObject({
      status: 'finalized',
      finalized_at: expect.any(String),
      totals: { adjustments: -250, net_tax_due: r.totals.net_tax_due - 250 },
    });
    for (const [route, body] of [
      ['returns-adjust', { amount: 1, jurisdiction: 'US-CA', reason: 'late' }],
      ['returns-finalize', undefined],
    ] as const) {
      const locked = await callRoute(route, { accountId, pathParameters: { id: r.id }, ...(body ? { body } : {}) });
      expect(locked.status).toBe(409);
      expect(locked.body.error).toBe('return_locked');
    }
    const filed = await callRoute('returns-mark-filed', {
      accountId,
      pathParameters: { id: r.id },
      body: { filed_on: '2026-07-20', confirmation_number: 'CDTFA-123' },
    });
    expect(filed.status).toBe(200);
    expect(filed.body).toMatchObject({ status: 'filed', filed_on: '2026-07-20', confirmation_number: 'CDTFA-123', totals: finalized.body.totals });

    const events = await callRoute('events-list', { accountId, query: { limit: '100' } });
    const types = events.body.data.filter((e: any) => e.data.object.id === r.id).map((e: any) => e.type);
    expect(types.sort()).toEqual(['return.created', 'return.filed', 'return.finalized']);
  });

  it("puts a sale recorded after the finalize, dated in the finalized period, in the next return's corrections (and only there)", async () => {
    const q2 = (await callRoute('returns-list', { accountId, query: { registration_id: regId } })).body.data[0];
    const late = await record(accountId, usSale('2026-05-15', 3_000));
    const q3 = await createReturn(accountId, { registration_id: regId, period_start: '2026-07-01', period_end: '2026-09-30' });
    expect(q3.status).toBe(201);
    expect(q3.body.corrections).toHaveLength(1);
    expect(q3.body.corrections[0]).toMatchObject({
      return_id: q2.id,
      period_start: '2026-04-01',
      period_end: '2026-06-30',
      totals: { gross_sales: 3_000, tax_charged: late.tax_total },
    });
    // The July sale is the period's; the late May sale is the correction: net due adds both.
    expect(q3.body.totals.tax_charged).toBeGreaterThan(0);
    expect(q3.body.totals.net_tax_due).toBe(q3.body.totals.tax_charged - q3.body.totals.refunds + late.tax_total);
    const records = await allRecords(accountId, q3.body.id, '100');
    expect(records.filter((x) => x.section === 'correction')).toEqual([expect.objectContaining({ id: `sale:${late.id}`, corrected_return_id: q2.id })]);
    // The filed return does not move.
    expect((await callRoute('returns-get', { accountId, pathParameters: { id: q2.id } })).body.totals).toEqual(q2.totals);
  });

  it('a period without sales is a nil return; a period not yet ended cannot be finalized; bad periods are 400', async () => {
    const nil = await createReturn(accountId, { registration_id: regId, period_start: '2026-01-01', period_end: '2026-03-31' });
    expect(nil.status).toBe(201);
    expect(nil.body).toMatchObject({ lines: [], sale_count: 0, totals: { gross_sales: 0, tax_charged: 0, net_tax_due: 0 } });
    // The quarter containing today (CA files quarterly by default: data/filing-defaults/schedules.json).
    const now = new Date();
    const startMonth = Math.floor(now.getUTCMonth() / 3) * 3;
    const quarterStart = new Date(Date.UTC(now.getUTCFullYear(), startMonth, 1)).toISOString().slice(0, 10);
    const quarterEnd = new Date(Date.UTC(now.getUTCFullYear(), startMonth + 3, 0)).toISOString().slice(0, 10);
    const open = await createReturn(accountId, { registration_id: regId, period_start: quarterStart, period_end: quarterEnd });
    expect(open.status).toBe(201);
    const finalize = await callRoute('returns-finalize', { accountId, pathParameters: { id: open.body.id } });
    expect(finalize.status).toBe(409);
    expect(finalize.body.error).toBe('return_period_open');
    const reversed = await createReturn(accountId, { registration_id: regId, period_start: '2026-06-30', period_end: '2026-04-01' });
    expect(reversed.status).toBe(400);
    expect(reversed.body.message).toContain('period_end');
    const before = await createReturn(accountId, { registration_id: regId, period_start: '2023-01-01', period_end: '2023-03-31' });
    expect(before.status).toBe(400);
    // Not one period of the registration's frequency (quarterly): two months, a month, a quarter off its months.
    for (const [start, end] of [
      ['2026-04-01', '2026-05-31'],
      ['2026-04-01', '2026-04-30'],
      ['2026-02-01', '2026-04-30'],
    ]) {
      const res = await createReturn(accountId, { registration_id: regId, period_start: start, period_end: end });
      expect(res.status).toBe(400);
      expect(res.body.message).toContain('QUARTERLY');
    }
    // A monthly filer's month is a period.
    const monthly = await registration(accountId, { country: 'US', state: 'TX', type: 'SALES_TAX', filing: { frequency: 'MONTHLY' } });
    expect((await createReturn(accountId, { registration_id: monthly, period_start: '2026-04-01', period_end: '2026-04-30' })).status).toBe(201);
    expect((await createReturn(accountId, { registration_id: monthly, period_start: '2026-04-01', period_end: '2026-06-30' })).status).toBe(400);
  });
});
