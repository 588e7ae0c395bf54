/**
 * Integration: nexus.approaching and nexus.crossed events on DynamoDB Local (docs/webhooks.md "Nexus
 * events"). Recording a sale (POST /v1/transactions, or POST /v1/tax/unify with commit) reads the seller's nexus report
 * and writes each event once per entity, jurisdiction and threshold window, with its notification.
 *
 * The threshold: California, sales into the state over $500,000 in the current or preceding calendar year, CA Rev. &
 * Tax. Code 6203(c)(4) (data/nexus-rules/us.json row US-CA); approaching from 80 % (the settings' default
 * approaching_threshold_percent, docs/nexus.md). The sales are dated today, so the window is this calendar year.
 */
import { callRoute, newTestAccount } from '../support/api';
import { entities, fxRates, nexusCounters, nexusEvents as nexusEventLog, registrations, sales, settings } from '../../src/composition/ports';

const nexusWatch = { entities, registrations, settings, sales, nexusCounters, fxRates, nexusEvents: nexusEventLog };
import { raiseNexusEvents } from '../../src/usecases/nexus-events';

const today = new Date().toISOString().slice(0, 10);
const year = today.slice(0, 4);
const sale = (id: string, amount: number, entity_id?: string) => ({
  id,
  date: today,
  currency: 'USD',
  customer_type: 'B2C',
  location: { country: 'US', state: 'CA' },
  line_items: [{ id: '1', amount, quantity: 1, product_category: 'PHYSICAL_GOODS', delivery_method: 'SHIPPED' }],
  ...(entity_id ? { entity_id } : {}),
});
const record = async (accountId: string, body: Record<string, unknown>, expected = 201) => {
  const res = await callRoute('transactions-create', { accountId, body });
  expect(res.status).toBe(expected);
  return res.body;
};
const nexusEvents = async (accountId: string) =>
  ((await callRoute('events-list', { accountId, query: { limit: '100' } })).body.data as any[]).filter((e) => e.type.startsWith('nexus.'));
const inCalifornia = (events: any[]) => events.filter((e) => e.data.object.jurisdiction === 'US-CA');

