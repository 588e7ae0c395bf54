/** Unit (in-memory ports): the authorizer's use case: refusals by reason, keys made before usage plans, best-effort activity. */
import { hashApiKey, newApiKey } from '../../../src/domain/accounts/api-key';
import { authorizeApiKey } from '../../../src/usecases/authorize-api-key';
import { memoryPorts } from '../../support/memory-ports';

const account = { account_id: 'acct_a', plan: 'growth', usage_key: 'local_usage' };

describe('authorizeApiKey', () => {
  it('answers an active key with its account, key id, plan and usage key, and notes the day', async () => {
    const ports = memoryPorts();
    const key = newApiKey(account, new Date());
    await ports.apiKeys.add(key.record);
    const outcome = await authorizeApiKey(ports, `Bearer ${key.secret}`, new Date('2026-11-23T10:00:00Z'));
    expect(outcome).toEqual({ allowed: true, authorization: { accountId: 'acct_a', keyId: key.record.key_id, plan: 'growth', usageKey: 'local_usage' } });
    expect(ports.keyActivity.days.get(key.record.key_id)).toBe('2026-11-23');
  });

  it('refuses a malformed, unknown or revoked key with the reason', async () => {
    const ports = memoryPorts();
    const key = newApiKey(account, new Date());
    await ports.apiKeys.add(key.record);
    expect(await authorizeApiKey(ports, 'Basic abc')).toEqual({ allowed: false, reason: 'missing or malformed' });
    expect(await authorizeApiKey(ports, `Bearer lvy_${'b'.repeat(43)}`)).toEqual({ allowed: false, reason: 'unknown' });
    await ports.apiKeys.revoke(key.record.key_hash, new Date());
    expect(await authorizeApiKey(ports, `Bearer ${key.secret}`)).toEqual({ allowed: false, reason: 'revoked' });
  });

  it('still lets a key in when noting its day fails, and says so for the log', async () => {
    const ports = memoryPorts();
    const key = newApiKey(account, new Date());
    await ports.apiKeys.add(key.record);
    ports.keyActivity.noteUsed = () => Promise.reject(new Error('KeyActivity throttled'));
    const outcome = await authorizeApiKey(ports, `Bearer ${key.secret}`);
    expect(outcome).toMatchObject({ allowed: true, authorization: { accountId: 'acct_a' }, activityNotNoted: expect.any(Error) });
  });

  it('answers a key made before usage plans (no key id, plan or usage key) with its account only', async () => {
    const ports = memoryPorts();
    const secret = `lvy_${'c'.repeat(43)}`;
    await ports.apiKeys.add({ key_hash: hashApiKey(secret), account_id: 'acct_old', status: 'active', created_at: '2026-01-01T00:00:00.000Z' } as never);
    const outcome = await authorizeApiKey(ports, `Bearer ${secret}`);
    expect(outcome).toEqual({ allowed: true, authorization: { accountId: 'acct_old', keyId: undefined, plan: undefined, usageKey: undefined } });
    expect(ports.keyActivity.days.size).toBe(0);
  });
});
