/** Ports (implemented by src/adapters/dynamodb): the counters reports are read from, and the billing meter. */
import type { ExposureTotal, PeriodSelection } from '../domain/exposure/report';
import type { StoredNexusCounter } from '../domain/nexus/counters';
import type { FxRate } from '../domain/nexus/fx';
import type { FxRange } from '../domain/installation/coverage';
import type { UsageRow } from '../domain/usage/usage-period';

export interface ExposureTotals {
  /** The counters of the selected periods, read consistently (exact right after a write). */
  totals(accountId: string, selection: PeriodSelection): Promise<ExposureTotal[]>;
}

/** The nexus counters of each selling entity, written with each sale and refund; read consistently. */
export interface NexusCounterStore {
  /** An entity's month counters (every jurisdiction and currency) from `fromMonth` to `toMonth`, YYYY-MM, inclusive. */
  nexusMonths(accountId: string, entityId: string, fromMonth: string, toMonth: string): Promise<StoredNexusCounter[]>;
  /** An entity's day counters (every jurisdiction and currency) of one month, YYYY-MM. */
  nexusDays(accountId: string, entityId: string, month: string): Promise<StoredNexusCounter[]>;
  /** An entity's day counters of one jurisdiction in one currency, from `fromDay` to `toDay` inclusive. */
  nexusCurrencyDays(accountId: string, entityId: string, jurisdiction: string, currency: string, fromDay: string, toDay: string): Promise<StoredNexusCounter[]>;
  /** Remembers on an existing day counter the sale that crossed under `key` (a cache: losing it costs one day's read). */
  rememberCrossing(accountId: string, entityId: string, day: string, jurisdiction: string, currency: string, key: string, transactionId: string): Promise<void>;
}

export type { FxRate };

/** The imported ECB reference rates, units per euro (FxRates table; `levy fx import`). */
export interface FxRateTable {
  /** A currency's rates from `fromDay` to `toDay` inclusive, by date. */
  rates(currency: string, fromDay: string, toDay: string): Promise<FxRate[]>;
  /** Writes rates (an import): one item per currency and day, replacing any earlier import of that day. */
  put(rows: readonly ({ currency: string } & FxRate)[]): Promise<void>;
}

/** Which days of each currency's ECB rates are imported (GET /v1/tax/coverage). */
export interface FxRateRanges {
  /** Every imported currency's first and last imported day (a currency with none is not listed). */
  ranges(): Promise<FxRange[]>;
}

/** A usage counter as the report answers it (src/domain/usage/usage-period.ts). */
export type { UsageRow } from '../domain/usage/usage-period';

export interface UsageMeter {
  /** Counts one billable call of `endpoint` (`POST /v1/tax/rate`) on the UTC day of `at`. */
  recordBillableCall(accountId: string, endpoint: string, at: Date): Promise<void>;
  /**
   * Counts the call of one Idempotency-Key (`callKey`, a hash) at most once however often it runs or is replayed;
   * answers whether this time counted it.
   */
  billOnce(accountId: string, endpoint: string, callKey: string, at: Date): Promise<boolean>;
  /** Rows from `from` to `to` (inclusive, YYYY-MM-DD), ordered by date then endpoint. */
  list(accountId: string, from: string, to: string): Promise<UsageRow[]>;
}
