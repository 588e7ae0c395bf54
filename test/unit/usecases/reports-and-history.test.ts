/** Unit (in-memory ports): reading back sales, refunds and usage; the admin account use cases. */
import { changePlan, createAccount, createApiKey, listApiKeys, revokeApiKey } from '../../../local/admin/accounts';
import { hashApiKey } from '../../../src/domain/accounts/api-key';
import { newEntity } from '../../../src/domain/records/entity';
import { recordRefund } from '../../../src/usecases/record-refund';
import { recordTransaction } from '../../../src/usecases/sales/record-sale';
import { getTransaction, listTransactions } from '../../../src/usecases/transaction-history';
import { usageReport } from '../../../src/usecases/usage-report';
import { memoryPorts } from '../../support/memory-ports';

const ACCOUNT = 'acct_1';

describe('reading back (in-memory ports)', () => {
  it('answers a sale with its refunds and what is left, lists by date, and 404s another account', async () => {
    const ports = memoryPorts();
    await ports.entities.create(ACCOUNT, newEntity({ name: 'Seller', country: 'DE' }, true, new Date()));
    for (const [id, date] of [
      ['b', '2026-02-10'],
      ['a', '2026-03-01'],
      ['c', '2026-01-05'],
    ]) {
      await recordTransaction(ports, ACCOUNT, {
        id,
        date,
        currency: 'EUR',
        customer_type: 'B2C',
        location: { country: 'DE' },
        line_items: [{ amount: 100, product_category: 'SAAS', delivery_method: 'CLOUD' }],
      });
    }
    await recordRefund(ports, ACCOUNT, 'a', { id: 'r1', date: '2026-03-02', line_items: [{ id: '1', amount: 40 }] });
    const sale = await getTransaction(ports, ACCOUNT, 'a');
    expect(sale).toMatchObject({ refunds: [{ id: 'r1' }], refunded_subtotal: 40, line_items: [{ remaining_amount: 60 }] });
    await expect(getTransaction(ports, 'acct_other', 'a')).rejects.toMatchObject({ status: 404 });
    const february = await listTransactions(ports, ACCOUNT, { limit: 10, from: '2026-02-01' });
    expect(february.data.map((t) => t.id)).toEqual(['b', 'a']);
    const firstPage = await listTransactions(ports, ACCOUNT, { limit: 2 });
    expect(firstPage).toMatchObject({ has_more: true, data: [{ id: 'a' }, { id: 'b' }] });
  });

  it('reports usage per day and endpoint for the period asked, the current month by default', async () => {
    const ports = memoryPorts();
    await ports.usage.recordBillableCall(ACCOUNT, 'POST /v1/tax/rate', new Date('2026-03-02T10:00:00Z'));
    await ports.usage.recordBillableCall(ACCOUNT, 'POST /v1/tax/rate', new Date('2026-03-02T11:00:00Z'));
    await ports.usage.recordBillableCall(ACCOUNT, 'POST /v1/tax/unify', new Date('2026-04-01T00:00:00Z'));
    await ports.usage.recordBillableCall('acct_other', 'POST /v1/tax/rate', new Date('2026-03-02T10:00:00Z'));
    expect(await usageReport(ports, ACCOUNT, {}, new Date('2026-03-20T00:00:00Z'))).toEqual({
      data: [{ date: '2026-03-02', endpoint: 'POST /v1/tax/rate', count: 2 }],
    });
    expect((await usageReport(ports, ACCOUNT, { from: '2026-03-01', to: '2026-04-30' })).data).toHaveLength(2);
    await expect(usageReport(ports, ACCOUNT, { from: '2026-04-01', to: '2026-03-01' })).rejects.toMatchObject({ status: 400 });
  });
});

describe('admin accounts and keys (in-memory ports)', () => {
  it('creates an account on a plan with its primary entity and an active key, shown once and stored only as a hash', async () => {
    const ports = memoryPorts();
    const created = await createAccount(ports, { name: 'Acme GmbH', country: 'DE', plan: 'growth' });
    expect(created).toMatchObject({ plan: 'growth', api_key: expect.stringMatching(/^lvy_/), key_id: expect.stringMatching(/^key_/) });
    expect(await ports.entities.primary(created.account_id)).toEqual(created.primary_entity);
    const stored = (await ports.apiKeys.get(hashApiKey(created.api_key)))!;
    expect(stored).toMatchObject({ account_id: created.account_id, status: 'active', plan: 'growth', prefix: created.api_key.slice(0, 12) });
    expect(JSON.stringify(stored)).not.toContain(created.api_key);
    expect((await ports.accounts.get(created.account_id))?.usage_key).toBe(stored.usage_key);
    expect(await createApiKey(ports, 'acct_missing')).toBeUndefined();
  });

  it('lists keys without secrets, with the day each was last used; revokes by id, prefix or secret, refusing an ambiguous prefix', async () => {
    const ports = memoryPorts();
    const {
      account_id,
      api_key: first,
      key_id: firstId,
    } = await createAccount(ports, { name: 'Acme GmbH', country: 'DE' }, undefined, new Date('2026-03-01T10:00:00Z'));
    const second = (await createApiKey(ports, account_id, new Date('2026-03-01T11:00:00Z')))!;
    const third = (await createApiKey(ports, account_id, new Date('2026-03-01T12:00:00Z')))!;
    await ports.keyActivity.noteUsed(firstId, '2026-03-02');
    const listed = await listApiKeys(ports, account_id);
    expect(listed.map((k) => k.key_id)).toEqual([firstId, second.key_id, third.key_id]);
    expect(listed[0]).toMatchObject({ last_used_on: '2026-03-02', status: 'active', plan: 'starter' });
    expect(listed[1].last_used_on).toBeNull();
    expect(JSON.stringify(listed)).not.toMatch(/lvy_[A-Za-z0-9_-]{43}|key_hash|usage_key/);
    await expect(revokeApiKey(ports, { idOrPrefix: 'lvy_' })).rejects.toThrow(/No API key/);
    expect(await revokeApiKey(ports, { idOrPrefix: second.key_id })).toMatchObject({ key_id: second.key_id, status: 'revoked' });
    expect(await revokeApiKey(ports, { idOrPrefix: third.api_key.slice(0, 12) })).toMatchObject({ key_id: third.key_id, status: 'revoked' });
    expect(await revokeApiKey(ports, { secret: first })).toMatchObject({ key_id: firstId, status: 'revoked' });
    await expect(revokeApiKey(ports, { secret: 'lvy_unknown' })).rejects.toThrow(/No such API key/);
    // Two keys that share a prefix: the prefix names neither.
    const a = await ports.apiKeys.find(firstId);
    await ports.apiKeys.add({ ...a[0], key_hash: 'other', key_id: 'key_other' });
    await expect(revokeApiKey(ports, { idOrPrefix: first.slice(0, 12) })).rejects.toThrow(/names 2 keys/);
  });

  it('moves an account and all its keys to another plan', async () => {
    const ports = memoryPorts();
    const { account_id } = await createAccount(ports, { name: 'Acme GmbH', country: 'DE' });
    await createApiKey(ports, account_id);
    expect(await changePlan(ports, account_id, 'scale')).toEqual({ account_id, plan: 'scale', previous_plan: 'starter' });
    expect((await ports.apiKeys.listFor(account_id)).map((k) => k.plan)).toEqual(['scale', 'scale']);
    await expect(changePlan(ports, 'acct_missing', 'scale')).rejects.toThrow(/No account/);
  });
});
