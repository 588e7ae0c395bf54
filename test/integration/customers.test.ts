/** Integration: the customer routes on DynamoDB Local, through the shared pipeline. */
import { customerStore } from '../../src/composition/ports';
import { cancellationCodes, transactWrite } from '../../src/adapters/dynamodb/transact';
import { callRoute, newTestAccount } from '../support/api';

describe('customers', () => {
  let accountId: string;
  let otherAccountId: string;
  beforeAll(async () => {
    accountId = (await newTestAccount()).account_id;
    otherAccountId = (await newTestAccount('US', 'Other Inc')).account_id;
  });

  const create = (body: unknown, account = accountId) => callRoute('customers-create', { accountId: account, body });

  it('creates a customer with checked tax IDs; an invalid one is kept and flagged', async () => {
    const res = await create({
      name: ' Acme Retail ',
      customer_type: 'RESELLER',
      address: { country: 'de', postal_code: '10115', city: 'Berlin' },
      // DE136695976: a valid German VAT number (docs/tax-ids.md); DE136695977 fails its check digit.
      tax_ids: [{ value: 'DE136695976' }, { value: 'DE136695977' }],
    });
    expect(res.status).toBe(201);
    expect(res.body.id).toMatch(/^cus_[0-9a-z]{25}$/);
    expect(res.body).toMatchObject({
      name: 'Acme Retail',
      email: null,
      customer_type: 'RESELLER',
      address: { country: 'DE', postal_code: '10115', city: 'Berlin' },
    });
    expect(res.body.tax_ids).toEqual([
      { type: 'eu_vat', value: 'DE136695976', valid: true, country: 'DE', normalized: 'DE136695976', checked_at: res.body.created_at },
      { type: 'eu_vat', value: 'DE136695977', valid: false, country: 'DE', normalized: null, reason: 'invalid_checksum', checked_at: res.body.created_at },
    ]);
    const got = await callRoute('customers-get', { accountId, pathParameters: { id: res.body.id } });
    expect(got.body).toEqual(res.body);
  });

  it("takes the caller's own id once; the same id again is 409, in another account it is free", async () => {
    const id = `crm.${Date.now()}-1`;
    const first = await create({ id, name: 'Own Id', address: { country: 'US', state: 'TX' } });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ id, customer_type: 'B2C', tax_ids: [] });
    const again = await create({ id, name: 'Other', address: { country: 'US' } });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ error: 'customer_exists', status: 409 });
    expect((await callRoute('customers-get', { accountId, pathParameters: { id } })).body.name).toBe('Own Id');
    expect((await create({ id, name: 'Theirs', address: { country: 'US' } }, otherAccountId)).status).toBe(201);
  });

  it('answers the same create sent again (the same body) with the stored customer, once, and one event', async () => {
    const id = `crm.${Date.now()}-retry`;
    const body = { id, name: 'Retried', address: { country: 'DE', postal_code: '10115' }, tax_ids: [{ value: 'DE136695976' }] };
    const first = await create(body);
    expect(first.status).toBe(201);
    const again = await create(body);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    const events = (await callRoute('events-list', { accountId, query: { type: 'customer.created', limit: '100' } })).body.data as {
      data: { object: { id: string } };
    }[];
    expect(events.filter((e) => e.data.object.id === id)).toHaveLength(1);
    expect((await create({ ...body, name: 'Someone else' })).status).toBe(409);
  });

  it.each([
    [{ address: { country: 'US' } }, "'name' is required"],
    [{ name: 'A' }, "'address' is required"],
    [{ name: 'A', address: { country: 'XX' } }, "'address.country' must be an assigned"],
    [{ name: 'A', address: { country: 'US', state: 'ZZ' } }, "'address.state' is 'ZZ', which is not a region of US"],
    [{ name: 'A', address: { country: 'US', postal_code: 'ABCDE' } }, "'address.postal_code' is 'ABCDE'"],
    [{ name: 'A', address: { country: 'US' }, customer_type: 'PERSON' }, "'customer_type' must be one of"],
    [{ name: 'A', address: { country: 'US' }, id: 'has space' }, "'id' must be 1-64 characters"],
    [{ name: 'A', address: { country: 'US' }, id: 'x'.repeat(65) }, "'id' must be 1-64 characters"],
    // '.' and '..' alone are directory steps in a URL and in the document's storage key.
    [{ name: 'A', address: { country: 'US' }, id: '..' }, "(not '.' or '..' alone)"],
    [{ name: 'A', address: { country: 'US' }, id: '.' }, "(not '.' or '..' alone)"],
    [{ name: 'A', address: { country: 'US' }, tax_ids: [{ type: 'xx_nope', value: '1' }] }, "'tax_ids[0].type' must be a supported"],
    [{ name: 'A', address: { country: 'US' }, colour: 'red' }, "Unknown field 'colour'"],
  ])('refuses %j with 400 naming the field', async (body, message) => {
    const res = await create(body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: 'validation_error', message: expect.stringContaining(message), status: 400 });
  });

  it('lists with cursor pagination', async () => {
    const acct = (await newTestAccount()).account_id;
    const ids: string[] = [];
    for (let i = 0; i < 4; i++) ids.push((await create({ name: `C${i}`, address: { country: 'FR' } }, acct)).body.id);
    const first = await callRoute('customers-list', { accountId: acct, query: { limit: '3' } });
    expect(first.body.data.map((c: { id: string }) => c.id)).toEqual(ids.slice(0, 3));
    expect(first.body.has_more).toBe(true);
    const rest = await callRoute('customers-list', { accountId: acct, query: { starting_after: ids[2] } });
    expect(rest.body).toEqual({ data: [expect.objectContaining({ id: ids[3] })], has_more: false });
  });

  it('updates: tax IDs are checked again, null clears email, address replaced whole', async () => {
    const { body: customer } = await create({ name: 'Patch', email: 'a@b.example', address: { country: 'GB', city: 'London' } });
    // GB980780684: HMRC's published example VAT number (valid check digits; docs/tax-ids.md).
    const patched = await callRoute('customers-update', {
      accountId,
      pathParameters: { id: customer.id },
      body: { email: null, tax_ids: [{ value: '980780684' }], address: { country: 'GB', postal_code: 'sw1a1aa' } },
    });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ email: null, address: { country: 'GB', postal_code: 'SW1A 1AA' } });
    expect(patched.body.address.city).toBeUndefined();
    expect(patched.body.tax_ids).toEqual([expect.objectContaining({ value: '980780684', valid: true, type: 'gb_vat', normalized: 'GB980780684' })]);
    expect((await callRoute('customers-update', { accountId, pathParameters: { id: customer.id }, body: {} })).status).toBe(400);
  });

  it('deletes a customer without transactions (204, then 404), and refuses one a transaction names (409)', async () => {
    const { body: free } = await create({ name: 'Free', address: { country: 'US' } });
    expect((await callRoute('customers-delete', { accountId, pathParameters: { id: free.id } })).status).toBe(204);
    expect((await callRoute('customers-get', { accountId, pathParameters: { id: free.id } })).status).toBe(404);
    expect((await callRoute('customers-delete', { accountId, pathParameters: { id: free.id } })).status).toBe(404);

    const { body: buyer } = await create({ name: 'Buyer', address: { country: 'US', state: 'TX' } });
    // What the wiring will put in the transaction that records a sale naming the customer.
    await transactWrite([(await customerStore()).recordTransactionItem(accountId, buyer.id)]);
    const refused = await callRoute('customers-delete', { accountId, pathParameters: { id: buyer.id } });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ error: 'customer_has_transactions', status: 409 });
    expect((await callRoute('customers-get', { accountId, pathParameters: { id: buyer.id } })).status).toBe(200);
    // The counter never leaves the store.
    expect(Object.keys((await callRoute('customers-get', { accountId, pathParameters: { id: buyer.id } })).body)).not.toContain('transaction_count');
  });

  it('a transaction naming a deleted customer fails: the marker write is conditional on the customer', async () => {
    const refused = await transactWrite([(await customerStore()).recordTransactionItem(accountId, 'no-such-customer')]).then(
      () => undefined,
      (error: unknown) => error,
    );
    // Refused by the item's condition (the customer must exist), not by anything else (a wrong table, a bad request).
    expect(cancellationCodes(refused)).toEqual(['ConditionalCheckFailed']);
  });

  it("answers 404 for another account's customer on GET, PATCH and DELETE and leaves it intact", async () => {
    const { body: customer } = await create({ name: 'Mine', address: { country: 'DE' } });
    const asOther = { accountId: otherAccountId, pathParameters: { id: customer.id } };
    expect((await callRoute('customers-get', asOther)).status).toBe(404);
    expect((await callRoute('customers-update', { ...asOther, body: { name: 'Stolen' } })).status).toBe(404);
    expect((await callRoute('customers-delete', asOther)).status).toBe(404);
    expect((await callRoute('customers-get', { accountId, pathParameters: { id: customer.id } })).body.name).toBe('Mine');
  });
});
