/**
 * Integration: what a warm POST /v1/tax/rate costs in DynamoDB calls, on DynamoDB Local. A middleware on the SDK client's
 * stack (every request to DynamoDB passes there, the stores' and Powertools') counts the operations each API call
 * makes (instrumentation, not a mock: every operation still runs). A warm
 * call without an Idempotency-Key makes one, the usage counter's write (one UpdateItem, see
 * usage-store.ts); the seller entity and the ZIP row come
 * from the container's caches, and an entity updated through this container is seen by the next quote.
 */
import { rateTable } from '../../local/rates/rates-import';
import { callRoute, newTestAccount } from '../support/api';
import { countWireCalls } from '../support/dynamodb-calls';
import { SOURCE_MODE_ONLY, sourceModeOnly } from '../support/bundle-mode';

const observed = sourceModeOnly(SOURCE_MODE_ONLY.observesTestProcess);

let counter: ReturnType<typeof countWireCalls>;
const commands = () => counter.operations;

/** The DynamoDB operations one call made. */
async function commandsOf(call: () => Promise<{ status: number }>): Promise<string[]> {
  commands().length = 0;
  const res = await call();
  expect(res.status).toBe(200);
  return [...commands()];
}

observed.describe('POST /v1/tax/rate, warm: DynamoDB calls per request', () => {
  let accountId: string;
  const zipQuote = { product_category: 'PHYSICAL_GOODS', delivery_method: 'SHIPPED', customer_type: 'B2C', location: { country: 'US', postal_code: '90011' } };
  const rate = (body: unknown, headers: Record<string, string> = {}) => callRoute('tax-rate', { accountId, body, headers });

  beforeAll(async () => {
    await rateTable().putAll([
      {
        zip: '10001',
        state: 'NY',
        region_name: 'NEW YORK CITY',
        state_rate: 0.04,
        county_rate: 0,
        city_rate: 0.045,
        special_rate: 0.00375,
        combined_rate: 0.08875,
        effective_month: '2026-03',
      },
      {
        zip: '90011',
        state: 'CA',
        region_name: 'LOS ANGELES',
        state_rate: 0.06,
        county_rate: 0.0025,
        city_rate: 0.0075,
        special_rate: 0.035,
        combined_rate: 0.105,
        effective_month: '2026-03',
      },
    ]);
    accountId = (await newTestAccount('US', 'Cached Seller Inc')).account_id;
    counter = countWireCalls();
  }, 60_000);
  afterAll(() => counter.stop());

  it('reads the entity and the ZIP row on the first call, then makes only the usage write', async () => {
    const first = await commandsOf(() => rate(zipQuote));
    // The primary entity (a Query of the account's entities), the ZIP row (a Query), the usage counter.
    expect(first).toEqual(['Query', 'Query', 'UpdateItem']);
    for (let i = 0; i < 3; i++) expect(await commandsOf(() => rate(zipQuote))).toEqual(['UpdateItem']);
    // Another ZIP reads its row once; the seller is still cached.
    expect(await commandsOf(() => rate({ ...zipQuote, location: { country: 'US', postal_code: '10001' } }))).toEqual(['Query', 'UpdateItem']);
    expect((await rate(zipQuote)).status).toBe(200);
  });

  it('sees an entity updated through this container on the next quote', async () => {
    const sub = await callRoute('entities-create', { accountId, body: { name: 'Filiale SARL', country: 'FR' } });
    // A French business customer of a French seller: domestic, no reverse charge.
    const saas = {
      product_category: 'SAAS',
      delivery_method: 'CLOUD',
      customer_type: 'B2B',
      customer_tax_id: 'FR40303265045',
      location: { country: 'FR' },
      entity_id: sub.body.id,
    };
    expect((await rate(saas)).body.reverse_charge_applicable).toBe(false);
    expect(await commandsOf(() => rate(saas))).toEqual(['UpdateItem']);

    const moved = await callRoute('entities-update', { accountId, pathParameters: { id: sub.body.id }, body: { country: 'DE' } });
    expect(moved.status).toBe(200);
    const after = await commandsOf(() => rate(saas));
    expect(after).toEqual(['GetItem', 'UpdateItem']);
    // Now a German seller: the French business customer self-accounts.
    expect((await rate(saas)).body.reverse_charge_applicable).toBe(true);
  });

  it('keeps the Idempotency-Key path as it was: its own record writes, no rate reads once warm', async () => {
    await rate(zipQuote);
    const keyed = await commandsOf(() => rate(zipQuote, { 'Idempotency-Key': `cache-${Date.now()}` }));
    expect(keyed).not.toContain('Query');
    expect(keyed.length).toBeGreaterThanOrEqual(2);
  });
});
