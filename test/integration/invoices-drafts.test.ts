/**
 * Integration: invoices on DynamoDB Local, through the shared pipeline, before finalization: the seller's address on
 * entities (and the primary entity's, operator only), invoice series, list pagination, and drafts.
 */
import { callRoute, newTestAccount } from '../support/api';
import { frenchShop, newInvoiceSeller, saas, sellerAddress } from '../support/invoice-seller';
import { ports } from '../../src/composition/all-ports';
import { updatePrimarySellerDetails } from '../../local/admin/accounts';

describe('invoices', () => {
  let accountId: string;
  let sellerId: string;
  let seriesId: string;

  const createEntity = async (body: Record<string, unknown>) => callRoute('entities-create', { accountId, body });
  const createSeries = async (body: Record<string, unknown>, account = accountId) => callRoute('invoice-series-create', { accountId: account, body });
  const draft = async (body: Record<string, unknown>) =>
    callRoute('invoices-create', { accountId, body: { series_id: seriesId, currency: 'EUR', issue_date: '2026-10-05', ...body } });
  const finalize = (id: string) => callRoute('invoices-finalize', { accountId, pathParameters: { id } });

  beforeAll(async () => {
    ({ accountId, sellerId, seriesId } = await newInvoiceSeller());
  });

  describe('the seller address on entities', () => {
    it('is set on create, replaced or removed by PATCH, and checked', async () => {
      const created = await createEntity({ name: 'Levy Paris SAS', country: 'FR', address: { line1: '1 quai de Conti', city: 'Paris', postal_code: '75006' } });
      expect(created.body.address).toEqual({ line1: '1 quai de Conti', city: 'Paris', postal_code: '75006' });
      const id = created.body.id;
      const patched = await callRoute('entities-update', {
        accountId,
        pathParameters: { id },
        body: { address: { line1: '2 rue Bonaparte', line2: 'Batiment B', city: 'Paris', postal_code: '75006' } },
      });
      expect(patched.status).toBe(200);
      expect(patched.body.address).toEqual({ line1: '2 rue Bonaparte', line2: 'Batiment B', city: 'Paris', postal_code: '75006' });
      const cleared = await callRoute('entities-update', { accountId, pathParameters: { id }, body: { address: null } });
      expect(cleared.body.address).toBeNull();
      const bad = await createEntity({ name: 'X', country: 'FR', address: { line1: 'a', city: 'Paris' } });
      expect(bad.status).toBe(400);
      expect(bad.body.message).toContain("'address.postal_code'");
    });
  });

  describe("the primary entity's address (operator only)", () => {
    it('is refused by the API and set by the admin use case behind `levy accounts update --address`', async () => {
      const account = await newTestAccount('DE', 'Primary GmbH');
      const primary = account.primary_entity ?? (await callRoute('entities-list', { accountId: account.account_id, query: {} })).body.data[0];
      const refused = await callRoute('entities-update', {
        accountId: account.account_id,
        pathParameters: { id: primary.id },
        body: { address: sellerAddress },
      });
      expect(refused.status).toBe(403);
      const updated = await updatePrimarySellerDetails(ports, account.account_id, { address: sellerAddress });
      expect(updated).toMatchObject({ id: primary.id, is_primary: true, address: sellerAddress });
      expect((await callRoute('entities-get', { accountId: account.account_id, pathParameters: { id: primary.id } })).body.address).toEqual(sellerAddress);
      expect((await updatePrimarySellerDetails(ports, account.account_id, { address: null })).address).toBeNull();
      await expect(updatePrimarySellerDetails(ports, 'acct_missing', { address: null })).rejects.toThrow(/No account/);
    });
  });

  describe('series', () => {
    it('creates, gets and lists series; an unknown entity is 404; another account sees none', async () => {
      const got = await callRoute('invoice-series-get', { accountId, pathParameters: { id: seriesId } });
      expect(got.body).toMatchObject({ id: seriesId, entity_id: sellerId, prefix: 'INV-2026-' });
      const list = await callRoute('invoice-series-list', { accountId, query: {} });
      expect(list.body.data.map((s: { id: string }) => s.id)).toContain(seriesId);
      const unknown = await createSeries({ entity_id: 'ent_0000000000000000000000000', prefix: 'X' });
      expect(unknown.status).toBe(404);
      const bad = await createSeries({ entity_id: sellerId, prefix: 'has space', next_number: 0 });
      expect(bad.status).toBe(400);
      const other = (await newTestAccount()).account_id;
      expect((await callRoute('invoice-series-get', { accountId: other, pathParameters: { id: seriesId } })).status).toBe(404);
    });
  });

  describe('lists', () => {
    // Found by the HTTP fuzz: a starting_after of another shape made DynamoDB refuse the Query's start key (500).
    it('page by starting_after; one that is not an id of the kind listed is 400 naming it', async () => {
      const first = await draft({ customer: frenchShop, line_items: [saas('a', 100)] });
      const second = await draft({ customer: frenchShop, line_items: [saas('a', 200)] });
      const after = await callRoute('invoices-list', { accountId, query: { starting_after: first.body.id, limit: '100' } });
      expect(after.status).toBe(200);
      const ids = after.body.data.map((i: { id: string }) => i.id);
      expect(ids).toContain(second.body.id);
      expect(ids).not.toContain(first.body.id);
      for (const [route, cursor] of [
        ['invoices-list', 'x'],
        ['invoices-list', seriesId],
        ['invoice-series-list', 'N'],
        ['invoice-series-list', first.body.id],
      ] as const) {
        const res = await callRoute(route, { accountId, query: { starting_after: cursor } });
        expect(res.status).toBe(400);
        expect(res.body.message).toContain('starting_after');
      }
      const seriesPage = await callRoute('invoice-series-list', { accountId, query: { starting_after: seriesId } });
      expect(seriesPage.status).toBe(200);
      expect(seriesPage.body.data.map((s: { id: string }) => s.id)).not.toContain(seriesId);
    });
  });

  describe('drafts', () => {
    it('creates, patches and deletes a draft; needs a buyer; a finalized invoice never changes (409)', async () => {
      const noBuyer = await draft({ line_items: [saas('a', 100)] });
      expect(noBuyer.status).toBe(400);
      expect(noBuyer.body.message).toContain('customer_id');
      const created = await draft({ customer: { ...frenchShop, type: 'B2C' }, line_items: [saas('a', 10_000)] });
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({ status: 'draft', number: null, entity_id: sellerId, tax_behavior: 'exclusive' });
      const id = created.body.id;
      const patched = await callRoute('invoices-update', { accountId, pathParameters: { id }, body: { line_items: [saas('a', 20_000)] } });
      expect(patched.status).toBe(200);
      expect(patched.body.line_items[0].amount).toBe(20_000);
      const other = await draft({ customer: frenchShop, line_items: [saas('a', 1)] });
      expect((await callRoute('invoices-delete', { accountId, pathParameters: { id: other.body.id } })).status).toBe(204);
      expect((await callRoute('invoices-get', { accountId, pathParameters: { id: other.body.id } })).status).toBe(404);

      expect((await finalize(id)).status).toBe(200);
      const patchFinal = await callRoute('invoices-update', { accountId, pathParameters: { id }, body: { issue_date: '2026-10-06' } });
      expect(patchFinal.status).toBe(409);
      expect(patchFinal.body.error).toBe('invoice_not_draft');
      const deleteFinal = await callRoute('invoices-delete', { accountId, pathParameters: { id } });
      expect(deleteFinal.body.error).toBe('invoice_not_draft');
    });
  });
});
