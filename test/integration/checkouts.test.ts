/**
 * Integration: checkouts (docs/checkouts.md) on DynamoDB Local: required_fields derived from the engine and
 * the imported ZIP tables, PATCH, completion recorded once (also concurrently), expiry (TTL plus a computed status).
 */
import { documentClient } from '../../src/adapters/dynamodb/client';
import { checkouts, zipSides } from '../../src/composition/ports';
import { saleRecordingDeps } from '../../src/composition/sales';
import { tableName } from '../../src/config/environment';
import { completeCheckout, getCheckout } from '../../src/usecases/checkouts';
import { callRoute, newTestAccount } from '../support/api';
import { importZipRows } from '../support/shared-data';

const deps = { ...saleRecordingDeps, checkouts, zipSides };
const lamp = (id: string, amount: number) => ({ id, amount, product_category: 'PHYSICAL_GOODS', delivery_method: 'SHIPPED' });
const saas = (id: string, amount: number) => ({ id, amount, product_category: 'SAAS', delivery_method: 'CLOUD' });

describe('checkouts', () => {
  let us: string;
  let de: string;
  beforeAll(async () => {
    us = (await newTestAccount('US', 'Lamp Shop Inc')).account_id;
    de = (await newTestAccount()).account_id;
    // 57068 is listed under MN (Rock, 6.875 %) and SD (Valley Springs, 6.2 %) in Avalara's March 2026 table.
    await importZipRows([
      ['MN', '57068'],
      ['SD', '57068'],
    ]);
  });

  const create = (accountId: string, body: unknown) => callRoute('checkouts-create', { accountId, body });
  const patch = (accountId: string, id: string, body: unknown) => callRoute('checkouts-update', { accountId, pathParameters: { id }, body });
  const complete = (accountId: string, id: string, transaction_id: string) =>
    callRoute('checkouts-complete', { accountId, pathParameters: { id }, body: { transaction_id } });

  it('asks for the full address of a ZIP the tables rate differently by side, then quotes it and completes once', async () => {
    const opened = await create(us, { currency: 'USD', location: { country: 'US', postal_code: '57068' }, line_items: [lamp('lamp', 10_000)] });
    expect(opened.status).toBe(201);
    expect(opened.body).toMatchObject({
      status: 'open',
      required_fields: ['location.city', 'location.line1', 'location.state'],
      transaction_id: null,
      payment_link_id: null,
    });
    expect(opened.body.id).toMatch(/^chk_/);

    const early = await complete(us, opened.body.id, 'order-57068');
    expect(early.status).toBe(422);
    expect(early.body).toMatchObject({ error: 'checkout_incomplete', message: expect.stringContaining('location.city, location.line1, location.state') });

    const full = await patch(us, opened.body.id, {
      location: { country: 'US', state: 'SD', postal_code: '57068', city: 'Valley Springs', line1: '100 Main St' },
    });
    expect(full.status).toBe(200);
    // SD,57068,VALLEY SPRINGS,0.062000 (Avalara TAXRATES_ZIP5_SD202603.csv, ../shared/data/us-zip5-rates-2026-03): 6.2 % of 100.00.
    expect(full.body).toMatchObject({ status: 'open', required_fields: [], subtotal: 10_000, tax_total: 620, total: 10_620, jurisdiction: { state: 'SD' } });

    const first = await complete(us, opened.body.id, 'order-57068');
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ status: 'complete', transaction_id: 'order-57068', completed_at: expect.any(String) });
    // A second completion, even under another id, answers the same transaction and records nothing.
    const second = await complete(us, opened.body.id, 'order-57068-again');
    expect(second.body).toMatchObject({ status: 'complete', transaction_id: 'order-57068' });
    expect((await callRoute('transactions-get', { accountId: us, pathParameters: { id: 'order-57068-again' } })).status).toBe(404);
    const sale = await callRoute('transactions-get', { accountId: us, pathParameters: { id: 'order-57068' } });
    expect(sale.status).toBe(200);
    expect(sale.body).toMatchObject({ currency: 'USD', line_items: [{ id: 'lamp', amount: 10_000, tax_amount: 620 }] });
    const completedEvents = (await callRoute('events-list', { accountId: us, query: { type: 'checkout.completed', limit: '100' } })).body.data as any[];
    expect(completedEvents.filter((e) => e.data.object.id === opened.body.id)).toHaveLength(1);
    // A completed checkout no longer changes.
    expect((await patch(us, opened.body.id, { customer: { type: 'B2C' } })).body).toMatchObject({ status: 409, error: 'checkout_completed' });
  });

  it('needs nothing more for a ZIP with one rate', async () => {
    const opened = await create(us, { currency: 'USD', location: { country: 'US', state: 'MN', postal_code: '57068' }, line_items: [lamp('lamp', 10_000)] });
    // The MN row alone is asked for once the state is given: MN,57068,ROCK,0.068750 (Avalara TAXRATES_ZIP5_MN202603.csv).
    expect(opened.body).toMatchObject({ required_fields: ['location.city', 'location.line1'], tax_total: 688 });
    const other = await create(us, { currency: 'USD', location: { country: 'US', state: 'NY' }, line_items: [lamp('lamp', 10_000)] });
    expect(other.body.required_fields).toEqual(['location.postal_code']);
  });

  it('asks for the VAT number of a business buyer the engine would reverse-charge, and applies it once given', async () => {
    const opened = await create(de, { currency: 'EUR', customer: { type: 'B2B' }, location: { country: 'FR' }, line_items: [saas('plan', 10_000)] });
    // Taxed as B2C meanwhile: French VAT 20 % (CGI art. 278) on a B2C e-service supplied to France (Directive 2006/112/EC art. 58).
    expect(opened.body).toMatchObject({ required_fields: ['customer.tax_id'], tax_total: 2_000, customer: { applied_type: 'B2C', reason: 'tax_id_missing' } });
    const proven = await patch(de, opened.body.id, { customer: { type: 'B2B', tax_id: 'FR40303265045' } });
    // Reverse charge (Directive 2006/112/EC art. 196): no VAT charged.
    expect(proven.body).toMatchObject({ required_fields: [], reverse_charge_applicable: true, tax_total: 0 });
    // A consumer in the same place needs nothing more.
    expect((await create(de, { currency: 'EUR', location: { country: 'FR' }, line_items: [saas('plan', 10_000)] })).body.required_fields).toEqual([]);
  });

  it('records one transaction when completed concurrently under different ids', async () => {
    const opened = await create(de, { currency: 'EUR', location: { country: 'DE' }, line_items: [saas('plan', 4_999)] });
    const ids = Array.from({ length: 6 }, (_, i) => `race-${opened.body.id}-${i}`);
    const answers = await Promise.all(ids.map((id) => complete(de, opened.body.id, id)));
    expect(answers.map((a) => a.status)).toEqual(ids.map(() => 200));
    const recordedAs = new Set(answers.map((a) => a.body.transaction_id));
    expect(recordedAs.size).toBe(1);
    const found = await Promise.all(ids.map((id) => callRoute('transactions-get', { accountId: de, pathParameters: { id } })));
    expect(found.filter((r) => r.status === 200)).toHaveLength(1);
    // German VAT 19 % (UStG § 12 (1)) of 49.99 = 9.4981, half-up 9.50.
    expect(found.find((r) => r.status === 200)!.body.line_items[0]).toMatchObject({ amount: 4_999, tax_amount: 950 });
  });

  it('expires: a TTL on the item, status computed from expires_at, 410 on completion', async () => {
    const opened = await create(de, { currency: 'EUR', location: { country: 'DE' }, expires_in_seconds: 1_800, line_items: [saas('plan', 1_000)] });
    expect(Date.parse(opened.body.expires_at) - Date.parse(opened.body.created_at)).toBe(1_800_000);
    const { Item } = await documentClient().get({ TableName: tableName('Checkouts'), Key: { account_id: de, id: opened.body.id } });
    expect(Item!.expires_at_epoch).toBe(Math.floor(Date.parse(opened.body.expires_at) / 1000) + 30 * 86_400);

    const later = new Date(Date.parse(opened.body.expires_at) + 1);
    expect((await getCheckout(deps, de, opened.body.id, later)).status).toBe('expired');
    await expect(completeCheckout(deps, de, opened.body.id, { transaction_id: 'too-late' }, later)).rejects.toMatchObject({
      status: 410,
      code: 'checkout_expired',
    });
    expect((await callRoute('transactions-get', { accountId: de, pathParameters: { id: 'too-late' } })).status).toBe(404);

    // Completing keeps the checkout: its TTL is removed.
    const done = await complete(de, opened.body.id, `kept-${opened.body.id}`);
    expect(done.body.status).toBe('complete');
    const { Item: kept } = await documentClient().get({ TableName: tableName('Checkouts'), Key: { account_id: de, id: opened.body.id } });
    expect(kept!.expires_at_epoch).toBeUndefined();
  });

  it.each([
    [{ currency: 'EUR', line_items: [saas('a', 1)] }, "'location' is required"],
    [{ currency: 'EUR', location: { country: 'DE' }, expires_in_seconds: 60, line_items: [saas('a', 1)] }, "'expires_in_seconds' must be at least 1800"],
    [
      { currency: 'EUR', location: { country: 'DE' }, expires_in_seconds: 7_776_001, line_items: [saas('a', 1)] },
      "'expires_in_seconds' must be at most 7776000",
    ],
    [{ currency: 'EUR', location: { country: 'DE', street: 'x' }, line_items: [saas('a', 1)] }, "Unknown field 'street' in 'location'"],
    [
      { currency: 'EUR', location: { country: 'DE' }, line_items: Array.from({ length: 101 }, (_, i) => saas(`l${i}`, 1)) },
      "'line_items' must hold at most 100 lines",
    ],
  ])('refuses %j with 400 naming the field', async (body, message) => {
    const res = await create(de, body);
    expect(res.status).toBe(400);
    expect(res.body.message).toContain(message);
  });

  it("answers 404 for another account's checkout", async () => {
    const opened = await create(de, { currency: 'EUR', location: { country: 'DE' }, line_items: [saas('a', 100)] });
    expect((await callRoute('checkouts-get', { accountId: us, pathParameters: { id: opened.body.id } })).status).toBe(404);
    expect((await complete(us, opened.body.id, 'x')).status).toBe(404);
    expect((await callRoute('checkouts-get', { accountId: de, pathParameters: { id: opened.body.id } })).body).toEqual(opened.body);
  });
});
