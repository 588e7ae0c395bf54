/**
 * Integration: a return built from the return counters (docs/returns.md "Counters") equals the return recomputed from
 * the ledger, to the minor unit: for random sales, refunds, late records and finalizations, every period and
 * registration, each answer of create and finalize. And the counters of records written before they existed are
 * built by `levy migrate`, once.
 */
import fc from 'fast-check';
import { migrateReturnCounters } from '../../src/adapters/dynamodb/return-counter-migration';
import { DynamoDbReturnCounterStore } from '../../src/adapters/dynamodb/return-counter-store';
import { DynamoDbTransactionStore } from '../../src/adapters/dynamodb/transaction-store';
import { documentClient } from '../../src/adapters/dynamodb/client';
import { queryAll } from '../../src/adapters/dynamodb/query';
import { tableName } from '../../src/config/environment';
import { callRoute, newTestAccount } from '../support/api';
import { ledgerReturn } from '../support/return-ledger-reference';
import { createReturn, record, registration, uid, usSale } from '../support/return-fixtures';
import { returnDeps } from '../../src/composition/returns';
import { createReturn as createReturnNow, finalizeReturn } from '../../src/usecases/returns';

process.env.LEVY_RETURNS_SETTLE_SECONDS = '0';

const QUARTERS = [
  { start: '2026-01-01', end: '2026-03-31' },
  { start: '2026-04-01', end: '2026-06-30' },
  { start: '2026-07-01', end: '2026-09-30' },
];
const PLACES = {
  CA: { country: 'US', state: 'CA', postal_code: '90001' },
  TX: { country: 'US', state: 'TX', postal_code: '78701' },
  NY: { country: 'US', state: 'NY', postal_code: '10001' },
} as const;

const lineArb = fc.record({ amount: fc.integer({ min: 0, max: 40_000 }), saas: fc.boolean() });
const actionArb = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant('sale' as const),
      quarter: fc.integer({ min: 0, max: 2 }),
      day: fc.integer({ min: 1, max: 28 }),
      place: fc.constantFrom<keyof typeof PLACES>('CA', 'TX', 'NY'),
      type: fc.constantFrom('B2C', 'B2C', 'RESELLER', 'GOVERNMENT', 'NONPROFIT'),
      lines: fc.array(lineArb, { minLength: 1, maxLength: 3 }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('refund' as const), sale: fc.nat(), full: fc.boolean(), daysLater: fc.integer({ min: 0, max: 120 }) }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('finalize' as const), quarter: fc.integer({ min: 0, max: 2 }) }) },
);

type Returned = { status: number; body: any };

/** The answer holds what the ledger recomputation at its cutoff and windows gives, to the minor unit. */
async function expectLedgerFigures(accountId: string, res: Returned): Promise<void> {
  expect([200, 201]).toContain(res.status);
  const reference = await ledgerReturn(accountId, res.body);
  const { lines, totals, corrections, sale_count, refund_count } = res.body;
  expect({ lines, totals, corrections, sale_count, refund_count }).toEqual(reference);
}

const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

