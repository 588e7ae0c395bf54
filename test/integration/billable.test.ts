/**
 * Integration: spec section 8 on a billable route (tax-id-validate): idempotency keys scoped by
 * account and endpoint, replay without re-running or re-billing, 422 on a reused key, 409 or a
 * replay for concurrent duplicates with exactly one execution, 24 h TTL, and metering.
 */
import { documentClient } from '../../src/adapters/dynamodb/client';
import { tableName } from '../../src/config/environment';
import { callRoute, newTestAccount } from '../support/api';

const validate = (accountId: string, body: unknown, key?: string) =>
  callRoute('tax-id-validate', { accountId, body, headers: key ? { 'Idempotency-Key': key } : {} });

async function usageCount(accountId: string, endpoint = 'POST /v1/tax/id-validate'): Promise<number> {
  const res = await callRoute('usage-get', { accountId });
  expect(res.status).toBe(200);
  return res.body.data.filter((r: { endpoint: string }) => r.endpoint === endpoint).reduce((n: number, r: { count: number }) => n + r.count, 0);
}

describe('billable routes: idempotency and metering', () => {
  it('meters every call without a key and never deduplicates them', async () => {
    const { account_id } = await newTestAccount();
    for (let i = 0; i < 3; i++) expect((await validate(account_id, { tax_id: 'DE136695976' })).status).toBe(200);
    expect(await usageCount(account_id)).toBe(3);
  });

  it('replays a keyed call with the stored status and body, billed once', async () => {
    const { account_id } = await newTestAccount();
    const first = await validate(account_id, { tax_id: 'DE136695976' }, 'key-1');
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ valid: true, country: 'DE', type: 'eu_vat', normalized: 'DE136695976', registry_checked: false });
    const replay = await validate(account_id, { tax_id: 'DE136695976' }, 'key-1');
    expect(replay.status).toBe(200);
    expect(replay.body).toEqual(first.body);
    expect(await usageCount(account_id)).toBe(1);
  });

  it('answers 422 idempotency_key_reused for the same key with another body, and keeps the original', async () => {
    const { account_id } = await newTestAccount();
    await validate(account_id, { tax_id: 'DE136695976' }, 'key-2');
    const reused = await validate(account_id, { tax_id: 'GB980780684' }, 'key-2');
    expect(reused.status).toBe(422);
    expect(reused.body).toEqual({ error: 'idempotency_key_reused', message: expect.any(String), status: 422, request_id: expect.any(String) });
    const replay = await validate(account_id, { tax_id: 'DE136695976' }, 'key-2');
    expect(replay.status).toBe(200);
    expect(replay.body.normalized).toBe('DE136695976');
    expect(await usageCount(account_id)).toBe(1);
  });

  it('scopes keys per account', async () => {
    const a = await newTestAccount();
    const b = await newTestAccount();
    expect((await validate(a.account_id, { tax_id: 'DE136695976' }, 'shared-key')).status).toBe(200);
    const other = await validate(b.account_id, { tax_id: 'GB980780684' }, 'shared-key');
    expect(other.status).toBe(200);
    expect(other.body.country).toBe('GB');
    expect(await usageCount(a.account_id)).toBe(1);
    expect(await usageCount(b.account_id)).toBe(1);
  });

  it('does not bill or store a request refused with 400', async () => {
    const { account_id } = await newTestAccount();
    const bad = await validate(account_id, { tax_id: 42 }, 'key-3');
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ error: 'validation_error', message: expect.stringContaining("'tax_id'") });
    expect(await usageCount(account_id)).toBe(0);
    // The key was not consumed by the refused request.
    expect((await validate(account_id, { tax_id: 'DE136695976' }, 'key-3')).status).toBe(200);
    expect(await usageCount(account_id)).toBe(1);
  });

  it('runs 20 concurrent duplicates exactly once: the rest get 409 or the replay', async () => {
    const { account_id } = await newTestAccount();
    const results = await Promise.all(Array.from({ length: 20 }, () => validate(account_id, { tax_id: 'FR40303265045' }, 'burst')));
    const statuses = results.map((r) => r.status);
    expect(statuses.every((s) => s === 200 || s === 409)).toBe(true);
    expect(statuses).toContain(200);
    for (const r of results.filter((x) => x.status === 409)) {
      expect(r.body).toEqual({ error: 'idempotency_key_in_use', message: expect.any(String), status: 409, request_id: expect.any(String) });
    }
    expect(await usageCount(account_id)).toBe(1);
    const after = await validate(account_id, { tax_id: 'FR40303265045' }, 'burst');
    expect(after.status).toBe(200);
    expect(await usageCount(account_id)).toBe(1);
  });

  it('stores records with a 24 h TTL, keyed by endpoint', async () => {
    const { account_id } = await newTestAccount();
    const before = Math.floor(Date.now() / 1000);
    await validate(account_id, { tax_id: 'DE136695976' }, 'ttl-key');
    const { Items = [] } = await documentClient().scan({ TableName: tableName('Idempotency') });
    const mine = Items.filter((i) => String(i.id).startsWith('levy.tax-id-validate#'));
    expect(mine.length).toBeGreaterThan(0);
    const newest = Math.max(...mine.map((i) => Number(i.expiration)));
    expect(newest).toBeGreaterThanOrEqual(before + 86_400);
    expect(newest).toBeLessThanOrEqual(before + 86_400 + 60);
  });
});

describe('GET /v1/usage', () => {
  it('defaults to the current month and validates its query', async () => {
    const { account_id } = await newTestAccount();
    await validate(account_id, { tax_id: 'DE136695976' });
    const today = new Date().toISOString().slice(0, 10);
    const res = await callRoute('usage-get', { accountId: account_id });
    expect(res.body).toEqual({ data: [{ date: today, endpoint: 'POST /v1/tax/id-validate', count: 1 }] });
    const past = await callRoute('usage-get', { accountId: account_id, query: { from: '2020-01-01', to: '2020-01-31' } });
    expect(past.body).toEqual({ data: [] });
    const badQueries: Record<string, string>[] = [
      { from: '2026-13-01' },
      { from: '2026-02-01', to: '2026-01-01' },
      { month: '2026-01' },
      { from: '2020-01-01', to: '2026-01-01' },
    ];
    for (const query of badQueries) {
      const bad = await callRoute('usage-get', { accountId: account_id, query });
      expect(bad.status).toBe(400);
      expect(bad.body.error).toBe('validation_error');
    }
  });
});
