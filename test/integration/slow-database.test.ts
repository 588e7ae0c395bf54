/**
 * Integration: a slow database never turns a successful create into an error. The write of each create is sent to a
 * DynamoDB Local paused (SIGSTOP) for longer than the client's per-attempt timeout, then resumed (SIGCONT): the client
 * gives up on the first attempt, which may still land, and sends it again. The answer must be the create's success (or a
 * clean 5xx with nothing written), never a 409 for the caller's own write, and the record and its event must exist once.
 * Which attempt DynamoDB runs first after the pause is up to it, so the same creates are also sent twice outright (the
 * first answer dropped): the resend always meets its own write. Idempotency-Key claims and TransactWriteItems tokens are
 * in slow-database-keys.test.ts.
 *
 * The database is the file's own (test/support/paused-database.ts), so pausing it never stalls other files' requests.
 */
import { documentClient } from '../../src/adapters/dynamodb/client';
import { callRoute, newTestAccount } from '../support/api';
import { eventsAbout as events, expectSuccess, ownPausableDatabase } from '../support/paused-database';
import { SOURCE_MODE_ONLY, sourceModeOnly } from '../support/bundle-mode';

const faults = sourceModeOnly(SOURCE_MODE_ONLY.faultInjected);

type Input = Record<string, any>;
type WriteMethod = 'put' | 'transactWrite';

/** The tables a write names: a PutItem's, or every item's of a transaction. */
const tablesOf = (method: WriteMethod, input: Input): string[] =>
  method === 'put'
    ? [input.TableName]
    : (input.TransactItems as Input[]).map((item) => (item.Put ?? item.Update ?? item.Delete ?? item.ConditionCheck).TableName);