describe('nexus events', () => {
  it('a sequence of sales writes one nexus.approaching, then one nexus.crossed (with notifications), never again', async () => {
    const { account_id: accountId } = await newTestAccount('GB', 'Westward Ltd');
    // $300,000: 60 % of the threshold, below the approaching share.
    await record(accountId, sale('ca-1', 30_000_000));
    expect(await nexusEvents(accountId)).toEqual([]);

    // $410,000: 82 %, approaching.
    await record(accountId, sale('ca-2', 11_000_000));
    const [approaching] = await nexusEvents(accountId);
    expect(await nexusEvents(accountId)).toHaveLength(1);
    expect(approaching.type).toBe('nexus.approaching');
    expect(approaching.data.object).toEqual({
      object: 'nexus_threshold',
      entity_id: expect.stringMatching(/^ent_/),
      jurisdiction: 'US-CA',
      country: 'US',
      state: 'CA',
      status: 'approaching',
      measure: 'sales',
      sales_amount: 41_000_000,
      transaction_count: 2,
      currency: 'USD',
      threshold: {
        sales_amount: 50_000_000,
        transaction_count: null,
        logic: 'sales_only',
        window: 'current_or_previous_calendar_year',
        source_url: expect.any(String),
      },
      percent_of_sales_threshold: 82,
      percent_of_transaction_threshold: null,
      window: { start: `${year}-01-01`, end: today },
      as_of: today,
      source_url: expect.any(String),
    });

    // $460,000: 92 %, still approaching: nothing new.
    await record(accountId, sale('ca-3', 5_000_000));
    expect(await nexusEvents(accountId)).toHaveLength(1);

    // $510,000 through unify's commit: crossed, and this sale crossed it.
    const unified = await callRoute('tax-unify', {
      accountId,
      body: {
        currency: 'USD',
        customer: { type: 'B2C' },
        location: { country: 'US', state: 'CA' },
        date: today,
        line_items: [{ id: '1', amount: 5_000_000, product_category: 'PHYSICAL_GOODS', delivery_method: 'SHIPPED' }],
        commit: true,
        transaction_id: 'ca-4',
      },
    });
    expect(unified.status).toBe(200);
    const afterCrossing = await nexusEvents(accountId);
    expect(afterCrossing.map((e) => e.type).sort()).toEqual(['nexus.approaching', 'nexus.crossed']);
    const crossed = afterCrossing.find((e) => e.type === 'nexus.crossed');
    expect(crossed.data.object).toMatchObject({
      status: 'crossed',
      measure: 'sales',
      sales_amount: 51_000_000,
      transaction_count: 4,
      percent_of_sales_threshold: 102,
      crossed_on: today,
      crossing_transaction_id: 'ca-4',
      register_by: today,
    });

    // Later sales, and a retried one (200), write neither again.
    await record(accountId, sale('ca-5', 1_000));
    await record(accountId, sale('ca-2', 11_000_000), 200);
    expect((await nexusEvents(accountId)).map((e) => e.id).sort()).toEqual(afterCrossing.map((e) => e.id).sort());
    // They find both events written in one read of the markers: no write is tried (each would be a cancelled transaction).
    const tried: string[] = [];
    const counting = {
      writtenKeys: nexusWatch.nexusEvents.writtenKeys.bind(nexusWatch.nexusEvents),
      writeOnce: async (...args: Parameters<typeof nexusWatch.nexusEvents.writeOnce>) => (tried.push(args[2]), nexusWatch.nexusEvents.writeOnce(...args)),
    };
    expect(await raiseNexusEvents({ ...nexusWatch, nexusEvents: counting }, accountId, undefined, today)).toBe(0);
    expect(tried).toEqual([]);

    // Each event raised its notification, in the same transaction.
    const notifications = ((await callRoute('notifications-list', { accountId, query: {} })).body.data as any[]).filter((n) => n.type.startsWith('nexus.'));
    expect(notifications.map((n) => [n.type, n.severity, n.event_id, n.object]).sort()).toEqual(
      [
        ['nexus.approaching', 'warning', approaching.id, { type: 'entity', id: approaching.data.object.entity_id }],
        ['nexus.crossed', 'critical', crossed.id, { type: 'entity', id: approaching.data.object.entity_id }],
      ].sort(),
    );
    expect(notifications.find((n) => n.type === 'nexus.crossed').title).toBe('Nexus threshold crossed in US-CA');
  });

  it('concurrent sales that cross together write one nexus.crossed', async () => {
    const { account_id: accountId } = await newTestAccount('GB', 'Rush Ltd');
    // $300,000, then four sales of $60,000 at once: $540,000 (108 %).
    await record(accountId, sale('rush-0', 30_000_000));
    await Promise.all([1, 2, 3, 4].map((n) => record(accountId, sale(`rush-${n}`, 6_000_000))));
    const events = inCalifornia(await nexusEvents(accountId));
    expect(events.filter((e) => e.type === 'nexus.crossed')).toHaveLength(1);
    // A check that ran between two of the sales may have seen the approaching share first: at most one of those.
    expect(events.filter((e) => e.type === 'nexus.approaching').length).toBeLessThanOrEqual(1);
    const notifications = ((await callRoute('notifications-list', { accountId, query: {} })).body.data as any[]).filter((n) => n.type.startsWith('nexus.'));
    expect(notifications.map((n) => n.event_id).sort()).toEqual(events.map((e) => e.id).sort());
  });

  it('a registered jurisdiction raises none; another entity has its own events', async () => {
    const { account_id: accountId } = await newTestAccount('GB', 'Registered Ltd');
    await callRoute('registrations-create', { accountId, body: { country: 'US', state: 'CA', type: 'SALES_TAX', active_from: '2020-01-01' } });
    await record(accountId, sale('reg-1', 60_000_000));
    expect(inCalifornia(await nexusEvents(accountId))).toEqual([]);

    const subsidiary = (await callRoute('entities-create', { accountId, body: { name: 'Registered US Sub', country: 'GB' } })).body;
    await record(accountId, sale('sub-1', 45_000_000, subsidiary.id));
    const events = inCalifornia(await nexusEvents(accountId));
    expect(events.map((e) => [e.type, e.data.object.entity_id])).toEqual([['nexus.approaching', subsidiary.id]]);
  });
});
