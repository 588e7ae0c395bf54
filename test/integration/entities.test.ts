/** Integration: the entity routes, the read-only fields and the immutable primary entity. */
import { callRoute, newTestAccount } from '../support/api';

describe('entities', () => {
  let accountId: string;
  let primaryId: string;
  beforeAll(async () => {
    const account = await newTestAccount('DE', 'Mutter AG');
    accountId = account.account_id;
    primaryId = account.primary_entity.id;
  });

  it('creates a subsidiary (is_primary false) and lists it after the primary', async () => {
    const res = await callRoute('entities-create', { accountId, body: { name: 'Tochter Ltd', country: 'ie', tax_id: ' IE6388047V ' } });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ name: 'Tochter Ltd', country: 'IE', tax_id: 'IE6388047V', is_primary: false });
    const list = await callRoute('entities-list', { accountId });
    expect(list.body.data[0]).toMatchObject({ id: primaryId, is_primary: true, name: 'Mutter AG' });
    expect(list.body.data.map((e: { id: string }) => e.id)).toContain(res.body.id);
  });

  it('updates a subsidiary; tax_id null clears it', async () => {
    const { body: entity } = await callRoute('entities-create', { accountId, body: { name: 'Sub', country: 'FR', tax_id: 'FR1' } });
    const res = await callRoute('entities-update', { accountId, pathParameters: { id: entity.id }, body: { name: 'Sub SAS', tax_id: null } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: entity.id, name: 'Sub SAS', country: 'FR', is_primary: false });
    expect(res.body.tax_id).toBeNull();
  });

  it.each([
    [{}, 'Send at least one of name, country, tax_id'],
    [{ is_primary: true }, "'is_primary' is read-only"],
    [{ id: 'ent_x', name: 'A' }, "'id' is read-only"],
    [{ country: 'ZZ' }, "'country' must be an assigned"],
  ])('refuses PATCH %j with 400', async (body, message) => {
    const { body: entity } = await callRoute('entities-create', { accountId, body: { name: 'Sub', country: 'FR' } });
    const res = await callRoute('entities-update', { accountId, pathParameters: { id: entity.id }, body });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: 'validation_error', message: expect.stringContaining(message), status: 400, request_id: expect.any(String) });
  });

  it('refuses is_primary on create', async () => {
    const res = await callRoute('entities-create', { accountId, body: { name: 'X', country: 'FR', is_primary: true } });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain("'is_primary' is read-only");
  });

  it('refuses to change the primary entity with 403 and leaves it untouched', async () => {
    const before = await callRoute('entities-get', { accountId, pathParameters: { id: primaryId } });
    const res = await callRoute('entities-update', { accountId, pathParameters: { id: primaryId }, body: { name: 'Renamed' } });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({
      error: 'primary_entity_immutable',
      // A self-hosted operator has no support desk: the message names the CLI command that sets the address.
      message: expect.stringContaining(`npx levy accounts update --account ${accountId} --address`),
      status: 403,
      request_id: expect.any(String),
    });
    expect(res.body.message).not.toMatch(/contact support/i);
    const after = await callRoute('entities-get', { accountId, pathParameters: { id: primaryId } });
    expect(after.body).toEqual(before.body);
  });

  describe('address.country', () => {
    const paris = { line1: '1 quai de Conti', city: 'Paris', postal_code: '75006' };

    it("is accepted when it is the entity's own country, and not stored apart (the address is in the entity's country)", async () => {
      const res = await callRoute('entities-create', { accountId, body: { name: 'Filiale SAS', country: 'FR', address: { ...paris, country: 'fr' } } });
      expect(res.status).toBe(201);
      expect(res.body.address).toEqual(paris);
      const patched = await callRoute('entities-update', {
        accountId,
        pathParameters: { id: res.body.id },
        body: { address: { ...paris, line2: 'Bât. A', country: 'FR' } },
      });
      expect(patched.status).toBe(200);
      expect(patched.body.address).toEqual({ ...paris, line2: 'Bât. A' });
    });

    it("is refused, naming both countries, when it is another country than the entity's (create, and update against the stored country)", async () => {
      const created = await callRoute('entities-create', { accountId, body: { name: 'Filiale SAS', country: 'FR', address: { ...paris, country: 'DE' } } });
      expect(created.status).toBe(400);
      expect(created.body.message).toContain("'address.country' is 'DE', but the entity's country is 'FR'");
      const { body: entity } = await callRoute('entities-create', { accountId, body: { name: 'Filiale SAS', country: 'FR', address: paris } });
      const patched = await callRoute('entities-update', { accountId, pathParameters: { id: entity.id }, body: { address: { ...paris, country: 'DE' } } });
      expect(patched.status).toBe(400);
      expect(patched.body.message).toContain("'address.country' is 'DE', but the entity's country is 'FR'");
      expect((await callRoute('entities-get', { accountId, pathParameters: { id: entity.id } })).body.address).toEqual(paris);
    });
  });

  it("answers 404 for another account's entity, also for its primary", async () => {
    const other = await newTestAccount('US', 'Other Inc');
    const { body: entity } = await callRoute('entities-create', { accountId, body: { name: 'Sub', country: 'FR' } });
    for (const id of [entity.id, primaryId]) {
      expect((await callRoute('entities-get', { accountId: other.account_id, pathParameters: { id } })).status).toBe(404);
      const patch = await callRoute('entities-update', { accountId: other.account_id, pathParameters: { id }, body: { name: 'x' } });
      expect(patch.status).toBe(404);
    }
    expect((await callRoute('entities-update', { accountId, pathParameters: { id: 'ent_missing' }, body: { name: 'x' } })).status).toBe(404);
  });
});
