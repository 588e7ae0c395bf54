/**
 * Integration: the events outbox on DynamoDB Local. Each change writes its event in the same transaction: the event
 * exists exactly when the change does. The faults are injected by making one item's condition fail inside the real
 * TransactWriteItems (DynamoDB Local then cancels the whole transaction itself).
 */
import type { TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { callRoute, newTestAccount } from '../support/api';
import { interceptDynamoDb } from '../support/dynamodb-calls';
import { SOURCE_MODE_ONLY, sourceModeOnly } from '../support/bundle-mode';

const faults = sourceModeOnly(SOURCE_MODE_ONLY.faultInjected);

/** Rewrites the next TransactWriteItems so that its item on `table` has a condition that cannot hold. */
function failConditionOn(table: string): { injected: () => number } {
  let injected = 0;
  interceptDynamoDb(
    (operation) => operation === 'TransactWriteItems',
    (operation, input, realSend) => {
      const items = (input as TransactWriteCommandInput).TransactItems ?? [];
      const rewritten = items.map((item) => {
        const put = item.Put;
        if (!put || !String(put.TableName).endsWith(table)) return item;
        injected++;
        return { Put: { ...put, ConditionExpression: 'attribute_exists(account_id)' } };
      });
      return realSend(operation, { ...input, TransactItems: rewritten });
    },
  );
  return { injected: () => injected };
}

const events = async (accountId: string, type?: string) => (await callRoute('events-list', { accountId, query: { type, limit: '100' } })).body.data as any[];

describe('events (the outbox)', () => {
  let accountId: string;
  beforeAll(async () => {
    accountId = (await newTestAccount('US', 'Events Inc')).account_id;
  });
  afterEach(() => jest.restoreAllMocks());

  it('customer.created|updated|deleted carry the customer; GET /v1/events filters by type; GET /v1/events/{id}', async () => {
    const created = await callRoute('customers-create', { accountId, body: { name: 'Evented', address: { country: 'US', state: 'TX' } } });
    const id = created.body.id;
    const updated = await callRoute('customers-update', { accountId, pathParameters: { id }, body: { name: 'Evented 2' } });
    expect(updated.status).toBe(200);
    expect((await callRoute('customers-delete', { accountId, pathParameters: { id } })).status).toBe(204);

    const mine = (await events(accountId)).filter((e) => e.data.object.id === id);
    expect(mine.map((e) => e.type)).toEqual(['customer.deleted', 'customer.updated', 'customer.created']);
    expect(mine[2].data.object).toEqual(created.body);
    expect(mine[1].data.object).toEqual(updated.body);
    expect(mine[0].data.object).toEqual(updated.body);
    for (const e of mine) {
      expect(e.id).toMatch(/^evt_[0-9a-z]{25}$/);
      expect(e.account_id).toBe(accountId);
    }
    const onlyUpdates = await events(accountId, 'customer.updated');
    expect(onlyUpdates.every((e) => e.type === 'customer.updated')).toBe(true);
    expect(onlyUpdates.some((e) => e.data.object.id === id)).toBe(true);
    const one = await callRoute('events-get', { accountId, pathParameters: { id: mine[1].id } });
    expect(one.body).toEqual(mine[1]);
  });

  it('transaction.created and refund.created carry the sale and the refund as answered, written with them', async () => {
    const sale = await callRoute('transactions-create', {
      accountId,
      body: {
        id: 'ord-evented',
        currency: 'USD',
        date: '2026-03-02',
        customer_type: 'B2C',
        location: { country: 'US', state: 'TX' },
        line_items: [{ id: 'l1', amount: 10_000, product_category: 'PHYSICAL_GOODS', delivery_method: 'SHIPPED' }],
      },
    });
    expect(sale.status).toBe(201);
    const refund = await callRoute('transactions-refund', {
      accountId,
      pathParameters: { id: sale.body.id },
      body: { id: 'ref-evented', date: '2026-03-03', line_items: [{ id: 'l1', amount: 4_000 }] },
    });
    expect(refund.status).toBe(201);
    const [created] = (await events(accountId, 'transaction.created')).filter((e) => e.data.object.id === sale.body.id);
    expect(created.data.object).toMatchObject({ id: sale.body.id, total: sale.body.total, line_items: [{ id: 'l1', amount: 10_000 }] });
    const [refunded] = (await events(accountId, 'refund.created')).filter((e) => e.data.object.id === refund.body.id);
    expect(refunded.data.object).toMatchObject({ id: refund.body.id, transaction_id: sale.body.id });
  });

  it("another account's event is a 404; a malformed id is a 404; an unknown type is a 400", async () => {
    const other = (await newTestAccount('US', 'Other')).account_id;
    const [mine] = await events(accountId);
    expect((await callRoute('events-get', { accountId: other, pathParameters: { id: mine.id } })).status).toBe(404);
    expect((await callRoute('events-get', { accountId, pathParameters: { id: 'evt_nope' } })).status).toBe(404);
    const bad = await callRoute('events-list', { accountId, query: { type: 'customer.exploded' } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain("'type' must be an event type");
  });

  it('exemption.created and exemption.revoked; registration.created; product.created', async () => {
    const customer = (await callRoute('customers-create', { accountId, body: { name: 'Exempt', address: { country: 'US', state: 'TX' } } })).body;
    const cert = await callRoute('exemptions-create', {
      accountId,
      pathParameters: { id: customer.id },
      body: { reason: 'RESALE', jurisdictions: [{ country: 'US', state: 'TX' }], certificate_number: 'TX-EVT-1', effective_from: '2026-01-01' },
    });
    expect(cert.status).toBe(201);
    const revoked = await callRoute('exemptions-revoke', { accountId, pathParameters: { id: customer.id, eid: cert.body.id } });
    expect(revoked.status).toBe(200);
    const product = await callRoute('products-create', { accountId, body: { name: 'Evented product', tax_code: 'levy_saas_business' } });
    expect(product.status).toBe(201);
    const registration = await callRoute('registrations-create', {
      accountId,
      body: { country: 'US', state: 'TX', type: 'SALES_TAX', registration_number: '32000000001', active_from: '2024-01-01' },
    });
    expect(registration.status).toBe(201);
    const all = await events(accountId);
    const created = all.find((e) => e.type === 'exemption.created' && e.data.object.id === cert.body.id);
    const gone = all.find((e) => e.type === 'exemption.revoked' && e.data.object.id === cert.body.id);
    expect(created?.data.object).toMatchObject({ id: cert.body.id, customer_id: customer.id, revoked_at: null });
    expect(gone?.data.object).toMatchObject({ id: cert.body.id, revoked_at: revoked.body.revoked_at });
    expect(all.find((e) => e.type === 'product.created' && e.data.object.id === product.body.id)?.data.object).toEqual(product.body);
    expect(all.find((e) => e.type === 'registration.created' && e.data.object.id === registration.body.id)?.data.object).toMatchObject({
      id: registration.body.id,
      state: 'TX',
    });
  });

  faults.it('fault: a cancelled transaction writes neither the customer nor its event (create and update)', async () => {
    const before = (await events(accountId)).length;
    const fault = failConditionOn('-Events');
    const res = await callRoute('customers-create', { accountId, body: { id: 'fault-1', name: 'Never', address: { country: 'US' } } });
    expect(fault.injected()).toBe(1);
    expect(res.status).toBe(500);
    jest.restoreAllMocks();
    expect((await callRoute('customers-get', { accountId, pathParameters: { id: 'fault-1' } })).status).toBe(404);
    expect((await events(accountId)).length).toBe(before);

    const made = await callRoute('customers-create', { accountId, body: { id: 'fault-2', name: 'Kept', address: { country: 'US' } } });
    expect(made.status).toBe(201);
    const after = (await events(accountId)).length;
    failConditionOn('-Events');
    expect((await callRoute('customers-update', { accountId, pathParameters: { id: 'fault-2' }, body: { name: 'Changed' } })).status).toBe(500);
    jest.restoreAllMocks();
    expect((await callRoute('customers-get', { accountId, pathParameters: { id: 'fault-2' } })).body.name).toBe('Kept');
    expect((await events(accountId)).length).toBe(after);
  });

  it('fault the other way: a change refused by its own condition writes no event (a second create of an id is 409)', async () => {
    const first = await callRoute('customers-create', { accountId, body: { id: 'twice-1', name: 'Once', address: { country: 'US' } } });
    expect(first.status).toBe(201);
    const second = await callRoute('customers-create', { accountId, body: { id: 'twice-1', name: 'Twice', address: { country: 'US' } } });
    expect(second.status).toBe(409);
    const about = (await events(accountId)).filter((e) => e.data.object.id === 'twice-1');
    expect(about.map((e) => [e.type, e.data.object.name])).toEqual([['customer.created', 'Once']]);
  });
});
