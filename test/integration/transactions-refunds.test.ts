/**
 * Integration: POST /v1/transactions/{id}/refunds on DynamoDB Local: partial and full refunds, the recorded customer
 * treatment, refund retries and errors, isolation between accounts, and the all-or-nothing write (an injected failure
 * of the TransactWriteItems changes nothing).
 */
import { documentClient } from '../../src/adapters/dynamodb/client';
import { tableName } from '../../src/config/environment';
import { callRoute, newTestAccount } from '../support/api';
import { newSellerAndOther, sale } from '../support/transaction-fixtures';
import { interceptDynamoDb } from '../support/dynamodb-calls';
import { SOURCE_MODE_ONLY, sourceModeOnly } from '../support/bundle-mode';

const faults = sourceModeOnly(SOURCE_MODE_ONLY.faultInjected);

describe('transactions', () => {
  let accountId: string;
  let otherAccountId: string;
  const create = (body: unknown, account = accountId) => callRoute('transactions-create', { accountId: account, body });
  const get = (id: string, account = accountId) => callRoute('transactions-get', { accountId: account, pathParameters: { id } });
  const refund = (id: string, body: unknown, account = accountId) => callRoute('transactions-refund', { accountId: account, pathParameters: { id }, body });

  beforeAll(async () => {
    ({ accountId, otherAccountId } = await newSellerAndOther());
  });

  it('refunds partially (tax in proportion, half-up), then fully; the last refund takes exactly what is left', async () => {
    const body = sale({
      line_items: [
        { amount: 3, tax_amount: 1, product_category: 'SAAS', delivery_method: 'CLOUD' },
        { id: 'b', amount: 1_000, product_category: 'SAAS', delivery_method: 'CLOUD' },
      ],
    });
    expect((await create(body)).status).toBe(201);
    const r1 = await refund(body.id, {
      id: 'r1',
      date: '2026-03-11',
      line_items: [
        { id: '1', amount: 2 },
        { id: 'b', amount: 500 },
      ],
    });
    expect(r1.status).toBe(201);
    // 1 x 2/3 = 0.67 -> 1; 190 x 500/1000 = 95.
    expect(r1.body).toMatchObject({
      id: 'r1',
      transaction_id: body.id,
      currency: 'EUR',
      line_items: [
        { id: '1', amount: 2, tax_amount: 1 },
        { id: 'b', amount: 500, tax_amount: 95 },
      ],
      subtotal: 502,
      tax_total: 96,
      total: 598,
    });
    const over = await refund(body.id, { id: 'r2', date: '2026-03-12', line_items: [{ id: 'b', amount: 501 }] });
    expect(over.status).toBe(400);
    expect(over.body.message).toContain("'line_items[0].amount' 501 is more than the 500 left");
    const unknownLine = await refund(body.id, { id: 'r2', date: '2026-03-12', line_items: [{ id: 'zz', amount: 1 }] });
    expect(unknownLine.status).toBe(400);
    const early = await refund(body.id, { id: 'r2', date: '2026-03-01' });
    expect(early.status).toBe(400);
    const rest = await refund(body.id, { id: 'r2', date: '2026-04-02' });
    expect(rest.status).toBe(201);
    expect(rest.body.line_items).toEqual([
      { id: '1', amount: 1, tax_amount: 0 },
      { id: 'b', amount: 500, tax_amount: 95 },
    ]);
    const got = await get(body.id);
    expect(got.body.refunds.map((r: { id: string }) => r.id)).toEqual(['r1', 'r2']);
    expect(got.body.line_items.map((l: { remaining_amount: number; remaining_tax_amount: number }) => [l.remaining_amount, l.remaining_tax_amount])).toEqual([
      [0, 0],
      [0, 0],
    ]);
    expect(got.body.remaining_total).toBe(0);
    const nothing = await refund(body.id, { id: 'r3', date: '2026-04-03' });
    expect(nothing.status).toBe(400);
    expect(nothing.body.message).toContain('nothing left to refund');
  });

  it('decides the customer like POST /v1/tax/rate, stores the treatment, and refunds with the recorded treatment', async () => {
    // A German seller, a French B2B customer, SaaS. Without a VAT number: Implementing Regulation 282/2011 Art. 18(2)
    // lets the supplier treat it as non-taxable, so Art. 58 + CGI art. 278: French VAT 20 %.
    const noId = sale({
      customer_type: 'B2B',
      location: { country: 'FR' },
      line_items: [{ amount: 10_000, product_category: 'SAAS', delivery_method: 'CLOUD' }],
    });
    const taxed = await create(noId);
    expect(taxed.status).toBe(201);
    expect(taxed.body).toMatchObject({
      customer_type: 'B2B',
      customer: { declared_type: 'B2B', applied_type: 'B2C', reason: 'tax_id_missing' },
      tax_total: 2_000,
    });
    // With its VAT number: Directive 2006/112/EC Art. 44 + 196, reverse charge: no VAT on the invoice.
    const withId = sale({
      customer_type: 'B2B',
      customer_tax_id: 'FR40303265045',
      location: { country: 'FR' },
      line_items: [{ amount: 10_000, product_category: 'SAAS', delivery_method: 'CLOUD' }],
    });
    const reverse = await create(withId);
    expect(reverse.status).toBe(201);
    expect(reverse.body).toMatchObject({ customer: { applied_type: 'B2B', tax_id: { valid: true } }, tax_total: 0 });
    // GET answers the stored treatment; a refund takes its tax from the recorded sale: half of 2,000, half of 0.
    expect((await get(noId.id)).body.customer).toEqual(taxed.body.customer);
    expect((await refund(noId.id, { id: 'r1', date: '2026-03-11', line_items: [{ id: '1', amount: 5_000 }] })).body.tax_total).toBe(1_000);
    expect((await refund(withId.id, { id: 'r1', date: '2026-03-11', line_items: [{ id: '1', amount: 5_000 }] })).body.tax_total).toBe(0);
  });

  it('answers a refund retry 200, a changed refund 409, a bad refund body 400 and an unknown sale 404', async () => {
    const body = sale();
    await create(body);
    const request = { id: 'rf', date: '2026-03-20', line_items: [{ id: '1', amount: 100 }] };
    const first = await refund(body.id, request);
    expect(first.status).toBe(201);
    const again = await refund(body.id, request);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    const changed = await refund(body.id, { ...request, line_items: [{ id: '1', amount: 101 }] });
    expect(changed.status).toBe(409);
    expect(changed.body.error).toBe('refund_exists');
    for (const bad of [
      { id: 'x', date: '2026-03-20', line_items: [{ id: '1', amount: 0 }] },
      { id: 'x', date: '2026-03-20', line_items: [{ id: '1', amount: 1.5 }] },
      {
        id: 'x',
        date: '2026-03-20',
        line_items: [
          { id: '1', amount: 1 },
          { id: '1', amount: 1 },
        ],
      },
      { id: 'x', line_items: [] },
    ]) {
      expect((await refund(body.id, bad)).status).toBe(400);
    }
    expect((await refund('no-such-sale', { id: 'x', date: '2026-03-20' })).status).toBe(404);
    expect((await get(body.id)).body.line_items[0]).toMatchObject({ refunded_amount: 100, remaining_amount: 9_900 });
  });

  it("answers 404 for another account's transaction on GET and refund, and never lists it", async () => {
    const body = sale();
    await create(body);
    const asOther = await get(body.id, otherAccountId);
    expect(asOther.status).toBe(404);
    expect(asOther.body).toEqual({ error: 'not_found', message: expect.stringContaining(body.id), status: 404, request_id: expect.any(String) });
    expect((await refund(body.id, { id: 'steal', date: '2026-03-20' }, otherAccountId)).status).toBe(404);
    const list = await callRoute('transactions-list', { accountId: otherAccountId, query: { limit: '100' } });
    expect(list.body.data.find((t: { id: string }) => t.id === body.id)).toBeUndefined();
    expect((await get(body.id)).body.refunds).toEqual([]);
  });

  faults.describe('when the TransactWriteItems fails', () => {
    afterEach(() => jest.restoreAllMocks());

    const failTransactWrites = () => {
      let failed = 0;
      interceptDynamoDb(
        (operation) => operation === 'TransactWriteItems',
        () => {
          failed++;
          return Promise.reject(Object.assign(new Error('ThrottlingException: injected'), { name: 'ThrottlingException' }));
        },
      );
      return () => failed;
    };

    it('answers 500 and changes neither the transactions nor the report, for a sale and for a refund', async () => {
      const account = (await newTestAccount('DE')).account_id;
      const kept = sale({ id: 'kept' });
      expect((await create(kept, account)).status).toBe(201);
      const reportBefore = (await callRoute('exposure-countries', { accountId: account })).body;
      const getBefore = (await get('kept', account)).body;

      const failures = failTransactWrites();
      const lost = await create(
        sale({
          id: 'lost',
          location: { country: 'US', postal_code: '90001' },
          currency: 'USD',
          line_items: [{ amount: 5_000, product_category: 'PHYSICAL_GOODS', delivery_method: 'SHIPPED' }],
        }),
        account,
      );
      expect(lost.status).toBe(500);
      expect(lost.body).toEqual({ error: 'internal_error', message: expect.any(String), status: 500, request_id: expect.any(String) });
      const lostRefund = await refund('kept', { id: 'lost-refund', date: '2026-03-15' }, account);
      expect(lostRefund.status).toBe(500);
      expect(failures()).toBe(2);
      jest.restoreAllMocks();

      expect((await get('lost', account)).status).toBe(404);
      expect((await get('kept', account)).body).toEqual(getBefore);
      expect((await callRoute('exposure-countries', { accountId: account })).body).toEqual(reportBefore);
      expect((await callRoute('exposure-countries', { accountId: account, query: { from: '2026-03', to: '2026-03' } })).body).toEqual(reportBefore);
      // The client's retry then lands once.
      expect((await refund('kept', { id: 'lost-refund', date: '2026-03-15' }, account)).status).toBe(201);
      expect((await callRoute('exposure-countries', { accountId: account })).body.exposure[0].exposure_amount).toBe(0);
    });
  });

  it('counts the refund lines of a sale recorded before Levy counted them from its refunds, and keeps the count on from there', async () => {
    const body = sale({
      id: 'counted-later',
      line_items: [
        { amount: 1_000, product_category: 'SAAS', delivery_method: 'CLOUD' },
        { id: 'b', amount: 1_000, product_category: 'SAAS', delivery_method: 'CLOUD' },
      ],
    });
    expect((await create(body)).status).toBe(201);
    expect(
      (
        await refund(body.id, {
          id: 'r1',
          date: '2026-03-11',
          line_items: [
            { id: '1', amount: 10 },
            { id: 'b', amount: 10 },
          ],
        })
      ).status,
    ).toBe(201);
    const key = { account_id: accountId, sk: `txn#${body.id}` };
    const table = tableName('Transactions');
    await documentClient().update({ TableName: table, Key: key, UpdateExpression: 'REMOVE refund_lines' });
    expect((await refund(body.id, { id: 'r2', date: '2026-03-12', line_items: [{ id: 'b', amount: 10 }] })).status).toBe(201);
    expect((await documentClient().get({ TableName: table, Key: key })).Item).toMatchObject({ refund_lines: 3, refund_version: 2 });
    expect((await get(body.id)).body).not.toHaveProperty('refund_lines');
  });
});
