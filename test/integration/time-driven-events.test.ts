/**
 * Integration: the daily run of time-driven events on DynamoDB Local. Running it twice writes each event once (a
 * conditional put of a deterministic id); revoked certificates and far-away dates get none.
 */
import { ports } from '../../src/composition/all-ports';
import { calendar, events } from '../../src/composition/ports';
import { deterministicEventId } from '../../src/domain/events/event';
import { runTimeDrivenEvents } from '../../src/usecases/time-driven-events';
import { callRoute, newTestAccount } from '../support/api';

const day = (offset: number, from = new Date()) =>
  new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), from.getUTCDate() + offset)).toISOString().slice(0, 10);

describe('time-driven events', () => {
  it('exemption.expiring / .expired and registration.activated / .expired, each once however often the job runs', async () => {
    const { account_id: accountId } = await newTestAccount('US', 'Calendar Inc');
    const customer = (await callRoute('customers-create', { accountId, body: { name: 'Dated', address: { country: 'US', state: 'TX' } } })).body;
    const cert = async (n: string, expires_on: string) =>
      (
        await callRoute('exemptions-create', {
          accountId,
          pathParameters: { id: customer.id },
          body: { reason: 'RESALE', jurisdictions: [{ country: 'US', state: 'TX' }], certificate_number: n, effective_from: '2020-01-01', expires_on },
        })
      ).body;
    const expiring = await cert('TX-SOON', day(10));
    const expired = await cert('TX-GONE', day(-1));
    const far = await cert('TX-FAR', day(200));
    const revoked = await cert('TX-REVOKED', day(5));
    await callRoute('exemptions-revoke', { accountId, pathParameters: { id: customer.id, eid: revoked.id } });
    const started = (await callRoute('registrations-create', { accountId, body: { country: 'US', state: 'TX', type: 'SALES_TAX', active_from: day(0) } })).body;
    const ended = (
      await callRoute('registrations-create', {
        accountId,
        body: { country: 'US', state: 'CA', type: 'SALES_TAX', active_from: '2024-01-01', expires_at: day(-2) },
      })
    ).body;
    expect([expiring.id, expired.id, far.id, started.id, ended.id].every(Boolean)).toBe(true);

    const first = await runTimeDrivenEvents({ calendar, events });
    const second = await runTimeDrivenEvents({ calendar, events });
    expect(first.written).toBeGreaterThanOrEqual(4);
    expect(second.written).toBe(0);

    const all = (await callRoute('events-list', { accountId, query: { limit: '100' } })).body.data as any[];
    const timed = all.filter((e) => ['exemption.expiring', 'exemption.expired', 'registration.activated', 'registration.expired'].includes(e.type));
    expect(timed.map((e) => [e.type, e.data.object.id]).sort()).toEqual(
      [
        ['exemption.expiring', expiring.id],
        ['exemption.expired', expired.id],
        ['registration.activated', started.id],
        ['registration.expired', ended.id],
      ].sort(),
    );
    // The id is deterministic in (type, record, the record's date): the next day's run finds it written.
    expect(timed.find((e) => e.type === 'exemption.expiring').id).toBe(deterministicEventId('exemption.expiring', expiring.id, day(10)));
    const tomorrow = new Date(Date.now() + 86_400_000);
    await runTimeDrivenEvents({ calendar, events }, tomorrow);
    const again = (await ports.exemptions.get(accountId, customer.id, expiring.id))!;
    expect(again.revoked_at).toBeNull();
    const after = ((await callRoute('events-list', { accountId, query: { type: 'exemption.expiring', limit: '100' } })).body.data as any[]).filter(
      (e) => e.data.object.id === expiring.id,
    );
    expect(after).toHaveLength(1);
  });
});
