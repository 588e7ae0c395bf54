/** Integration: the product and tax-code routes on DynamoDB Local, through the shared pipeline. */
import { ports } from '../../src/composition/all-ports';
import { taxCodeOn, updatedProduct, type Product } from '../../src/domain/products/product';
import { updateProduct } from '../../src/usecases/products';
import { callRoute, newTestAccount } from '../support/api';

const today = () => new Date().toISOString().slice(0, 10);

describe('tax codes', () => {
  let accountId: string;
  beforeAll(async () => {
    accountId = (await newTestAccount()).account_id;
  });

  it('lists the whole catalogue in one page', async () => {
    const res = await callRoute('tax-codes-list', { accountId });
    expect(res.status).toBe(200);
    expect(res.body.has_more).toBe(false);
    expect(res.body.data.length).toBeGreaterThanOrEqual(40);
    const groceries = res.body.data.find((code: { id: string }) => code.id === 'levy_groceries');
    // TaxJar GET /v2/categories: 40030 "Food & Groceries"; Stripe GET /v1/tax_codes: txcd_40040000 "Food".
    expect(groceries).toEqual({
      id: 'levy_groceries',
      name: expect.any(String),
      description: expect.any(String),
      category: 'PHYSICAL_GOODS',
      default_delivery: 'SHIPPED',
      crosswalk: { stripe: 'txcd_40040000', taxjar: '40030', avalara: null },
    });
  });

  it('gets one code, and answers 404 for an unknown or malformed one', async () => {
    const got = await callRoute('tax-codes-get', { accountId, pathParameters: { id: 'levy_saas_business' } });
    expect(got.status).toBe(200);
    // Stripe GET /v1/tax_codes: txcd_10103001 "Software as a service (SaaS) - business use"; TaxJar 30070 "Software as a Service".
    expect(got.body).toMatchObject({ id: 'levy_saas_business', category: 'SAAS', crosswalk: { stripe: 'txcd_10103001', taxjar: '30070' } });
    for (const id of ['levy_unicorns', 'txcd_99999999']) {
      const missing = await callRoute('tax-codes-get', { accountId, pathParameters: { id } });
      expect(missing.status).toBe(404);
      expect(missing.body).toMatchObject({ error: 'not_found', message: expect.stringContaining(id) });
    }
    expect((await callRoute('tax-codes-list', { accountId, query: { limit: '5' } })).status).toBe(400);
  });
});

