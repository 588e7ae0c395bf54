/**
 * Unit: the pure mapping of events to notifications (src/domain/notifications/notification.ts) and of a nexus report
 * to nexus events (src/domain/nexus/threshold-events.ts): which types raise one, how they read, the once-keys.
 */
import { newEvent, EVENT_TYPES } from '../../../src/domain/events/event';
import { nexusThresholdEvents, windowKey } from '../../../src/domain/nexus/threshold-events';
import type { NexusReport, NexusRow } from '../../../src/domain/nexus/report';
import { notificationIdOf, notificationOf, NOTIFYING_EVENTS, raisesNotification } from '../../../src/domain/notifications/notification';

const at = new Date('2026-11-24T09:30:00.000Z');

describe('notificationOf', () => {
  it('raises one for exactly the listed types, each of which is an event type', () => {
    const notifying = EVENT_TYPES.filter((t) => raisesNotification(t));
    expect(notifying.sort()).toEqual([
      'exemption.expired',
      'exemption.expiring',
      'nexus.approaching',
      'nexus.crossed',
      'return.due_soon',
      'webhook_endpoint.disabled',
    ]);
    expect(Object.keys(NOTIFYING_EVENTS).every((t) => (EVENT_TYPES as readonly string[]).includes(t))).toBe(true);
    expect(notificationOf(newEvent('acct_1', 'customer.created', { id: 'cus_1' }, at))).toBeUndefined();
    expect(raisesNotification('constructor')).toBe(false);
  });

  it('reads a certificate expiring, with the event id in the ntf_ id', () => {
    const event = newEvent('acct_1', 'exemption.expiring', { id: 'exm_1', customer_id: 'cus_9', expires_on: '2026-12-01' }, at);
    expect(notificationOf(event)).toEqual({
      id: `ntf_${event.id.slice(4)}`,
      type: 'exemption.expiring',
      severity: 'warning',
      title: 'Exemption certificate exm_1 expires on 2026-12-01',
      message: expect.stringContaining('customer cus_9'),
      object: { type: 'exemption', id: 'exm_1' },
      event_id: event.id,
      status: 'open',
      created_at: at.toISOString(),
    });
    expect(notificationIdOf('evt_0mhx2k3c0a1b2c3d4e5f60718')).toBe('ntf_0mhx2k3c0a1b2c3d4e5f60718');
  });

  it('reads a nexus crossing with its measure, window and registration day', () => {
    const object = {
      entity_id: 'ent_1',
      country: 'US',
      state: 'TX',
      measure: 'transactions',
      transaction_count: 201,
      sales_amount: 5,
      currency: 'USD',
      threshold: { transaction_count: 200, sales_amount: 50_000_000 },
      window: { start: '2026-01-01', end: '2026-11-24' },
      crossed_on: '2026-11-20',
      register_by: '2026-12-01',
    };
    const n = notificationOf(newEvent('acct_1', 'nexus.crossed', object, at))!;
    expect(n).toMatchObject({ severity: 'critical', title: 'Nexus threshold crossed in US-TX', object: { type: 'entity', id: 'ent_1' } });
    expect(n.message).toBe(
      'Entity ent_1 reached 201 transactions of the 200 threshold in US-TX (2026-01-01 to 2026-11-24), crossed on 2026-11-20; register by 2026-12-01.',
    );
  });
});

const row = (over: Partial<NexusRow>): NexusRow => ({
  country: 'US',
  state: 'NY',
  status: 'approaching',
  sales_amount: 45_000_000,
  transaction_count: 95,
  currency: 'USD',
  window: { start: '2025-12-01', end: '2026-11-30' },
  threshold: { sales_amount: 50_000_000, transaction_count: 100, logic: 'both', window: 'preceding_4_quarters', source_url: 'https://example.test/ny' },
  percent_of_sales_threshold: 90,
  percent_of_transaction_threshold: 95,
  unconverted_sales: {},
  source_url: 'https://example.test/ny',
  ...over,
});

describe('nexusThresholdEvents', () => {
  const report = (data: NexusRow[]): NexusReport => ({ as_of: '2026-11-24', entity_id: 'ent_1', data });

  it('one event per approaching or crossed jurisdiction; registered, below and not applicable ones none', () => {
    const events = nexusThresholdEvents(
      report([
        row({}),
        row({
          state: 'CA',
          status: 'crossed',
          threshold: { sales_amount: 50_000_000, transaction_count: null, logic: 'sales_only', window: 'current_or_previous_calendar_year', source_url: 'x' },
          window: { start: '2026-01-01', end: '2026-11-24' },
        }),
        row({ state: 'TX', status: 'registered' }),
        row({ state: 'FL', status: 'below' }),
      ]),
    );
    expect(events.map((e) => [e.type, e.key])).toEqual([
      // A sliding window (NY's four preceding quarters): keyed by the calendar year checked.
      ['nexus.approaching', 'US-NY|year:2026|nexus.approaching'],
      // A fixed window: keyed by its start.
      ['nexus.crossed', 'US-CA|from:2026-01-01|nexus.crossed'],
    ]);
    // "both": the test further from its threshold decides (sales at 90 % < transactions at 95 %).
    expect(events[0].object).toMatchObject({ jurisdiction: 'US-NY', measure: 'sales', entity_id: 'ent_1', as_of: '2026-11-24' });
  });

  it('keys a rolling window by year and a fixed one by its start', () => {
    expect(
      windowKey({ threshold: { ...row({}).threshold!, window: 'rolling_12_months' }, window: { start: '2025-11-25', end: '2026-11-24' } }, '2026-11-24'),
    ).toBe('year:2026');
    expect(
      windowKey({ threshold: { ...row({}).threshold!, window: 'previous_calendar_year' }, window: { start: '2025-01-01', end: '2025-12-31' } }, '2026-11-24'),
    ).toBe('from:2025-01-01');
  });

  it('an "either" rule names the test nearer its threshold', () => {
    const [e] = nexusThresholdEvents(
      report([row({ threshold: { ...row({}).threshold!, logic: 'either' }, percent_of_sales_threshold: 40, percent_of_transaction_threshold: 85 })]),
    );
    expect(e.object.measure).toBe('transactions');
  });
});
