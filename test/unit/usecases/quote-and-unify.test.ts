/** Unit (in-memory ports): rate quotes (seller, border ZIPs) and the unify cart committed as a sale. */
import { newEntity } from '../../../src/domain/records/entity';
import { unifyRequestSchema } from '../../../src/domain/cart/unify-request';
import { quoteTaxRate } from '../../../src/usecases/sales/quote-tax-rate';
import { unifyCart } from '../../../src/usecases/sales/unify-cart';
import { exposureReport } from '../../../src/usecases/exposure-report';
import { memoryPorts } from '../../support/memory-ports';

const ACCOUNT = 'acct_1';
const row = (state: string, combined: number) => ({
  zip: '52601',
  state,
  region_name: 'X',
  state_rate: combined,
  county_rate: 0,
  city_rate: 0,
  special_rate: 0,
  combined_rate: combined,
  effective_month: '2026-03',
});

describe('quote and unify use cases (in-memory ports)', () => {
  it('rates a border ZIP with the row of the state given, and fails loudly for an account without a primary entity', async () => {
    const ports = memoryPorts({ zipStates: { '52601': 'IA' } });
    ports.zipRows.set('52601', [row('IA', 0.07), row('IL', 0.0625)]);
    await expect(
      quoteTaxRate(ports, ACCOUNT, {
        product_category: 'PHYSICAL_GOODS',
        delivery_method: 'SHIPPED',
        customer_type: 'B2C',
        location: { country: 'US', postal_code: '52601' },
      }),
    ).rejects.toThrow(/no primary entity/);
    await ports.entities.create(ACCOUNT, newEntity({ name: 'Seller', country: 'US' }, true, new Date()));
    const ia = await quoteTaxRate(ports, ACCOUNT, {
      product_category: 'PHYSICAL_GOODS',
      delivery_method: 'SHIPPED',
      customer_type: 'B2C',
      location: { country: 'US', postal_code: '52601' },
    });
    expect(ia.total_rate).toBe(0.07);
  });

  it('commits a cart as a sale with the tax unify computed, visible in the exposure report', async () => {
    const ports = memoryPorts();
    await ports.entities.create(ACCOUNT, newEntity({ name: 'Seller', country: 'US' }, true, new Date()));
    const cart = unifyRequestSchema.parse({
      currency: 'EUR',
      customer: { type: 'B2C' },
      location: { country: 'FR' },
      date: '2026-03-01',
      line_items: [{ id: 'a', amount: 1_200, product_category: 'SAAS', delivery_method: 'CLOUD', tax_inclusive: true }],
      commit: true,
      transaction_id: 'cart-1',
    });
    const answer = await unifyCart(ports, ACCOUNT, cart);
    expect(answer).toMatchObject({ tax_total: 200, subtotal: 1_000, transaction: { id: 'cart-1', created: true } });
    const stored = (await ports.sales.get(ACCOUNT, 'cart-1'))!;
    expect(stored.transaction.line_items[0]).toMatchObject({ amount: 1_000, tax_amount: 200, tax_source: 'computed' });
    expect(await exposureReport(ports, ACCOUNT, {})).toEqual({
      exposure: [{ country_code: 'FR', country_name: 'France', currency: 'EUR', exposure_amount: 200 }],
    });
  });
});