describe('products', () => {
  let accountId: string;
  let otherAccountId: string;
  beforeAll(async () => {
    accountId = (await newTestAccount()).account_id;
    otherAccountId = (await newTestAccount('US', 'Other Inc')).account_id;
  });

  const create = (body: unknown, account = accountId) => callRoute('products-create', { accountId: account, body });

  it('creates a product with a Levy id, its tax code history starting today, and reads it back', async () => {
    const res = await create({ name: '  Team plan ', tax_code: 'levy_saas_business', sku: 'TEAM-M' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      name: 'Team plan',
      tax_code: 'levy_saas_business',
      tax_code_history: [{ tax_code: 'levy_saas_business', effective_from: today() }],
      sku: 'TEAM-M',
      description: null,
      active: true,
    });
    expect(res.body.id).toMatch(/^prod_[0-9a-z]{25}$/);
    const got = await callRoute('products-get', { accountId, pathParameters: { id: res.body.id } });
    expect(got.status).toBe(200);
    expect(got.body).toEqual(res.body);
  });

  it("takes the caller's own id, and a second product with it is a 409", async () => {
    const first = await create({ id: 'sku_basket.1-A', name: 'Fruit basket', tax_code: 'levy_groceries' });
    expect(first.status).toBe(201);
    expect(first.body.id).toBe('sku_basket.1-A');
    const again = await create({ id: 'sku_basket.1-A', name: 'Other', tax_code: 'levy_general_goods' });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ error: 'product_exists', message: expect.stringContaining('sku_basket.1-A') });
    expect((await callRoute('products-get', { accountId, pathParameters: { id: 'sku_basket.1-A' } })).body.name).toBe('Fruit basket');
    // Another account may use the same id: ids are per account.
    expect((await create({ id: 'sku_basket.1-A', name: 'Theirs', tax_code: 'levy_books' }, otherAccountId)).status).toBe(201);
  });

  it('answers the same create sent again (the same body, key order aside) with the stored product, once, and one event', async () => {
    const body = { id: 'sku_retry.1', name: 'Retried plan', tax_code: 'levy_saas', sku: 'R-1' };
    const first = await create(body);
    expect(first.status).toBe(201);
    const again = await create({ sku: 'R-1', tax_code: 'levy_saas', name: 'Retried plan', id: 'sku_retry.1' });
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    const events = (await callRoute('events-list', { accountId, query: { type: 'product.created', limit: '100' } })).body.data as {
      data: { object: { id: string } };
    }[];
    expect(events.filter((e) => e.data.object.id === 'sku_retry.1')).toHaveLength(1);
    // Another body under the id is another product: 409.
    expect((await create({ ...body, sku: 'R-2' })).status).toBe(409);
  });

  it.each([
    [{ name: 'A', tax_code: 'levy_unicorns' }, "'tax_code' is 'levy_unicorns', which is not a Levy tax code"],
    [{ name: 'A', tax_code: 'SAAS' }, "'tax_code' is 'SAAS'"],
    [{ name: 'A' }, "'tax_code' is required"],
    [{ tax_code: 'levy_saas' }, "'name' is required"],
    [{ id: 'has space', name: 'A', tax_code: 'levy_saas' }, "'id' must be 1-64 characters"],
    [{ id: 'x'.repeat(65), name: 'A', tax_code: 'levy_saas' }, "'id' must be 1-64 characters"],
    [{ id: 'a#b', name: 'A', tax_code: 'levy_saas' }, "'id' must be 1-64 characters"],
    [{ id: '..', name: 'A', tax_code: 'levy_saas' }, "(not '.' or '..' alone)"],
    [{ name: 'A', tax_code: 'levy_saas', price: 10 }, "Unknown field 'price'"],
  ])('refuses %j with 400 naming the field', async (body, message) => {
    const res = await create(body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: 'validation_error', message: expect.stringContaining(message), status: 400, request_id: expect.any(String) });
  });

  it('lists with cursor pagination in id order', async () => {
    const acct = (await newTestAccount()).account_id;
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push((await create({ name: `P${i}`, tax_code: 'levy_general_goods' }, acct)).body.id);
    const first = await callRoute('products-list', { accountId: acct, query: { limit: '2' } });
    expect(first.status).toBe(200);
    expect(first.body.data.map((p: Product) => p.id)).toEqual(ids.slice(0, 2));
    expect(first.body.has_more).toBe(true);
    const rest = await callRoute('products-list', { accountId: acct, query: { limit: '100', starting_after: ids[1] } });
    expect(rest.body.data.map((p: Product) => p.id)).toEqual(ids.slice(2));
    expect(rest.body.has_more).toBe(false);
    expect((await callRoute('products-list', { accountId: acct, query: { limit: '0' } })).status).toBe(400);
  });

  it('updates fields, clears sku and description with null, and keeps the tax code history effective-dated', async () => {
    const { body: product } = await create({ name: 'Course', tax_code: 'levy_online_courses', sku: 'C-1', description: 'Video course' });
    // A change dated back to the day the product was created replaces that day's code.
    const same = await callRoute('products-update', {
      accountId,
      pathParameters: { id: product.id },
      body: { tax_code: 'levy_training_live_virtual', sku: null, description: null },
    });
    expect(same.status).toBe(200);
    expect(same.body).toMatchObject({
      tax_code: 'levy_training_live_virtual',
      sku: null,
      description: null,
      tax_code_history: [{ tax_code: 'levy_training_live_virtual', effective_from: today() }],
    });

    const refused = await callRoute('products-update', {
      accountId,
      pathParameters: { id: product.id },
      body: { tax_code: 'levy_saas', tax_code_effective_from: '2001-01-01' },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toContain("'tax_code_effective_from'");
    const future = await callRoute('products-update', {
      accountId,
      pathParameters: { id: product.id },
      body: { tax_code: 'levy_saas', tax_code_effective_from: '2999-01-01' },
    });
    expect(future.status).toBe(400);
    const alone = await callRoute('products-update', { accountId, pathParameters: { id: product.id }, body: { tax_code_effective_from: today() } });
    expect(alone.status).toBe(400);
    expect((await callRoute('products-update', { accountId, pathParameters: { id: product.id }, body: { tax_code: 'levy_nope' } })).status).toBe(400);
    expect((await callRoute('products-update', { accountId, pathParameters: { id: product.id }, body: {} })).status).toBe(400);
  });

  it('a tax code change keeps the earlier code for earlier dates (the history a refund reuses)', async () => {
    const { body: product } = await create({ id: 'ebook-42', name: 'Handbook', tax_code: 'levy_ebooks' });
    // Stored as if created on 2026-01-10 (the store keeps what it is given), then changed on 2026-03-01 and 2026-04-01.
    const start: Product = { ...product, tax_code_history: [{ tax_code: 'levy_ebooks', effective_from: '2026-01-10' }] };
    expect(await ports.products.replaceIfUnchanged(accountId, start, product.updated_at)).toBe(true);
    const march = await updateProduct(ports, accountId, 'ebook-42', { tax_code: 'levy_books' }, () => new Date('2026-03-01T12:00:00Z'));
    const april = await updateProduct(ports, accountId, 'ebook-42', { tax_code: 'levy_audiobooks' }, () => new Date('2026-04-01T12:00:00Z'));
    expect(march.tax_code).toBe('levy_books');
    expect(april.tax_code_history).toEqual([
      { tax_code: 'levy_ebooks', effective_from: '2026-01-10' },
      { tax_code: 'levy_books', effective_from: '2026-03-01' },
      { tax_code: 'levy_audiobooks', effective_from: '2026-04-01' },
    ]);
    const stored = (await callRoute('products-get', { accountId, pathParameters: { id: 'ebook-42' } })).body as Product;
    expect(taxCodeOn(stored, '2026-02-15')).toBe('levy_ebooks');
    expect(taxCodeOn(stored, '2026-03-01')).toBe('levy_books');
    expect(taxCodeOn(stored, '2026-05-01')).toBe('levy_audiobooks');
    expect(taxCodeOn(stored, '2025-12-31')).toBe('levy_ebooks'); // before the product existed: its first code
  });

  it('a concurrent change is not overwritten: the update reads again and applies on top', async () => {
    const { body: product } = await create({ name: 'Race', tax_code: 'levy_general_goods' });
    // The store as the use case sees it, but another request changes the product right after this one's first read.
    let raced = false;
    const racing: typeof ports.products = Object.create(ports.products, {
      get: {
        value: async (account: string, id: string) => {
          const read = await ports.products.get(account, id);
          if (!raced && read) {
            raced = true;
            await updateProduct({ products: ports.products }, account, id, { sku: 'SET-ELSEWHERE' });
          }
          return read;
        },
      },
    });
    const patched = await updateProduct({ products: racing }, accountId, product.id, { name: 'Race 2' });
    expect(raced).toBe(true);
    expect(patched).toMatchObject({ name: 'Race 2', sku: 'SET-ELSEWHERE' });
    expect(await ports.products.get(accountId, product.id)).toMatchObject({ name: 'Race 2', sku: 'SET-ELSEWHERE' });
  });

  it('gives up with 409 product_changed_concurrently when every attempt loses the race', async () => {
    const { body: product } = await create({ name: 'Busy', tax_code: 'levy_general_goods' });
    let changes = 0;
    const alwaysRacing: typeof ports.products = Object.create(ports.products, {
      get: {
        value: async (account: string, id: string) => {
          const read = await ports.products.get(account, id);
          changes++;
          await ports.products.replaceIfUnchanged(
            account,
            { ...read!, description: `change ${changes}`, updated_at: new Date(Date.parse(read!.updated_at) + 1).toISOString() },
            read!.updated_at,
          );
          return read;
        },
      },
    });
    await expect(updateProduct({ products: alwaysRacing }, accountId, product.id, { name: 'Never' })).rejects.toMatchObject({
      status: 409,
      code: 'product_changed_concurrently',
    });
    expect(changes).toBe(3);
    expect((await ports.products.get(accountId, product.id))!.name).toBe('Busy');
  });

  it('moves updated_at on with every write, even two in one millisecond, so a stale condition cannot pass', () => {
    const at = new Date('2026-03-01T08:00:00.000Z');
    const stored = {
      id: 'p',
      name: 'A',
      tax_code: 'levy_saas',
      tax_code_history: [{ tax_code: 'levy_saas', effective_from: '2026-03-01' }],
      sku: null,
      description: null,
      active: true,
      created_at: at.toISOString(),
      updated_at: at.toISOString(),
    } as Product;
    expect(updatedProduct(stored, { name: 'B' }, at).updated_at).toBe('2026-03-01T08:00:00.001Z');
  });

  it('DELETE archives: active false, still readable and listed; PATCH active true restores it', async () => {
    const { body: product } = await create({ name: 'Old plan', tax_code: 'levy_saas' });
    const archived = await callRoute('products-archive', { accountId, pathParameters: { id: product.id } });
    expect(archived.status).toBe(200);
    expect(archived.body).toMatchObject({ id: product.id, active: false, tax_code: 'levy_saas' });
    expect((await callRoute('products-get', { accountId, pathParameters: { id: product.id } })).body.active).toBe(false);
    expect((await callRoute('products-archive', { accountId, pathParameters: { id: product.id } })).status).toBe(200);
    const restored = await callRoute('products-update', { accountId, pathParameters: { id: product.id }, body: { active: true } });
    expect(restored.body.active).toBe(true);
    expect((await callRoute('products-archive', { accountId, pathParameters: { id: 'no-such-product' } })).status).toBe(404);
  });

  it("answers 404 for another account's product on GET, PATCH and DELETE and leaves it intact", async () => {
    const { body: product } = await create({ name: 'Mine', tax_code: 'levy_clothing' });
    const asOther = { accountId: otherAccountId, pathParameters: { id: product.id } };
    expect((await callRoute('products-get', asOther)).status).toBe(404);
    expect((await callRoute('products-update', { ...asOther, body: { name: 'Stolen' } })).status).toBe(404);
    expect((await callRoute('products-archive', asOther)).status).toBe(404);
    const list = await callRoute('products-list', { accountId: otherAccountId, query: { limit: '100' } });
    expect(list.body.data.find((p: Product) => p.id === product.id)).toBeUndefined();
    const still = await callRoute('products-get', { accountId, pathParameters: { id: product.id } });
    expect(still.body).toMatchObject({ name: 'Mine', active: true });
    // A path id no product can have is a 404 before any read; one over 128 characters a 400.
    expect((await callRoute('products-get', { accountId, pathParameters: { id: 'a b' } })).status).toBe(404);
    expect((await callRoute('products-get', { accountId, pathParameters: { id: 'x'.repeat(129) } })).status).toBe(400);
  });
});
