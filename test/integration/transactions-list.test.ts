/**
 * Integration: GET /v1/transactions on DynamoDB Local: cursor pagination, listing by id and by date range on the
 * `by-date` index, and ensureTables refusing a local Transactions table without that index.
 */
import { CreateTableCommand } from '@aws-sdk/client-dynamodb';
import { localTableName, tables, TRANSACTIONS_BY_DATE_INDEX } from '../../src/config/tables';
import { ensureTables, keySchema, localClient } from '../../local/dynamodb/dynamodb-local';
import { callRoute, newTestAccount } from '../support/api';
import { newSellerAndOther, sale } from '../support/transaction-fixtures';
import { recordDynamoDbCalls } from '../support/dynamodb-calls';
import { SOURCE_MODE_ONLY, sourceModeOnly } from '../support/bundle-mode';

const observed = sourceModeOnly(SOURCE_MODE_ONLY.observesTestProcess);

describe('transactions', () => {
  let accountId: string;
  let otherAccountId: string;
  const create = (body: unknown, account = accountId) => callRoute('transactions-create', { accountId: account, body });
  const refund = (id: string, body: unknown, account = accountId) => callRoute('transactions-refund', { accountId: account, pathParameters: { id }, body });

  beforeAll(async () => {
    ({ accountId, otherAccountId } = await newSellerAndOther());
  });

  it('lists with cursor pagination and a date range, and refuses bad parameters', async () => {
    const account = (await newTestAccount('DE')).account_id;
    const dates = ['2026-01-05', '2026-02-10', '2026-02-28', '2026-03-01', '2026-03-31'];
    for (const [i, date] of dates.entries()) expect((await create(sale({ id: `t${i}`, date }), account)).status).toBe(201);
    const first = await callRoute('transactions-list', { accountId: account, query: { limit: '2' } });
    expect(first.body.data.map((t: { id: string }) => t.id)).toEqual(['t0', 't1']);
    expect(first.body.has_more).toBe(true);
    const rest = await callRoute('transactions-list', { accountId: account, query: { starting_after: 't1' } });
    expect(rest.body).toMatchObject({ has_more: false });
    expect(rest.body.data.map((t: { id: string }) => t.id)).toEqual(['t2', 't3', 't4']);
    const feb = await callRoute('transactions-list', { accountId: account, query: { from: '2026-02-01', to: '2026-03-01', limit: '2' } });
    expect(feb.body.data.map((t: { id: string }) => t.id)).toEqual(['t1', 't2']);
    expect(feb.body.has_more).toBe(true);
    const feb2 = await callRoute('transactions-list', { accountId: account, query: { from: '2026-02-01', to: '2026-03-01', starting_after: 't2' } });
    expect(feb2.body).toEqual({ data: [expect.objectContaining({ id: 't3' })], has_more: false });
    for (const query of [{ from: '2026-02' }, { to: 'yesterday' }, { from: '2026-03-01', to: '2026-02-01' }, { limit: '0' }, { date: '2026-01-05' }] as Record<
      string,
      string
    >[]) {
      const res = await callRoute('transactions-list', { accountId: account, query });
      expect(res.status).toBe(400);
    }
  });

  describe('listing a date range (the by-date index)', () => {
    let account: string;
    const list = (query: Record<string, string>) => callRoute('transactions-list', { accountId: account, query });
    const ids = (res: { body: { data: { id: string }[] } }) => res.body.data.map((t) => t.id);
    /** Every page of a listing, following starting_after; the ids per page and has_more of each. */
    async function allPages(query: Record<string, string>) {
      const pages: { ids: string[]; has_more: boolean }[] = [];
      let after: string | undefined;
      for (;;) {
        const res = await list({ ...query, ...(after ? { starting_after: after } : {}) });
        expect(res.status).toBe(200);
        pages.push({ ids: ids(res), has_more: res.body.has_more });
        if (!res.body.has_more) return pages;
        after = res.body.data.at(-1).id;
      }
    }
    // Id order and date order disagree on purpose; two sales share 2026-02-14 (then id order).
    const dated: [id: string, date: string][] = [
      ['a-late', '2026-04-02'],
      ['b-feb', '2026-02-14'],
      ['c-jan', '2026-01-31'],
      ['d-mar', '2026-03-01'],
      ['e-feb', '2026-02-01'],
      ['f-feb', '2026-02-14'],
      ['g-mar', '2026-03-31'],
      ['h-dec', '2025-12-31'],
    ];

    beforeAll(async () => {
      account = (await newTestAccount('DE')).account_id;
      for (const [id, date] of dated) expect((await create(sale({ id, date }), account)).status).toBe(201);
      // A refund item lives in the same partition but carries no date_id: never listed.
      expect((await refund('b-feb', { id: 'rf-1', date: '2026-02-20', line_items: [{ id: '1', amount: 1 }] }, account)).status).toBe(201);
    });

    afterEach(() => jest.restoreAllMocks());

    it('returns exactly the sales in range, by date then id, bounds inclusive; refunds never appear', async () => {
      const febMar = await list({ from: '2026-02-01', to: '2026-03-31' });
      expect(febMar.status).toBe(200);
      expect(febMar.body.has_more).toBe(false);
      expect(ids(febMar)).toEqual(['e-feb', 'b-feb', 'f-feb', 'd-mar', 'g-mar']);
      expect(febMar.body.data[1]).not.toHaveProperty('date_id');
      expect(febMar.body.data[1]).toMatchObject({ id: 'b-feb', date: '2026-02-14', currency: 'EUR' });
      expect(ids(await list({ from: '2026-02-14', to: '2026-02-14' }))).toEqual(['b-feb', 'f-feb']);
      expect(ids(await list({ from: '2026-03-01' }))).toEqual(['d-mar', 'g-mar', 'a-late']);
      expect(ids(await list({ to: '2026-01-31' }))).toEqual(['h-dec', 'c-jan']);
      expect((await list({ from: '2026-05-01' })).body).toEqual({ data: [], has_more: false });
      // Without a range: id order over all sales, as before.
      expect(ids(await list({ limit: '100' }))).toEqual(dated.map(([id]) => id).sort());
    });

    it('pages through a range with starting_after; has_more is exact, also when the last page is full', async () => {
      expect(await allPages({ from: '2026-02-01', to: '2026-03-31', limit: '2' })).toEqual([
        { ids: ['e-feb', 'b-feb'], has_more: true },
        { ids: ['f-feb', 'd-mar'], has_more: true },
        { ids: ['g-mar'], has_more: false },
      ]);
      expect(await allPages({ from: '2026-02-01', to: '2026-03-01', limit: '2' })).toEqual([
        { ids: ['e-feb', 'b-feb'], has_more: true },
        { ids: ['f-feb', 'd-mar'], has_more: false },
      ]);
      // The cursor within a day: after b-feb comes f-feb, same date, next id.
      expect(ids(await list({ from: '2026-02-14', to: '2026-02-14', starting_after: 'b-feb' }))).toEqual(['f-feb']);
      expect(ids(await list({ from: '2026-02-01', limit: '1', starting_after: 'g-mar' }))).toEqual(['a-late']);
    });

    it('takes a cursor outside the range: before it starts at the beginning, after it leaves nothing', async () => {
      const before = await list({ from: '2026-02-01', to: '2026-02-28', starting_after: 'h-dec' });
      expect(before.status).toBe(200);
      expect(ids(before)).toEqual(['e-feb', 'b-feb', 'f-feb']);
      expect((await list({ from: '2026-02-01', to: '2026-02-28', starting_after: 'a-late' })).body).toEqual({ data: [], has_more: false });
    });

    it("answers 400 validation_error naming an unknown starting_after, with or without a range, and another account's id", async () => {
      for (const query of [
        { starting_after: 'no-such-sale' },
        { from: '2026-02-01', to: '2026-03-31', starting_after: 'no-such-sale' },
        { to: '2026-03-31', starting_after: 'rf-1' },
      ] as Record<string, string>[]) {
        const res = await list(query);
        expect(res.status).toBe(400);
        expect(res.body).toEqual({
          error: 'validation_error',
          message: expect.stringContaining(`'starting_after'`),
          status: 400,
          request_id: expect.any(String),
        });
        expect(res.body.message).toContain(`'${query.starting_after}'`);
      }
      const foreign = await callRoute('transactions-list', { accountId: otherAccountId, query: { from: '2026-01-01', starting_after: 'b-feb' } });
      expect(foreign.status).toBe(400);
      expect(foreign.body.error).toBe('validation_error');
    });

    observed.it('reads a date range from the index with a key condition only (no filter), and an id listing from the table', async () => {
      const calls = recordDynamoDbCalls();
      const queries = () => calls.filter((c) => c.operation === 'Query').map((c) => c.input);

      const res = await list({ from: '2026-02-14', to: '2026-02-14', limit: '1', starting_after: 'b-feb' });
      expect(ids(res)).toEqual(['f-feb']);
      expect(queries()).toHaveLength(1);
      expect(queries()[0]).toMatchObject({
        TableName: process.env[tables.Transactions.envVar],
        IndexName: TRANSACTIONS_BY_DATE_INDEX,
        KeyConditionExpression: 'account_id = :account AND date_id BETWEEN :from AND :to',
        ExpressionAttributeValues: { ':account': account, ':from': '2026-02-14', ':to': '2026-02-14~' },
        ExclusiveStartKey: { account_id: account, sk: 'txn#b-feb', date_id: '2026-02-14#b-feb' },
        Limit: 2,
      });
      expect(queries()[0].FilterExpression).toBeUndefined();

      calls.length = 0;
      await list({ limit: '3' });
      expect(queries()).toHaveLength(1);
      expect(queries()[0].IndexName).toBeUndefined();
      expect(queries()[0].FilterExpression).toBeUndefined();
      expect(queries()[0].Limit).toBe(4);
    });
  });

  it('ensureTables refuses a local Transactions table made without its by-date index, saying how to recreate it', async () => {
    const endpoint = process.env.LEVY_DYNAMODB_ENDPOINT!;
    const prefix = `stale${Math.random().toString(36).slice(2, 8)}`;
    const client = localClient(endpoint);
    try {
      const { KeySchema, AttributeDefinitions } = keySchema({ ...tables.Transactions, localIndexes: undefined });
      await client.send(
        new CreateTableCommand({ TableName: localTableName('Transactions', prefix), BillingMode: 'PAY_PER_REQUEST', KeySchema, AttributeDefinitions }),
      );
    } finally {
      client.destroy();
    }
    const attempt = ensureTables(endpoint, prefix);
    await expect(attempt).rejects.toThrow(/without its local secondary index 'by-date'/);
    await expect(ensureTables(endpoint, prefix)).rejects.toThrow(/delete `\.levy\/db`.*LEVY_IN_MEMORY=1/);
    // A fresh prefix gets the index, and a second run accepts what the first created.
    const fresh = `fresh${Math.random().toString(36).slice(2, 8)}`;
    await ensureTables(endpoint, fresh);
    await expect(ensureTables(endpoint, fresh)).resolves.toMatchObject({ TRANSACTIONS_TABLE: localTableName('Transactions', fresh) });
  });
});
