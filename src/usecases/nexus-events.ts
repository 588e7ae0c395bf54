/**
 * Use case: nexus.approaching and nexus.crossed events (docs/webhooks.md "Nexus events"). After a sale is
 * recorded (its transaction ADDed the entity's nexus counters), the nexus report of its selling entity is read as of
 * today (or the sale's date when it is later) and each jurisdiction that is approaching or crossed gets its event,
 * written once per entity, jurisdiction and threshold window (src/domain/nexus/threshold-events.ts; a put-if-absent
 * marker). Running the whole report, not only the sale's jurisdiction, costs the same reads (one key range of month
 * counters for every jurisdiction) and catches up a status an earlier check missed.
 */
import { newEvent } from '../domain/events/event';
import { nexusThresholdEvents } from '../domain/nexus/threshold-events';
import { utcDay } from '../domain/dates';
import type { NexusEventLog } from '../ports/events';
import type { NexusWatch } from '../ports/nexus-watch';
import { nexusReport, type NexusReportDeps } from './nexus-report';

export type NexusEventDeps = NexusReportDeps & { nexusEvents: NexusEventLog };

/**
 * Writes the entity's due nexus events; answers how many were written now (0 when all were written before).
 * `entityId`: the selling entity (undefined: the primary).
 */
export async function raiseNexusEvents(
  deps: NexusEventDeps,
  accountId: string,
  entityId: string | undefined,
  saleDate: string,
  now = new Date(),
): Promise<number> {
  const today = utcDay(now);
  const asOf = saleDate > today ? saleDate : today;
  const report = await nexusReport(deps, accountId, { entity_id: entityId, as_of: asOf }, undefined, today);
  const due = nexusThresholdEvents(report);
  if (due.length === 0) return 0;
  // Most sales of an entity past a threshold find its event written: one read, not one cancelled transaction per key.
  const before = await deps.nexusEvents.writtenKeys(accountId, report.entity_id);
  let written = 0;
  for (const event of due.filter((d) => !before.has(d.key))) {
    if (await deps.nexusEvents.writeOnce(accountId, report.entity_id, event.key, newEvent(accountId, event.type, event.object, now))) written++;
  }
  return written;
}

/** The nexus watch of recorded sales (src/ports/nexus-watch.ts) over these reads and the event log. */
export const nexusWatchOver = (deps: NexusEventDeps): NexusWatch => ({
  saleRecorded: (accountId, entityId, saleDate, now) => raiseNexusEvents(deps, accountId, entityId, saleDate, now),
});
