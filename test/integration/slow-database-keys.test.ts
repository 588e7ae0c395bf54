/**
 * Integration: a slow database, for keyed calls and transactions: a call whose Idempotency-Key claim is paused for
 * longer than the client waits is answered 200 (never idempotency_key_in_use) and billed once; and the tokens of
 * TransactWriteItems: one per transaction, the same on each of its attempts, honoured by DynamoDB Local. The creates
 * under a paused database are in slow-database.test.ts.
 *
 * The database is the file's own (test/support/paused-database.ts), so pausing it never stalls other files' requests.
 */
import { documentClient } from '../../src/adapters/dynamodb/client';
import { transactionToken, transactWrite, type TransactItem } from '../../src/adapters/dynamodb/transact';
import { localTableName } from '../../src/config/tables';
import { callRoute, newTestAccount } from '../support/api';
import { eventsAbout as events, expectSuccess, ownPausableDatabase } from '../support/paused-database';
import { interceptAttempts } from '../support/dynamodb-calls';
import { SOURCE_MODE_ONLY, sourceModeOnly } from '../support/bundle-mode';

const faults = sourceModeOnly(SOURCE_MODE_ONLY.faultInjected);

type Input = Record<string, any>;

faults.describe('a slow database', () => {
  const { pauseDatabase } = ownPausableDatabase();

  // The claim of an Idempotency-Key is Powertools' own PutItem, sent by the SDK client itself (below the document
  // client): paused there, the retried claim meets the call's own record, which must not be a 409 to that call.
  describe('a keyed call whose Idempotency-Key claim is paused for longer than the client waits', () => {
    let stop: (() => void) | undefined;
    const stallClaim = () => {
      let armed = true;
      stop = interceptAttempts(
        (operation, input) => armed && operation === 'PutItem' && String(input.TableName).endsWith('-Idempotency'),
        (send) => {
          armed = false;
          pauseDatabase();
          return send();
        },
      ).stop;
    };
    afterEach(() => stop?.());
    const germanTax = async (accountId: string) =>
      (await callRoute('exposure-countries', { accountId })).body.exposure.find((e: { country_code: string }) => e.country_code === 'DE')?.exposure_amount;
    const billed = async (accountId: string) =>
      ((await callRoute('usage-get', { accountId })).body.data as { count: number }[]).reduce((n, r) => n + r.count, 0);

    it('POST /v1/tax/unify with commit and a key: 200, not idempotency_key_in_use; one sale, billed once; the retry replays', async () => {
      const { account_id: accountId } = await newTestAccount();
      const body = {
        currency: 'EUR',
        customer: { type: 'B2C' },
        location: { country: 'DE' },
        date: '2026-03-10',
        line_items: [{ id: 'plan', amount: 10_000, product_category: 'SAAS', delivery_method: 'CLOUD' }],
        commit: true,
        transaction_id: 'keyed-1',
      };
      stallClaim();
      const res = await callRoute('tax-unify', { accountId, body, headers: { 'Idempotency-Key': 'stalled-unify' } });
      expectSuccess(res, [200]);
      expect(res.body).toMatchObject({ tax_total: 1_900, transaction: { id: 'keyed-1', created: true } });
      expect(await germanTax(accountId)).toBe(1_900);
      expect(await billed(accountId)).toBe(1);
      const replay = await callRoute('tax-unify', { accountId, body, headers: { 'Idempotency-Key': 'stalled-unify' } });
      expect(replay.headers['Idempotent-Replayed']).toBe('true');
      expect(await billed(accountId)).toBe(1);
      expect(await events(accountId, 'transaction.created', 'keyed-1')).toHaveLength(1);
    });

    it('POST /v1/tax/rate with a key: 200, not idempotency_key_in_use, billed once', async () => {
      const { account_id: accountId } = await newTestAccount();
      stallClaim();
      const res = await callRoute('tax-rate', {
        accountId,
        body: { product_category: 'SAAS', delivery_method: 'CLOUD', customer_type: 'B2C', location: { country: 'DE' } },
        headers: { 'Idempotency-Key': 'stalled-rate' },
      });
      expectSuccess(res, [200]);
      expect(res.body).toMatchObject({ country_rate: 0.19 });
      expect(await billed(accountId)).toBe(1);
    });
  });

  describe('TransactWriteItems tokens', () => {
    const table = () => localTableName('Products', 'stall');
    const key = { account_id: 'token-test', id: `counter-${Date.now()}` };
    const increment = (): TransactItem[] => [
      { Update: { TableName: table(), Key: key, UpdateExpression: 'ADD n :one', ExpressionAttributeValues: { ':one': 1 } } },
    ];
    const count = async () => ((await documentClient().get({ TableName: table(), Key: key, ConsistentRead: true })).Item?.n as number | undefined) ?? 0;

    it('every transaction carries a token of at most 36 characters, the same on each of its attempts, another for the next', async () => {
      const sent: Input[] = [];
      const documents = documentClient() as unknown as { transactWrite: (input: Input) => Promise<unknown> };
      const original = documents.transactWrite.bind(documents);
      jest.spyOn(documents, 'transactWrite').mockImplementation((input: Input) => {
        sent.push(input);
        // The first attempt meets another transaction holding the item: cancelled, nothing written, sent again.
        if (sent.length === 1)
          return Promise.reject(
            Object.assign(new Error('cancelled'), { name: 'TransactionCanceledException', CancellationReasons: [{ Code: 'TransactionConflict' }] }),
          );
        return original(input);
      });
      const before = await count();
      await transactWrite(increment());
      await transactWrite(increment());
      expect(sent).toHaveLength(3);
      const [first, retry, next] = sent.map((input) => input.ClientRequestToken as string);
      expect(first).toMatch(/^[0-9a-f]{36}$/);
      expect(retry).toBe(first);
      // Byte-identical items, two writes: two tokens (one token would answer the second "done" without running it).
      expect(next).not.toBe(first);
      expect(await count()).toBe(before + 2);
    });

    it('DynamoDB Local runs a transaction sent again with its token once, and refuses the token with other items', async () => {
      const before = await count();
      const items = increment();
      const input = { TransactItems: items, ClientRequestToken: transactionToken(items) };
      await documentClient().transactWrite(input);
      await documentClient().transactWrite(input);
      expect(await count()).toBe(before + 1);
      const other = [{ Update: { ...items[0]!.Update!, ExpressionAttributeValues: { ':one': 2 } } }];
      await expect(documentClient().transactWrite({ TransactItems: other, ClientRequestToken: input.ClientRequestToken })).rejects.toMatchObject({
        name: 'IdempotentParameterMismatchException',
      });
      expect(await count()).toBe(before + 1);
    });
  });
});
