/** Integration: the vendor routes on DynamoDB Local, through the shared pipeline. */
import { callRoute, newTestAccount } from '../support/api';

describe('vendors', () => {
  let accountId: string;
  let otherAccountId: string;
  beforeAll(async () => {
    accountId = (await newTestAccount()).account_id;
    otherAccountId = (await newTestAccount('US', 'Other Inc')).account_id;
  });

  const create = (body: unknown, account = accountId) => callRoute('vendors-create', { accountId: account, body });

  it('creates a vendor with defaults and normalised fields', async () => {
    const res = await create({ name: '  Acme Ltd  ', country: 'gb', email: 'ap@acme.example' });
    expect(res.status).toBe(201);
    expect(res.headers['content-type']).toBe('application/json');
    expect(res.body).toMatchObject({ name: 'Acme Ltd', country: 'GB', tax_id: null, exempt: false, email: 'ap@acme.example' });
    expect(res.body.id).toMatch(/^vnd_/);
    const got = await callRoute('vendors-get', { accountId, pathParameters: { id: res.body.id } });
    expect(got.status).toBe(200);
    expect(got.body).toEqual(res.body);
  });

  it.each([
    [{ country: 'DE' }, "'name' is required"],
    [{ name: 'A', country: 'XX' }, "'country' must be an assigned ISO 3166-1 alpha-2"],
    [{ name: 'A', country: 'USA' }, "'country' must be an assigned"],
    [{ name: 'A', country: 'DE', exempt: 'yes' }, "'exempt' must be true or false"],
    [{ name: 'A', country: 'DE', email: 'not-an-email' }, "'email' must be a valid e-mail address"],
    [{ name: 'x'.repeat(201), country: 'DE' }, "'name' must be at most 200 characters"],
    [{ name: '   ', country: 'DE' }, "'name' must not be empty"],
    [{ name: 'A', country: 'DE', tax_id: 'x'.repeat(51) }, "'tax_id' must be at most 50"],
    [{ name: 'A', country: 'DE', colour: 'red' }, "Unknown field 'colour'"],
  ])('refuses %j with 400 naming the field', async (body, message) => {
    const res = await create(body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: 'validation_error', message: expect.stringContaining(message), status: 400, request_id: expect.any(String) });
  });

  it('answers malformed JSON, a non-object body and a wrong media type in the spec body', async () => {
    const bad = await callRoute('vendors-create', { accountId, body: '{"name": ' });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ error: 'invalid_json', status: 400 });
    const array = await callRoute('vendors-create', { accountId, body: '[1,2]' });
    expect(array.status).toBe(400);
    expect(array.body).toMatchObject({ error: 'invalid_body', status: 400 });
    const text = await callRoute('vendors-create', { accountId, body: 'name=A', headers: { 'Content-Type': 'text/plain' } });
    expect(text.status).toBe(415);
    expect(text.body).toMatchObject({ error: 'unsupported_media_type', status: 415 });
    const missing = await callRoute('vendors-create', { accountId });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ error: 'validation_error' });
  });

  it('lists with cursor pagination, oldest first', async () => {
    const { accountId: acct } = { accountId: (await newTestAccount()).account_id };
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push((await create({ name: `V${i}`, country: 'FR' }, acct)).body.id);
    const first = await callRoute('vendors-list', { accountId: acct, query: { limit: '2' } });
    expect(first.status).toBe(200);
    expect(first.body.data.map((v: { id: string }) => v.id)).toEqual(ids.slice(0, 2));
    expect(first.body.has_more).toBe(true);
    const rest = await callRoute('vendors-list', { accountId: acct, query: { limit: '100', starting_after: ids[1] } });
    expect(rest.body.data.map((v: { id: string }) => v.id)).toEqual(ids.slice(2));
    expect(rest.body.has_more).toBe(false);
    for (const limit of ['0', '101', 'ten', '2.5']) {
      const res = await callRoute('vendors-list', { accountId: acct, query: { limit } });
      expect(res.status).toBe(400);
      expect(res.body.message).toContain("'limit'");
    }
    const typo = await callRoute('vendors-list', { accountId: acct, query: { limt: '2' } });
    expect(typo.status).toBe(400);
    expect(typo.body.message).toContain("'limt'");
  });

  it('updates, clears with null, and deletes', async () => {
    const { body: vendor } = await create({ name: 'Patch Me', country: 'DE', tax_id: 'DE123', email: 'a@b.example' });
    const patched = await callRoute('vendors-update', { accountId, pathParameters: { id: vendor.id }, body: { exempt: true, tax_id: null } });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ id: vendor.id, name: 'Patch Me', exempt: true, email: 'a@b.example' });
    expect(patched.body.tax_id).toBeNull();
    const empty = await callRoute('vendors-update', { accountId, pathParameters: { id: vendor.id }, body: {} });
    expect(empty.status).toBe(400);
    const deleted = await callRoute('vendors-delete', { accountId, pathParameters: { id: vendor.id } });
    expect(deleted.status).toBe(204);
    const gone = await callRoute('vendors-get', { accountId, pathParameters: { id: vendor.id } });
    expect(gone.status).toBe(404);
    expect(gone.body).toEqual({ error: 'not_found', message: expect.stringContaining(vendor.id), status: 404, request_id: expect.any(String) });
    expect((await callRoute('vendors-delete', { accountId, pathParameters: { id: vendor.id } })).status).toBe(404);
  });

  it("answers 404 for another account's vendor on GET, PATCH and DELETE and leaves it intact", async () => {
    const { body: vendor } = await create({ name: 'Mine', country: 'DE' });
    const asOther = { accountId: otherAccountId, pathParameters: { id: vendor.id } };
    expect((await callRoute('vendors-get', asOther)).status).toBe(404);
    expect((await callRoute('vendors-update', { ...asOther, body: { name: 'Stolen' } })).status).toBe(404);
    expect((await callRoute('vendors-delete', asOther)).status).toBe(404);
    const list = await callRoute('vendors-list', { accountId: otherAccountId });
    expect(list.body.data.find((v: { id: string }) => v.id === vendor.id)).toBeUndefined();
    const still = await callRoute('vendors-get', { accountId, pathParameters: { id: vendor.id } });
    expect(still.body.name).toBe('Mine');
  });
});