describe('returns from counters', () => {
  it('equal the ledger recomputation for random sales, refunds, late records and finalizations, every period and registration', async () => {
    let corrected = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(actionArb, { minLength: 4, maxLength: 14 }), async (actions) => {
        const { account_id: accountId } = await newTestAccount('US', 'Counters Inc');
        const registrations = [
          await registration(accountId, { country: 'US', state: 'CA', type: 'SALES_TAX' }),
          await registration(accountId, { country: 'US', state: 'TX', type: 'SALES_TAX' }),
        ];
        const returns = new Map<string, { id: string; status: string }>();
        const sales: { id: string; date: string; lines: { id: string; amount: number }[] }[] = [];
        const finalize = async (registrationId: string, quarter: number) => {
          const key = `${registrationId}|${quarter}`;
          let found = returns.get(key);
          if (!found) {
            const created = await createReturn(accountId, {
              registration_id: registrationId,
              period_start: QUARTERS[quarter]!.start,
              period_end: QUARTERS[quarter]!.end,
            });
            await expectLedgerFigures(accountId, created);
            if (created.body.corrections.length > 0) corrected++;
            returns.set(key, (found = { id: created.body.id, status: 'draft' }));
          }
          if (found.status !== 'draft') return;
          await expectLedgerFigures(accountId, await callRoute('returns-finalize', { accountId, pathParameters: { id: found.id } }));
          found.status = 'finalized';
        };
        for (const action of actions) {
          if (action.kind === 'sale') {
            const date = addDays(QUARTERS[action.quarter]!.start, action.day - 1 + 28 * (action.day % 3));
            const body = {
              id: `ord-${uid()}`,
              date,
              currency: 'USD',
              customer_type: action.type,
              location: PLACES[action.place],
              line_items: action.lines.map((l) => ({
                amount: l.amount,
                product_category: l.saas ? 'SAAS' : 'PHYSICAL_GOODS',
                delivery_method: l.saas ? 'CLOUD' : 'SHIPPED',
              })),
            };
            const sale = await record(accountId, body);
            sales.push({ id: sale.id, date, lines: sale.line_items.map((l: any) => ({ id: l.id, amount: l.amount })) });
          } else if (action.kind === 'refund' && sales.length > 0) {
            const sale = sales[action.sale % sales.length]!;
            const date = [addDays(sale.date, action.daysLater), '2026-09-30'].sort()[0]!;
            const lines = sale.lines.filter((l) => l.amount > 1).map((l) => ({ id: l.id, amount: Math.floor(l.amount / 3) }));
            const body = action.full || lines.length === 0 ? { id: `rf-${uid()}`, date } : { id: `rf-${uid()}`, date, line_items: lines };
            const res = await callRoute('transactions-refund', { accountId, pathParameters: { id: sale.id }, body });
            expect([201, 400]).toContain(res.status); // 400: nothing left to refund
          } else if (action.kind === 'finalize') {
            for (const id of registrations) await finalize(id, action.quarter);
          }
        }
        // Every period of every registration, after all: finalized in order, each one's corrections the late records.
        for (const quarter of [0, 1, 2]) for (const id of registrations) await finalize(id, quarter);
      }),
      { seed: 29_2026, numRuns: 8 },
    );
    // The runs did exercise corrections (late records of a finalized period).
    expect(corrected).toBeGreaterThan(0);
  }, 600_000);

  it('show resale and government exemptions on their own lines, in JSON and CSV', async () => {
    const { account_id: accountId } = await newTestAccount('US', 'Exempt Buyers Inc');
    const regId = await registration(accountId, { country: 'US', state: 'CA', type: 'SALES_TAX' });
    const sale = (customer_type: string, amount: number) => ({
      id: `ord-${uid()}`,
      date: '2026-05-04',
      currency: 'USD',
      customer_type,
      location: PLACES.CA,
      line_items: [{ amount, product_category: 'PHYSICAL_GOODS', delivery_method: 'SHIPPED' }],
    });
    await record(accountId, sale('RESELLER', 50_000));
    await record(accountId, sale('GOVERNMENT', 30_000));
    await record(accountId, sale('B2C', 10_000));
    const created = await createReturn(accountId, { registration_id: regId, period_start: '2026-04-01', period_end: '2026-06-30' });
    expect(created.status).toBe(201);
    expect(created.body.totals).toMatchObject({ gross_sales: 90_000, exempt_sales: 80_000, exempt_sales_by_reason: { resale: 50_000, government: 30_000 } });
    expect(created.body.lines.find((l: any) => l.jurisdiction === 'US-CA').exempt_sales_by_reason).toEqual({ government: 30_000, resale: 50_000 });
    const csv = (await callRoute('returns-csv', { accountId, pathParameters: { id: created.body.id } })).body as string;
    const rows = csv.split('\r\n');
    expect(rows[0]).toBe(
      'section,jurisdiction,level,name,rate,period,exempt_reason,gross_sales,exempt_sales,taxable_sales,tax_charged,refunded_sales,refunds,adjustments,net_tax_due,currency',
    );
    expect(rows).toContain('period_exempt,US-CA,state,,,2026-Q2,government,,300.00,,,,,,,USD');
    expect(rows).toContain('period_exempt,US-CA,state,,,2026-Q2,resale,,500.00,,,,,,,USD');
    expect(rows).toContain('total_exempt,,,,,2026-Q2,resale,,500.00,,,,,,,USD');
    // The exposure report names the same reasons.
    const exposure = await callRoute('exposure-countries', { accountId, query: { include: 'sales' } });
    expect(exposure.body.exposure[0].sales.exempt_by_reason).toEqual({ government: 30_000, resale: 50_000 });
  });

  it('are built by `levy migrate` for records written before them, once', async () => {
    const { account_id: accountId } = await newTestAccount('US', 'Legacy Counters Inc');
    const regId = await registration(accountId, { country: 'US', state: 'CA', type: 'SALES_TAX' });
    const first = await record(accountId, {
      id: `ord-${uid()}`,
      date: '2026-04-10',
      currency: 'USD',
      customer_type: 'B2C',
      location: PLACES.CA,
      line_items: [{ amount: 12_000, product_category: 'PHYSICAL_GOODS', delivery_method: 'SHIPPED' }],
    });
    await record(accountId, {
      id: `ord-${uid()}`,
      date: '2026-05-10',
      currency: 'USD',
      customer_type: 'RESELLER',
      location: PLACES.CA,
      line_items: [{ amount: 7_000, product_category: 'SAAS', delivery_method: 'CLOUD' }],
    });
    expect(
      (await callRoute('transactions-refund', { accountId, pathParameters: { id: first.id }, body: { id: `rf-${uid()}`, date: '2026-06-01' } })).status,
    ).toBe(201);
    // As if recorded before the counters existed: the account's counters and entries gone.
    const table = tableName('ReturnCounters');
    const items = await queryAll({ TableName: table, KeyConditionExpression: 'account_id = :a', ExpressionAttributeValues: { ':a': accountId } });
    expect(items.length).toBeGreaterThan(0);
    for (const item of items) await documentClient().delete({ TableName: table, Key: { account_id: accountId, sk: item.sk } });
    const period = { registration_id: regId, period_start: '2026-04-01', period_end: '2026-06-30' };
    const empty = await createReturn(accountId, period);
    expect(empty.body.totals.gross_sales).toBe(0);

    const migrate = () =>
      migrateReturnCounters(tableName('Transactions'), new DynamoDbTransactionStore(tableName('Transactions')), new DynamoDbReturnCounterStore(table));
    // Counts span the whole table, and `levy migrate` of another suite may run on it at the same time: this account's
    // figures are what must come out right, and the same after a second run (nothing counted twice).
    const run1 = await migrate();
    expect(run1.records_counted + run1.records_already_counted).toBeGreaterThanOrEqual(3);
    const run2 = await migrate();
    expect(run2.records_already_counted).toBeGreaterThanOrEqual(3);
    const finalized = await callRoute('returns-finalize', { accountId, pathParameters: { id: empty.body.id } });
    await expectLedgerFigures(accountId, finalized);
    expect(finalized.body).toMatchObject({ sale_count: 2, refund_count: 1, totals: { gross_sales: 19_000, refunded_sales: 12_000 } });
  });
  it('finalize answers the records it deferred (recorded inside the settle margin) with a note; the next return corrects them', async () => {
    const { account_id: accountId } = await newTestAccount('US', 'Settling Inc');
    const regId = await registration(accountId, { country: 'US', state: 'CA', type: 'SALES_TAX' });
    const early = await record(accountId, usSale('2026-05-02', 10_000));
    const draft = await createReturn(accountId, { registration_id: regId, period_start: '2026-04-01', period_end: '2026-06-30' });
    expect(draft.body.sale_count).toBe(1);
    // Recorded seconds before the finalize, whose cutoff is 60 s back (as is `early`): none is in the finalized return.
    const [late1, late2] = [await record(accountId, usSale('2026-06-20', 5_000)), await record(accountId, usSale('2026-06-21', 2_000))];
    const finalized = await finalizeReturn(returnDeps, accountId, draft.body.id, 60, new Date(Date.now() + 1_000));
    expect(finalized).toMatchObject({ status: 'finalized', sale_count: 0, deferred_records: 3 });
    expect(finalized.notes).toEqual([
      expect.stringMatching(
        /^3 of the period's records were recorded after the cutoff .* the next return of this registration reports them as a correction\.$/,
      ),
    ]);
    const next = await createReturnNow(
      returnDeps,
      accountId,
      { registration_id: regId, period_start: '2026-07-01', period_end: '2026-09-30' },
      new Date(Date.now() + 2_000),
    );
    expect(next.corrections).toHaveLength(1);
    expect(next.corrections[0]!.totals.tax_charged).toBe(early.tax_total + late1.tax_total + late2.tax_total);
  });
});
