/**
 * Domain (pure): the nexus.approaching and nexus.crossed events (docs/webhooks.md "Nexus events"). From a
 * nexus report (report.ts), the events it calls for: one `nexus.crossed` per jurisdiction whose status is crossed,
 * one `nexus.approaching` per jurisdiction that is approaching (a registered or below one calls for none), each
 * with the key that makes it once per entity, jurisdiction and threshold window: a writer puts the event only if
 * no event of that key was written (a put-if-absent marker), so retried and concurrent sales write it once.
 *
 * The window of the key: the measured window's start where the window is fixed (calendar years, a fixed 12 months,
 * from the first sale), so a new window is news again; for a window that slides (rolling 12 months, the preceding 12
 * months or 4 quarters) the calendar year of the day checked, so a standing status is reported at most once a year
 * instead of once a day, month or quarter.
 */
import { jurisdictionCode } from '../geography/jurisdiction-code';
import type { NexusReport, NexusRow } from './report';

export type NexusEventType = 'nexus.approaching' | 'nexus.crossed';

const SLIDING_WINDOWS = new Set(['rolling_12_months', 'preceding_12_calendar_months', 'preceding_4_quarters']);

export interface NexusThresholdEvent {
  type: NexusEventType;
  /** Once per (entity, jurisdiction, window, type): `<jurisdiction>|<window key>|<type>`. */
  key: string;
  object: NexusThresholdObject;
}

/** What a nexus event carries (its `data.object`). */
export interface NexusThresholdObject {
  object: 'nexus_threshold';
  entity_id: string;
  /** `US-CA`, `DE`, `EU`: the jurisdiction as the report names it (country, and state where it has one). */
  jurisdiction: string;
  country: string;
  state?: string;
  status: 'approaching' | 'crossed';
  /** The test that decides: `sales` (amount) or `transactions` (count). */
  measure: 'sales' | 'transactions';
  sales_amount: number;
  transaction_count: number;
  currency: string;
  threshold: NonNullable<NexusRow['threshold']>;
  percent_of_sales_threshold: number | null;
  percent_of_transaction_threshold: number | null;
  window: { start: string; end: string };
  as_of: string;
  crossed_on?: string;
  crossing_transaction_id?: string;
  register_by?: string;
  source_url: string;
}

/**
 * The deciding test, as the verdict reads it (evaluate.ts): the sales test alone; for `either` the larger share; for
 * `both` the smaller one (the test still to meet).
 */
function decidingMeasure(row: NexusRow): 'sales' | 'transactions' {
  const sales = row.percent_of_sales_threshold;
  const transactions = row.percent_of_transaction_threshold;
  if (row.threshold?.logic === 'sales_only' || transactions === null) return 'sales';
  if (sales === null) return 'transactions';
  return row.threshold?.logic === 'either' ? (transactions > sales ? 'transactions' : 'sales') : transactions < sales ? 'transactions' : 'sales';
}

export function windowKey(row: Pick<NexusRow, 'threshold' | 'window'>, asOf: string): string {
  return row.threshold && SLIDING_WINDOWS.has(row.threshold.window) ? `year:${asOf.slice(0, 4)}` : `from:${row.window!.start}`;
}

/** The events a report calls for (the report's entity and as_of). */
export function nexusThresholdEvents(report: NexusReport): NexusThresholdEvent[] {
  const out: NexusThresholdEvent[] = [];
  for (const row of report.data) {
    if (
      (row.status !== 'approaching' && row.status !== 'crossed') ||
      row.threshold === null ||
      row.window === null ||
      row.sales_amount === null ||
      row.transaction_count === null ||
      row.currency === null
    )
      continue;
    const type: NexusEventType = row.status === 'crossed' ? 'nexus.crossed' : 'nexus.approaching';
    const jurisdiction = jurisdictionCode(row);
    out.push({
      type,
      key: `${jurisdiction}|${windowKey(row, report.as_of)}|${type}`,
      object: {
        object: 'nexus_threshold',
        entity_id: report.entity_id,
        jurisdiction,
        country: row.country,
        ...(row.state !== undefined ? { state: row.state } : {}),
        status: row.status,
        measure: decidingMeasure(row),
        sales_amount: row.sales_amount,
        transaction_count: row.transaction_count,
        currency: row.currency,
        threshold: row.threshold,
        percent_of_sales_threshold: row.percent_of_sales_threshold,
        percent_of_transaction_threshold: row.percent_of_transaction_threshold,
        window: row.window,
        as_of: report.as_of,
        ...(row.crossed_on !== undefined ? { crossed_on: row.crossed_on } : {}),
        ...(row.crossing_transaction_id !== undefined ? { crossing_transaction_id: row.crossing_transaction_id } : {}),
        ...(row.register_by !== undefined ? { register_by: row.register_by } : {}),
        source_url: row.source_url,
      },
    });
  }
  return out;
}
