/** Integration: the registration and settings routes on DynamoDB Local (docs/nexus.md). */
import { callRoute, newTestAccount } from '../support/api';

const today = () => new Date().toISOString().slice(0, 10);
const dayOffset = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

describe('registrations', () => {
  let accountId: string;
  let otherAccountId: string;
  beforeAll(async () => {
    accountId = (await newTestAccount('US', 'Reg Inc')).account_id;
    otherAccountId = (await newTestAccount('US', 'Other Inc')).account_id;
  });

  const create = (body: unknown, account = accountId) => callRoute('registrations-create', { accountId: account, body });

  it('creates a registration of the primary entity with a reg_ id, reads it back, and hides it from another account', async () => {
    const res = await create({ country: 'us', state: 'ca', type: 'SALES_TAX', registration_number: '123-456789', active_from: '2024-01-01' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      id: expect.stringMatching(/^reg_[0-9a-z]{25}$/),
      country: 'US',
      state: 'CA',
      type: 'SALES_TAX',
      status: 'active',
      entity_id: expect.stringMatching(/^ent_/),
    });
    const got = await callRoute('registrations-get', { accountId, pathParameters: { id: res.body.id } });
    expect(got.status).toBe(200);
    expect(got.body).toEqual(res.body);
    expect((await callRoute('registrations-get', { accountId: otherAccountId, pathParameters: { id: res.body.id } })).status).toBe(404);
  });

  it('derives the status from the dates and today: scheduled, active, expired (never stored)', async () => {
    const scheduled = await create({ country: 'US', state: 'TX', type: 'SALES_TAX', active_from: dayOffset(30) });
    const expired = await create({ country: 'US', state: 'WA', type: 'SALES_TAX', active_from: '2020-01-01', expires_at: today() });
    const active = await create({ country: 'US', state: 'NY', type: 'SALES_TAX', active_from: today(), expires_at: dayOffset(1) });
    expect([scheduled.body.status, expired.body.status, active.body.status]).toEqual(['scheduled', 'expired', 'active']);
    const list = await callRoute('registrations-list', { accountId, query: { status: 'expired', limit: '100' } });
    expect(list.status).toBe(200);
    expect(list.body.data.map((r: { id: string }) => r.id)).toEqual([expired.body.id]);
    const countries = await callRoute('registrations-list', { accountId, query: { country: 'de' } });
    expect(countries.body).toEqual({ data: [], has_more: false });
    // Reopening the expired one (expires_at null) makes it active again: the status follows the dates.
    const reopened = await callRoute('registrations-update', { accountId, pathParameters: { id: expired.body.id }, body: { expires_at: null } });
    expect(reopened.body).toMatchObject({ status: 'active' });
    expect(reopened.body.expires_at).toBeUndefined();
  });

  it('pages in creation order', async () => {
    const account = (await newTestAccount('DE', 'Pages GmbH')).account_id;
    for (const country of ['FR', 'IT', 'ES']) expect((await create({ country, type: 'VAT', active_from: '2025-01-01' }, account)).status).toBe(201);
    const first = await callRoute('registrations-list', { accountId: account, query: { limit: '2' } });
    expect(first.body.data.map((r: { country: string }) => r.country)).toEqual(['FR', 'IT']);
    expect(first.body.has_more).toBe(true);
    const second = await callRoute('registrations-list', { accountId: account, query: { limit: '2', starting_after: first.body.data[1].id } });
    expect(second.body).toMatchObject({ data: [{ country: 'ES' }], has_more: false });
  });

  it('answers 409 for an overlapping registration of one type and jurisdiction, and accepts one that starts when the other ends', async () => {
    const first = await create({ country: 'US', state: 'CO', type: 'SALES_TAX', active_from: '2024-01-01', expires_at: '2025-01-01' });
    expect(first.status).toBe(201);
    const overlapping = await create({ country: 'US', state: 'CO', type: 'SALES_TAX', active_from: '2024-12-31' });
    expect(overlapping.status).toBe(409);
    expect(overlapping.body).toMatchObject({ error: 'registration_overlaps', message: expect.stringContaining(first.body.id) });
    // Another type in the same state does not overlap; nor does the next period.
    expect((await create({ country: 'US', state: 'CO', type: 'SELLERS_USE_TAX', active_from: '2024-06-01' })).status).toBe(201);
    const next = await create({ country: 'US', state: 'CO', type: 'SALES_TAX', active_from: '2025-01-01' });
    expect(next.status).toBe(201);
    // Extending the first into the next one's period is the same overlap.
    const extended = await callRoute('registrations-update', { accountId, pathParameters: { id: first.body.id }, body: { expires_at: '2025-06-01' } });
    expect(extended.status).toBe(409);
    expect(extended.body.error).toBe('registration_overlaps');
  });

  it('lets only one of two concurrent overlapping creates succeed', async () => {
    const account = (await newTestAccount('DE', 'Race GmbH')).account_id;
    const body = { country: 'FR', type: 'VAT', active_from: '2025-01-01' };
    const answers = await Promise.all([
      create(body, account),
      create(body, account),
      create({ ...body, active_from: '2025-06-01' }, account),
      create(body, account),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409, 409]);
    const list = await callRoute('registrations-list', { accountId: account, query: { limit: '100' } });
    expect(list.body.data).toHaveLength(1);
  });

  it('honours Idempotency-Key on create: a retry answers the kept registration, another body is a 422, nothing is billed', async () => {
    const account = (await newTestAccount('DE', 'Retry GmbH')).account_id;
    const key = `reg-${Date.now()}`;
    const body = { country: 'AT', type: 'VAT', active_from: '2025-01-01' };
    const first = await callRoute('registrations-create', { accountId: account, body, headers: { 'Idempotency-Key': key } });
    expect(first.status).toBe(201);
    const retry = await callRoute('registrations-create', { accountId: account, body, headers: { 'Idempotency-Key': key } });
    expect(retry.status).toBe(201);
    expect(retry.body).toEqual(first.body);
    expect(retry.headers['idempotent-replayed'] ?? retry.headers['Idempotent-Replayed']).toBe('true');
    const other = await callRoute('registrations-create', { accountId: account, body: { ...body, country: 'BE' }, headers: { 'Idempotency-Key': key } });
    expect(other.status).toBe(422);
    expect(other.body.error).toBe('idempotency_key_reused');
    // Without the key the same body is a new request, refused as an overlap.
    expect((await callRoute('registrations-create', { accountId: account, body })).status).toBe(409);
    expect((await callRoute('registrations-list', { accountId: account, query: {} })).body.data).toHaveLength(1);
    expect((await callRoute('usage-get', { accountId: account, query: {} })).body).toEqual({ data: [] });
  });

  it('PATCH changes only expires_at and registration_number', async () => {
    const reg = await create({ country: 'US', state: 'GA', type: 'SALES_TAX', active_from: '2024-01-01' });
    for (const field of [
      { country: 'US' },
      { state: 'FL' },
      { type: 'SELLERS_USE_TAX' },
      { active_from: '2023-01-01' },
      { entity_id: 'ent_x' },
      { status: 'expired' },
    ]) {
      const res = await callRoute('registrations-update', { accountId, pathParameters: { id: reg.body.id }, body: { ...field, registration_number: 'X' } });
      expect(res.status).toBe(400);
      expect(res.body.message).toContain(`'${Object.keys(field)[0]}'`);
    }
    expect((await callRoute('registrations-update', { accountId, pathParameters: { id: reg.body.id }, body: {} })).status).toBe(400);
    expect((await callRoute('registrations-update', { accountId, pathParameters: { id: reg.body.id }, body: { expires_at: '2023-12-31' } })).status).toBe(400);
    const res = await callRoute('registrations-update', {
      accountId,
      pathParameters: { id: reg.body.id },
      body: { registration_number: ' GA-1 ', expires_at: '2030-01-01' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ registration_number: 'GA-1', expires_at: '2030-01-01', active_from: '2024-01-01', status: 'active' });
    expect(res.body.updated_at >= reg.body.updated_at).toBe(true);
    const cleared = await callRoute('registrations-update', { accountId, pathParameters: { id: reg.body.id }, body: { registration_number: null } });
    expect(cleared.body.registration_number).toBeUndefined();
    expect(
      (await callRoute('registrations-update', { accountId: otherAccountId, pathParameters: { id: reg.body.id }, body: { registration_number: 'Y' } })).status,
    ).toBe(404);
  });

  it('refuses a type that does not fit the jurisdiction, a jurisdiction Levy has no rate for, and an unknown entity (400 naming it)', async () => {
    const refused: [unknown, string][] = [
      [{ country: 'US', type: 'SALES_TAX', active_from: '2025-01-01' }, "'state'"],
      [{ country: 'US', state: 'OR', type: 'SALES_TAX', active_from: '2025-01-01' }, "'OR'"],
      [{ country: 'DE', type: 'SALES_TAX', active_from: '2025-01-01' }, "'type'"],
      [{ country: 'US', state: 'CA', type: 'VAT', active_from: '2025-01-01' }, "'type'"],
      [{ country: 'GB', type: 'OSS_UNION', active_from: '2025-01-01' }, "'GB'"],
      [{ country: 'HK', type: 'VAT', active_from: '2025-01-01' }, "'HK'"],
      [{ country: 'FR', type: 'SIMPLIFIED', active_from: '2025-01-01' }, "'type'"],
      [{ country: 'FR', state: 'ON', type: 'VAT', active_from: '2025-01-01' }, "'state'"],
      [{ country: 'FR', type: 'VAT', active_from: '2025-01-01', expires_at: '2025-01-01' }, "'expires_at'"],
      [{ country: 'FR', type: 'VAT', active_from: '2025-01-01', status: 'active' }, "'status'"],
      [{ country: 'FR', type: 'VAT', active_from: '2025-01-01', entity_id: 'ent_0mhx2k3c0f1e2d3c4b5a69788' }, "'ent_0mhx2k3c0f1e2d3c4b5a69788'"],
    ];
    for (const [body, named] of refused) {
      const res = await create(body);
      expect({ body, status: res.status, error: res.body.error }).toEqual({ body, status: 400, error: 'validation_error' });
      expect(res.body.message).toContain(named);
    }
    // GST in Canada with a province (Quebec's QST), OSS in the member state of identification, simplified in Norway.
    for (const body of [
      { country: 'CA', state: 'QC', type: 'GST' },
      { country: 'DE', type: 'OSS_UNION' },
      { country: 'NO', type: 'SIMPLIFIED' },
      { country: 'US', state: 'AK', type: 'SELLERS_USE_TAX' },
    ]) {
      expect((await create({ ...body, active_from: '2025-01-01' })).status).toBe(201);
    }
  });

  it('registers a subsidiary entity named by entity_id', async () => {
    const entity = await callRoute('entities-create', { accountId, body: { name: 'Reg Canada Ltd', country: 'CA' } });
    const res = await create({ entity_id: entity.body.id, country: 'CA', type: 'GST', active_from: '2025-01-01' });
    expect(res.status).toBe(201);
    expect(res.body.entity_id).toBe(entity.body.id);
    // The same jurisdiction and type for the primary entity is another slot: no overlap.
    expect((await create({ country: 'CA', type: 'GST', active_from: '2025-01-01' })).status).toBe(201);
  });
});

describe('settings', () => {
  it('answers the defaults, then the changed fields, and refuses bad values', async () => {
    const accountId = (await newTestAccount('US', 'Settings Inc')).account_id;
    expect((await callRoute('settings-get', { accountId })).body).toEqual({ collection: 'everywhere', approaching_threshold_percent: 80 });
    const changed = await callRoute('settings-update', { accountId, body: { collection: 'registered_only' } });
    expect(changed.status).toBe(200);
    expect(changed.body).toEqual({ collection: 'registered_only', approaching_threshold_percent: 80 });
    expect((await callRoute('settings-update', { accountId, body: { approaching_threshold_percent: 90 } })).body).toEqual({
      collection: 'registered_only',
      approaching_threshold_percent: 90,
    });
    for (const body of [
      {},
      { collection: 'sometimes' },
      { approaching_threshold_percent: 100 },
      { approaching_threshold_percent: 0.5 },
      { colection: 'everywhere' },
    ]) {
      expect((await callRoute('settings-update', { accountId, body })).status).toBe(400);
    }
    expect((await callRoute('settings-get', { accountId })).body).toEqual({ collection: 'registered_only', approaching_threshold_percent: 90 });
  });
});
