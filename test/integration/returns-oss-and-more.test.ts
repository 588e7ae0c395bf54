/**
 * Integration: the return routes on DynamoDB Local (docs/returns.md): an OSS return in euro per member state and rate
 * (and its CSV), a property over random ledgers recorded through the API, refunds recorded before returns existed
 * (`levy migrate`), and the list.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { importFxRates } from '../../local/fx/fx-import';
import { documentClient } from '../../src/adapters/dynamodb/client';
import { DynamoDbTransactionStore } from '../../src/adapters/dynamodb/transaction-store';
import { tableName } from '../../src/config/environment';
import { callRoute, newTestAccount } from '../support/api';
import { uid, usSale, record, registration, createReturn, allRecords } from '../support/return-fixtures';
import { importZipRows } from '../support/shared-data';

// A finalize locks what was recorded up to now (no settle margin in tests: each request here has finished).
process.env.LEVY_RETURNS_SETTLE_SECONDS = '0';

describe('returns: an OSS return in euro, per member state and rate', () => {
  it("converts a USD sale at the ECB rate of the period's last day, splits FR standard and reduced rates, and exports the OSS layout", async () => {
    const accountId = (await newTestAccount('DE', 'OSS GmbH')).account_id;
    const regId = await registration(accountId, { country: 'DE', type: 'OSS_UNION' });
    // ECB-format file; 1.2500 USD per euro is a round test figure, not the ECB's. 2025-06-30 is the period's last day.
    const file = join(mkdtempSync(join(tmpdir(), 'levy-fx-')), 'eurofxref-hist.csv');
    writeFileSync(file, 'Date,USD,\n2025-06-30,1.2500,\n');
    await importFxRates(file);
    const b2c = (currency: string, lines: unknown[]) => ({
      id: `oss-${uid()}`,
      date: '2025-05-12',
      currency,
      customer_type: 'B2C',
      location: { country: 'FR' },
      line_items: lines,
    });
    const saas = await record(accountId, b2c('EUR', [{ amount: 10_000, quantity: 1, product_category: 'SAAS', delivery_method: 'CLOUD' }]));
    const ebook = await record(accountId, b2c('EUR', [{ amount: 2_000, quantity: 1, product_category: 'EBOOKS', delivery_method: 'DOWNLOAD' }]));
    const usd = await record(accountId, b2c('USD', [{ amount: 12_500, quantity: 1, product_category: 'SAAS', delivery_method: 'CLOUD' }]));
    // A domestic German sale is on the German VAT return, not the OSS (Directive 2006/112/EC Art. 369b: other member states).
    await record(accountId, {
      ...b2c('EUR', [{ amount: 5_000, quantity: 1, product_category: 'SAAS', delivery_method: 'CLOUD' }]),
      location: { country: 'DE' },
    });
    // France: 20 % standard VAT (CGI art. 278), 5.5 % on e-books (CGI art. 278-0 bis); Levy's rate data holds both.
    expect(saas.tax_total).toBe(2_000);
    expect(ebook.tax_total).toBe(110);

    const res = await createReturn(accountId, { registration_id: regId, period_start: '2025-04-01', period_end: '2025-06-30' });
    expect(res.status).toBe(201);
    const r = res.body;
    expect(r).toMatchObject({ currency: 'EUR', fx: { source: 'ECB', date: '2025-06-30', rates: { USD: 1.25 } }, sale_count: 3 });
    // USD 125.00 at 1.25 USD/EUR = EUR 100.00, its 20 % VAT USD 25.00 = EUR 20.00 (Art. 366 / OSS practice: ECB rate of the period's last day).
    expect(usd.tax_total).toBe(2_500);
    const standard = r.lines.find((l: any) => l.jurisdiction === 'FR-20');
    expect(standard).toMatchObject({ country: 'FR', rate: 0.2, rate_type: 'standard', taxable_sales: 20_000, tax_charged: 4_000 });
    expect(r.lines.find((l: any) => l.jurisdiction === 'FR-5.5')).toMatchObject({ rate: 0.055, rate_type: 'reduced', taxable_sales: 2_000, tax_charged: 110 });
    expect(r.lines.some((l: any) => l.country === 'DE')).toBe(false);
    expect(r.totals).toMatchObject({ taxable_sales: 22_000, tax_charged: 4_110, net_tax_due: 4_110 });

    const csv = await callRoute('returns-csv', { accountId, pathParameters: { id: r.id } });
    expect(csv.status).toBe(200);
    expect(String(csv.headers['content-type'])).toContain('text/csv');
    expect(csv.body.split('\r\n')).toEqual([
      'section,member_state_of_consumption,rate_type,vat_rate,taxable_amount,vat_amount,period,currency',
      'supply,FR,standard,20,200.00,40.00,2025-Q2,EUR',
      'supply,FR,reduced,5.5,20.00,1.10,2025-Q2,EUR',
      'total,,,,,41.10,2025-Q2,EUR',
      '',
    ]);
  });
});

describe('returns: a property over random ledgers recorded through the API', () => {
  // Few runs (each records its sales through POST /v1/transactions on DynamoDB Local): seeded, a few seconds.
  const saleSpec = fc.record({
    day: fc.integer({ min: 1, max: 30 }),
    month: fc.constantFrom('04', '05', '06'),
    amount: fc.integer({ min: 1, max: 500_000 }),
    // CA taxes goods and not SaaS (exempt_sales, not_taxable_in_jurisdiction); TX sales are not the CA registration's.
    category: fc.constantFrom('PHYSICAL_GOODS', 'PHYSICAL_GOODS', 'SAAS'),
    state: fc.constantFrom('CA', 'CA', 'CA', 'TX'),
    refund: fc.option(fc.integer({ min: 1, max: 100 }), { nil: undefined }),
  });

  it("totals equal a recomputation from the return's records; finalize + a late sale moves exactly that sale into the next return's corrections", async () => {
    await importZipRows([
      ['CA', '90001'],
      ['TX', '75001'],
    ]);
    await fc.assert(
      fc.asyncProperty(fc.array(saleSpec, { maxLength: 6 }), fc.integer({ min: 1, max: 200_000 }), async (specs, lateAmount) => {
        const accountId = (await newTestAccount('US', 'Property Inc')).account_id;
        const regId = await registration(accountId, { country: 'US', state: 'CA', type: 'SALES_TAX' });
        for (const spec of specs) {
          const zip = spec.state === 'CA' ? '90001' : '75001';
          const date = `2026-${spec.month}-${String(spec.day).padStart(2, '0')}`;
          const sale = await record(
            accountId,
            usSale(date, spec.amount, {
              location: { country: 'US', state: spec.state, postal_code: zip },
              line_items: [
                { amount: spec.amount, quantity: 1, product_category: spec.category, delivery_method: spec.category === 'SAAS' ? 'CLOUD' : 'SHIPPED' },
              ],
            }),
          );
          if (spec.refund !== undefined) {
            const amount = Math.max(1, Math.floor((spec.amount * spec.refund) / 100));
            const res = await callRoute('transactions-refund', {
              accountId,
              pathParameters: { id: sale.id },
              body: { id: `rf-${uid()}`, date: '2026-06-30', line_items: [{ id: sale.line_items[0].id, amount }] },
            });
            expect(res.status).toBe(201);
          }
        }
        const q2 = await createReturn(accountId, { registration_id: regId, period_start: '2026-04-01', period_end: '2026-06-30' });
        expect(q2.status).toBe(201);
        const records = await allRecords(accountId, q2.body.id, '3');
        const sum = (type: string, field: 'amount' | 'tax_amount') => records.filter((r) => r.type === type).reduce((s, r) => s + r[field], 0);
        expect(q2.body.totals).toMatchObject({
          gross_sales: sum('sale', 'amount'),
          tax_charged: sum('sale', 'tax_amount'),
          refunded_sales: sum('refund', 'amount'),
          refunds: sum('refund', 'tax_amount'),
        });
        expect(q2.body.totals.net_tax_due).toBe(sum('sale', 'tax_amount') - sum('refund', 'tax_amount'));
        expect(records.filter((r) => r.type === 'sale')).toHaveLength(specs.filter((s) => s.state === 'CA').length);

        const finalized = await callRoute('returns-finalize', { accountId, pathParameters: { id: q2.body.id } });
        expect(finalized.status).toBe(200);
        expect(finalized.body.totals).toEqual(q2.body.totals);
        const late = await record(accountId, usSale('2026-05-20', lateAmount));
        const q3 = await createReturn(accountId, { registration_id: regId, period_start: '2026-07-01', period_end: '2026-09-30' });
        const q3Records = await allRecords(accountId, q3.body.id, '100');
        expect(q3Records.map((r) => [r.id, r.section])).toEqual([[`sale:${late.id}`, 'correction']]);
        expect(q3.body.totals.net_tax_due).toBe(late.tax_total);
        // The finalized return is unchanged by the late sale.
        expect((await callRoute('returns-get', { accountId, pathParameters: { id: q2.body.id } })).body.totals).toEqual(finalized.body.totals);
        expect((await allRecords(accountId, q2.body.id, '100')).map((r) => r.id).sort()).toEqual(records.map((r) => r.id).sort());
      }),
      { seed: 15_2026, numRuns: 6 },
    );
  }, 60_000);
});

describe('returns: refunds recorded before returns existed', () => {
  it('are dated by `levy migrate` (migrateRefundDateIds), once, and then listed in the period of their date', async () => {
    const accountId = (await newTestAccount('US', 'Legacy Refunds Inc')).account_id;
    const regId = await registration(accountId, { country: 'US', state: 'CA', type: 'SALES_TAX' });
    const sale = await record(accountId, usSale('2026-04-10', 10_000));
    const refunded = await callRoute('transactions-refund', { accountId, pathParameters: { id: sale.id }, body: { id: `rf-${uid()}`, date: '2026-04-20' } });
    expect(refunded.status).toBe(201);
    // As a refund was stored before returns existed: without its date_id.
    const table = tableName('Transactions');
    await documentClient().update({
      TableName: table,
      Key: { account_id: accountId, sk: `rfd#${sale.id}#${refunded.body.id}` },
      UpdateExpression: 'REMOVE date_id',
    });
    // The return's figures come from the counters the refund moved when recorded; only its record's listing reads date_id.
    const before = await createReturn(accountId, { registration_id: regId, period_start: '2026-04-01', period_end: '2026-06-30' });
    expect(before.body.totals.refunds).toBe(refunded.body.tax_total);
    expect((await allRecords(accountId, before.body.id, '100')).map((r) => r.id)).toEqual([`sale:${sale.id}`]);

    const store = new DynamoDbTransactionStore(table);
    expect((await store.migrateRefundDateIds()).refunds_dated).toBeGreaterThanOrEqual(1);
    expect(await store.migrateRefundDateIds()).toEqual({ refunds_dated: 0 });
    const finalized = await callRoute('returns-finalize', { accountId, pathParameters: { id: before.body.id } });
    expect(finalized.status).toBe(200);
    expect(finalized.body.totals).toMatchObject({
      refunds: refunded.body.tax_total,
      refunded_sales: 10_000,
      net_tax_due: sale.tax_total - refunded.body.tax_total,
    });
    const records = await allRecords(accountId, before.body.id, '100');
    expect(records.map((r) => r.id)).toEqual([`sale:${sale.id}`, `refund:${sale.id}:${refunded.body.id}`]);
    // The refund's read-back is unchanged (date_id never leaves the store).
    expect((await callRoute('transactions-get', { accountId, pathParameters: { id: sale.id } })).body.refunds[0]).toEqual(refunded.body);
  });
});

describe('returns: the list', () => {
  it('pages by starting_after through the filters, reading on from the cursor; a cursor that is not a return is 400', async () => {
    const { account_id: accountId } = await newTestAccount('US', 'Paging Inc');
    const ca = await registration(accountId, { country: 'US', state: 'CA', type: 'SALES_TAX' });
    const tx = await registration(accountId, { country: 'US', state: 'TX', type: 'SALES_TAX' });
    const create = async (registration_id: string, period_start: string, period_end: string) => {
      const res = await createReturn(accountId, { registration_id, period_start, period_end });
      expect(res.status).toBe(201);
      return res.body.id as string;
    };
    const q1 = await create(ca, '2026-01-01', '2026-03-31');
    const texas = await create(tx, '2026-01-01', '2026-03-31');
    const q2 = await create(ca, '2026-04-01', '2026-06-30');
    const q3 = await create(ca, '2026-07-01', '2026-09-30');
    expect((await callRoute('returns-finalize', { accountId, pathParameters: { id: q2 } })).status).toBe(200);

    const list = (query: Record<string, string>) => callRoute('returns-list', { accountId, query });
    // California's drafts, one per page: Q1, then Q3 (Q2 is finalized, Texas another registration), in creation order.
    const first = await list({ registration_id: ca, status: 'draft', limit: '1' });
    expect(first.body).toMatchObject({ data: [{ id: q1 }], has_more: true });
    const second = await list({ registration_id: ca, status: 'draft', limit: '1', starting_after: q1 });
    expect(second.body).toMatchObject({ data: [{ id: q3 }], has_more: false });
    expect((await list({ limit: '2', starting_after: q1 })).body.data.map((r: any) => r.id)).toEqual([texas, q2]);
    expect((await list({ status: 'finalized' })).body.data.map((r: any) => r.id)).toEqual([q2]);
    for (const cursor of ['ret_0000000000000000000000000', 'period#x', ca]) {
      const res = await list({ starting_after: cursor });
      expect(res.status).toBe(400);
      expect(res.body.message).toContain('starting_after');
    }
  });
});
