/** Unit (in-memory ports): the record-refund use case: retries, conflicts and a refund that lost a race. */
import { newEntity } from '../../../src/domain/records/entity';
import { recordRefund } from '../../../src/usecases/record-refund';
import { recordTransaction } from '../../../src/usecases/sales/record-sale';
import { memoryPorts } from '../../support/memory-ports';

const ACCOUNT = 'acct_1';

async function withSale() {
  const ports = memoryPorts();
  await ports.entities.create(ACCOUNT, newEntity({ name: 'Seller GmbH', country: 'DE' }, true, new Date('2026-01-01')));
  await recordTransaction(ports, ACCOUNT, {
    id: 'order-1',
    date: '2026-03-05',
    currency: 'EUR',
    customer_type: 'B2C',
    location: { country: 'DE' },
    line_items: [{ id: 'a', amount: 1_000, product_category: 'SAAS', delivery_method: 'CLOUD' }],
  });
  return ports;
}

describe('recordRefund (in-memory ports)', () => {
  it('records a refund once: the same refund again is the stored one, other content a 409', async () => {
    const ports = await withSale();
    const first = await recordRefund(ports, ACCOUNT, 'order-1', { id: 'r1', date: '2026-03-06', line_items: [{ id: 'a', amount: 400 }] });
    expect(first).toMatchObject({ created: true, refund: { subtotal: 400, tax_total: 76 } });
    expect(await recordRefund(ports, ACCOUNT, 'order-1', { id: 'r1', date: '2026-03-06', line_items: [{ id: 'a', amount: 400 }] })).toEqual({
      created: false,
      refund: first.refund,
    });
    await expect(recordRefund(ports, ACCOUNT, 'order-1', { id: 'r1', date: '2026-03-06', line_items: [{ id: 'a', amount: 300 }] })).rejects.toMatchObject({
      status: 409,
      code: 'refund_exists',
    });
  });

  it('allocates again when another refund of the sale landed first (stale), never refunding more than was sold', async () => {
    const ports = await withSale();
    ports.ledger.hooks.beforeRefund = async () => {
      ports.ledger.hooks.beforeRefund = undefined;
      await recordRefund(ports, ACCOUNT, 'order-1', { id: 'other', date: '2026-03-06', line_items: [{ id: 'a', amount: 700 }] });
    };
    // Everything left: computed as 1,000 before the other refund landed, 300 after the retry.
    const mine = await recordRefund(ports, ACCOUNT, 'order-1', { id: 'rest', date: '2026-03-06' });
    expect(mine.refund.subtotal).toBe(300);
    const stored = (await ports.sales.get(ACCOUNT, 'order-1'))!;
    expect(stored.refunded.a).toEqual({ amount: 1_000, tax_amount: 190 });
    expect(stored.version).toBe(2);
  });

  it('gives up with 409 refund_in_progress when the sale keeps moving, and 404 for an unknown sale', async () => {
    const ports = await withSale();
    ports.ledger.hooks.beforeRefund = () => {
      ports.ledger.sales.get(`${ACCOUNT}|order-1`)!.version += 1; // another writer, every time
    };
    await expect(recordRefund(ports, ACCOUNT, 'order-1', { id: 'r', date: '2026-03-06' })).rejects.toMatchObject({ status: 409, code: 'refund_in_progress' });
    ports.ledger.hooks.beforeRefund = undefined;
    await expect(recordRefund(ports, ACCOUNT, 'nope', { id: 'r', date: '2026-03-06' })).rejects.toMatchObject({ status: 404 });
  });
});
