/** Unit (in-memory ports): the record-transaction use case's rules, without a database. */
import { newEntity } from '../../../src/domain/records/entity';
import { recordTransaction } from '../../../src/usecases/sales/record-sale';
import { memoryPorts } from '../../support/memory-ports';
import { laRow } from '../../support/rate-inputs';

const ACCOUNT = 'acct_1';
const la = laRow;

async function setUp() {
  const ports = memoryPorts({ zipStates: { '90001': 'CA' }, zipCounties: { '90001': 'Los Angeles County' } });
  await ports.entities.create(ACCOUNT, newEntity({ name: 'Seller GmbH', country: 'DE' }, true, new Date('2026-01-01')));
  ports.zipRows.set('90001', [la]);
  return ports;
}

const sale = (over: Record<string, unknown> = {}) => ({
  id: 'order-1',
  date: '2026-03-05',
  currency: 'USD',
  customer_type: 'B2C' as const,
  location: { country: 'US', postal_code: '90001' },
  line_items: [{ amount: 10_000, product_category: 'PHYSICAL_GOODS' as const, delivery_method: 'SHIPPED' as const }],
  ...over,
});

describe('recordTransaction (in-memory ports)', () => {
  it('rates each line with the engine and writes the sale with its exposure counters once', async () => {
    const ports = await setUp();
    const first = await recordTransaction(ports, ACCOUNT, sale());
    expect(first.created).toBe(true);
    expect(first.transaction).toMatchObject({ tax_total: 1_050, jurisdiction: { state: 'CA', county: 'Los Angeles County' } });
    expect(first.transaction.line_items[0].tax_breakdown).toEqual({ country: 0, state: 600, county: 25, additional: 75, special: 350 });
    const again = await recordTransaction(ports, ACCOUNT, sale());
    expect(again).toEqual({ created: false, transaction: first.transaction });
    // Country, state and county; per month and all time; written once despite the retry.
    expect([...ports.exposure.counters.values()].map((c) => c.tax)).toEqual([1_050, 1_050, 1_050, 1_050, 1_050, 1_050]);
  });

  it('answers 409 transaction_exists for the same id with other content', async () => {
    const ports = await setUp();
    await recordTransaction(ports, ACCOUNT, sale());
    await expect(recordTransaction(ports, ACCOUNT, sale({ currency: 'EUR' }))).rejects.toMatchObject({ status: 409, code: 'transaction_exists' });
  });

  it('answers a write that lost the race to the same sale as a retry, and to other content as a 409', async () => {
    const ports = await setUp();
    ports.ledger.hooks.beforeSale = async () => {
      ports.ledger.hooks.beforeSale = undefined;
      await recordTransaction(ports, ACCOUNT, sale()); // a concurrent retry lands first
    };
    const raced = await recordTransaction(ports, ACCOUNT, sale());
    expect(raced.created).toBe(false);
    expect(ports.ledger.sales.size).toBe(1);

    ports.ledger.hooks.beforeSale = async () => {
      ports.ledger.hooks.beforeSale = undefined;
      await recordTransaction(ports, ACCOUNT, sale({ id: 'order-2', currency: 'EUR' }));
    };
    await expect(recordTransaction(ports, ACCOUNT, sale({ id: 'order-2' }))).rejects.toMatchObject({ code: 'transaction_exists' });
  });

  it('keeps a tax the caller provides and answers 404 for an unknown entity', async () => {
    const ports = await setUp();
    const provided = await recordTransaction(
      ports,
      ACCOUNT,
      sale({ line_items: [{ amount: 10_000, tax_amount: 999, product_category: 'PHYSICAL_GOODS', delivery_method: 'SHIPPED' }] }),
    );
    expect(provided.transaction.line_items[0]).toMatchObject({ tax_amount: 999, tax_source: 'provided' });
    await expect(recordTransaction(ports, ACCOUNT, sale({ id: 'order-3', entity_id: 'ent_missing' }))).rejects.toMatchObject({
      status: 404,
      code: 'not_found',
    });
    expect(ports.ledger.sales.size).toBe(1);
  });
});