faults.describe('a slow database', () => {
  const { pauseDatabase } = ownPausableDatabase();

  /**
   * Runs the next write to `table` (a PutItem, or a transaction with an item in it) through `around`. The stores write
   * through the document client's `put` and `transactWrite`, whatever client is behind them.
   */
  function onNextWrite(table: string, around: (send: () => Promise<unknown>) => Promise<unknown>): void {
    const documents = documentClient() as unknown as Record<WriteMethod, (...args: unknown[]) => Promise<unknown>>;
    let armed = true;
    for (const method of ['put', 'transactWrite'] as const) {
      const original = documents[method].bind(documents);
      jest.spyOn(documents, method).mockImplementation((...args: unknown[]) => {
        if (!armed || !tablesOf(method, args[0] as Input).some((name) => name.endsWith(`-${table}`))) return original(...args);
        armed = false;
        return around(() => original(...args));
      });
    }
  }

  /** How many attempts the client made of the stalled write (the SDK's `$metadata.attempts` of its answer or error). */
  let stalledAttempts: number | undefined;

  /** The write goes to a DynamoDB paused for longer than the client waits for an answer. */
  const stalled = (table: string) =>
    onNextWrite(table, async (send) => {
      const noteAttempts = (answer: unknown) => (stalledAttempts = (answer as { $metadata?: { attempts?: number } } | undefined)?.$metadata?.attempts);
      stalledAttempts = undefined;
      pauseDatabase();
      try {
        const output = await send();
        noteAttempts(output);
        return output;
      } catch (error) {
        noteAttempts(error);
        throw error;
      }
    });

  /** The write lands, its answer is lost, and the same write is sent again (as a client's retry sends it). */
  const resent = (table: string) =>
    onNextWrite(table, async (send) => {
      await send().catch(() => undefined);
      return send();
    });

  // The stall tests' premise: with one attempt the client waited for the database instead (its per-attempt timeout
  // not in force), and the creates below were never retried.
  it('the client gives up on an attempt the paused database does not answer, and sends it again', async () => {
    const { account_id: accountId } = await newTestAccount();
    stalled('Vendors');
    const res = await callRoute('vendors-create', { accountId, body: { name: 'Premise Ltd', country: 'GB' } });
    expect(stalledAttempts).toBeGreaterThan(1);
    expectSuccess(res, [201]);
  });

  describe.each([
    ['paused for longer than the client waits', stalled],
    ['answered, but the answer lost and the same write sent again', resent],
  ])('a create whose write is %s', (_, trap) => {
    it('POST /v1/products: 201, one product, one product.created', async () => {
      const { account_id: accountId } = await newTestAccount();
      trap('Products');
      const res = await callRoute('products-create', { accountId, body: { id: 'plan-team', name: 'Team plan', tax_code: 'levy_saas' } });
      expectSuccess(res, [201]);
      expect(res.body).toMatchObject({ id: 'plan-team', name: 'Team plan' });
      const listed = await callRoute('products-list', { accountId });
      expect(listed.body.data).toEqual([res.body]);
      expect(await events(accountId, 'product.created', 'plan-team')).toHaveLength(1);
    });

    it('POST /v1/customers: 201, one customer, one customer.created', async () => {
      const { account_id: accountId } = await newTestAccount();
      trap('Customers');
      const res = await callRoute('customers-create', { accountId, body: { id: 'crm-1', name: 'Acme', address: { country: 'US', state: 'TX' } } });
      expectSuccess(res, [201]);
      const listed = await callRoute('customers-list', { accountId });
      expect(listed.body.data).toEqual([res.body]);
      expect(await events(accountId, 'customer.created', 'crm-1')).toHaveLength(1);
    });

    it('POST /v1/notices: 201, one notice, one notice.created', async () => {
      const { account_id: accountId } = await newTestAccount('US');
      const today = new Date().toISOString().slice(0, 10);
      trap('Notices');
      const res = await callRoute('notices-create', {
        accountId,
        body: { jurisdiction: { country: 'US', state: 'TX' }, received_on: today, kind: 'inquiry', summary: 'Sales tax questionnaire' },
      });
      expectSuccess(res, [201]);
      const listed = await callRoute('notices-list', { accountId });
      expect(listed.body.data).toEqual([res.body]);
      expect(await events(accountId, 'notice.created', res.body.id)).toHaveLength(1);
    });

    it('POST /v1/vendors (one PutItem, no transaction): 201, one vendor', async () => {
      const { account_id: accountId } = await newTestAccount();
      trap('Vendors');
      const res = await callRoute('vendors-create', { accountId, body: { name: 'Acme Ltd', country: 'GB' } });
      expectSuccess(res, [201]);
      expect((await callRoute('vendors-list', { accountId })).body.data).toEqual([res.body]);
    });

    const sale = (id: string) => ({
      id,
      date: '2026-03-10',
      currency: 'EUR',
      customer_type: 'B2C',
      location: { country: 'DE' },
      line_items: [{ id: 'plan', amount: 10_000, product_category: 'SAAS', delivery_method: 'CLOUD' }],
    });
    const germanTax = async (accountId: string) =>
      (await callRoute('exposure-countries', { accountId })).body.exposure.find((e: { country_code: string }) => e.country_code === 'DE')?.exposure_amount;

    // The sale's transaction carries its token: sent again, it is answered as the first (201, created), not as a
    // retry of the client's (200). The same for a refund and a unify commit.
    it('POST /v1/transactions: 201, one sale counted once, one transaction.created', async () => {
      const { account_id: accountId } = await newTestAccount();
      trap('Transactions');
      const res = await callRoute('transactions-create', { accountId, body: sale('ord-1') });
      expectSuccess(res, [201]);
      expect(res.body).toMatchObject({ id: 'ord-1', tax_total: 1_900 });
      const listed = await callRoute('transactions-list', { accountId });
      expect(listed.body.data.map((t: { id: string }) => t.id)).toEqual(['ord-1']);
      expect(await germanTax(accountId)).toBe(1_900);
      expect(await events(accountId, 'transaction.created', 'ord-1')).toHaveLength(1);
    });

    it('POST /v1/transactions/{id}/refunds: 201, one refund counted once, one refund.created', async () => {
      const { account_id: accountId } = await newTestAccount();
      expect((await callRoute('transactions-create', { accountId, body: sale('ord-2') })).status).toBe(201);
      trap('Transactions');
      const res = await callRoute('transactions-refund', {
        accountId,
        pathParameters: { id: 'ord-2' },
        body: { id: 'rf-1', date: '2026-03-12', line_items: [{ id: 'plan', amount: 5_000 }] },
      });
      expectSuccess(res, [201]);
      expect(res.body).toMatchObject({ id: 'rf-1', transaction_id: 'ord-2' });
      expect(await germanTax(accountId)).toBe(950);
      expect(await events(accountId, 'refund.created', 'rf-1')).toHaveLength(1);
    });

    it('POST /v1/tax/unify with commit: 200, one sale counted once, one transaction.created', async () => {
      const { account_id: accountId } = await newTestAccount();
      trap('Transactions');
      const res = await callRoute('tax-unify', {
        accountId,
        body: {
          currency: 'EUR',
          customer: { type: 'B2C' },
          location: { country: 'DE' },
          date: '2026-03-10',
          line_items: [{ id: 'plan', amount: 10_000, product_category: 'SAAS', delivery_method: 'CLOUD' }],
          commit: true,
          transaction_id: 'cart-1',
        },
      });
      expectSuccess(res, [200]);
      expect(res.body).toMatchObject({ tax_total: 1_900, transaction: { id: 'cart-1', created: true } });
      const listed = await callRoute('transactions-list', { accountId });
      expect(listed.body.data.map((t: { id: string }) => t.id)).toEqual(['cart-1']);
      expect(await germanTax(accountId)).toBe(1_900);
      expect(await events(accountId, 'transaction.created', 'cart-1')).toHaveLength(1);
    });

    it('POST /v1/invoices/{id}/finalize: 200, one number taken, one invoice.finalized, its sale once', async () => {
      const { account_id: accountId } = await newTestAccount();
      const seller = await callRoute('entities-create', {
        accountId,
        body: {
          name: 'Levy Berlin GmbH',
          country: 'DE',
          tax_id: 'DE136695976',
          address: { line1: 'Friedrichstrasse 1', city: 'Berlin', postal_code: '10117' },
        },
      });
      const series = await callRoute('invoice-series-create', { accountId, body: { entity_id: seller.body.id, prefix: 'INV-' } });
      const draft = await callRoute('invoices-create', {
        accountId,
        body: {
          series_id: series.body.id,
          currency: 'EUR',
          issue_date: '2026-03-10',
          customer: { name: 'Boutique Lumiere SARL', type: 'B2C', address: { country: 'FR', line1: '5 rue de Rivoli', city: 'Paris', postal_code: '75001' } },
          line_items: [{ id: 'a', description: 'Cloud plan', amount: 10_000, quantity: 1, product_category: 'SAAS', delivery_method: 'CLOUD' }],
        },
      });
      expect(draft.status).toBe(201);
      const id = draft.body.id;
      trap('Invoices');
      const res = await callRoute('invoices-finalize', { accountId, pathParameters: { id } });
      expectSuccess(res, [200]);
      expect(res.body).toMatchObject({ id, status: 'finalized', number: 'INV-0001' });
      expect((await callRoute('invoice-series-get', { accountId, pathParameters: { id: series.body.id } })).body.next_number).toBe(2);
      expect(await events(accountId, 'invoice.finalized', id)).toHaveLength(1);
      expect((await callRoute('transactions-get', { accountId, pathParameters: { id } })).status).toBe(200);
      expect(await events(accountId, 'transaction.created', id)).toHaveLength(1);
    });
  });
});
