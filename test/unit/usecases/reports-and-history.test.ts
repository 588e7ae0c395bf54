/** Unit (in-memory ports): reading back sales, refunds and usage; the admin account use cases. */
import { createAccount, createApiKey, revokeApiKey } from '../../../local/admin/accounts';
import { hashApiKey } from '../../../src/domain/accounts/api-key';
import { newEntity } from '../../../src/domain/records/entity';
import { recordRefund } from '../../../src/usecases/record-refund';
import { recordTransaction } from '../../../src/usecases/record-transaction';
import { getTransaction, listTransactions } from '../../../src/usecases/transaction-history';
import { usageReport } from '../../../src/usecases/usage-report';
import { memoryPorts } from '../../support/memory-ports';

const ACCOUNT = 'acct_1';

describe('reading back (in-memory ports)', () => {
  it('answers a sale with its refunds and what is left, lists by date, and 404s another account', async () => {
    const ports = memoryPorts();
    await ports.entities.create(ACCOUNT, newEntity({ name: 'Seller', country: 'DE' }, true, new Date()));
    for (const [id, date] of [['b', '2026-02-10'], ['a', '2026-03-01'], ['c', '2026-01-05']]) {
      await recordTransaction(ports, ACCOUNT, { id, date, currency: 'EUR', customer_type: 'B2C', location: { country: 'DE' }, line_items: [{ amount: 100, product_category: 'SAAS', delivery_method: 'CLOUD' }] });
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
    expect(await usageReport(ports, ACCOUNT, {}, new Date('2026-03-20T00:00:00Z'))).toEqual({ data: [{ date: '2026-03-02', endpoint: 'POST /v1/tax/rate', count: 2 }] });
    expect((await usageReport(ports, ACCOUNT, { from: '2026-03-01', to: '2026-04-30' })).data).toHaveLength(2);
    await expect(usageReport(ports, ACCOUNT, { from: '2026-04-01', to: '2026-03-01' })).rejects.toMatchObject({ status: 400 });
  });
});

describe('admin accounts (in-memory ports)', () => {
  it('creates an account with its primary entity and an active key; issues and revokes further keys', async () => {
    const ports = memoryPorts();
    const created = await createAccount(ports, { name: 'Acme GmbH', country: 'DE' });
    expect(await ports.entities.primary(created.account_id)).toEqual(created.primary_entity);
    expect(await ports.apiKeys.get(hashApiKey(created.api_key))).toMatchObject({ account_id: created.account_id, status: 'active' });
    const second = (await createApiKey(ports, created.account_id))!;
    expect(second).not.toBe(created.api_key);
    expect(await createApiKey(ports, 'acct_missing')).toBeUndefined();
    expect(await revokeApiKey(ports, second)).toBe(true);
    expect((await ports.apiKeys.get(hashApiKey(second)))?.status).toBe('revoked');
    expect(await revokeApiKey(ports, 'lvy_unknown')).toBe(false);
  });
});
