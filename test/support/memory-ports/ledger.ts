/**
 * Test support: the in-memory ledgers (sales, refunds) and the exposure counters they move, as the Transactions and Exposure tables keep them.
 * `hooks` lets a test run code at the moment a write lands (a concurrent writer).
 */
import { exposureKeyString, type ExposureDelta } from '../../../src/domain/exposure/deltas';
import type { ExposureTotal } from '../../../src/domain/exposure/report';
import type { Page } from '../../../src/domain/records/record';
import type { Refund, RefundProgress } from '../../../src/domain/transactions/refund';
import type { RefundLedger, RefundRecording, SaleLedger, SaleListRequest, SaleRecording, StoredRefund, StoredSale } from '../../../src/ports/ledger';
import { key } from './records';

/** Exposure counters as the Exposure table keeps them: ADDed deltas by key. */
export class MemoryExposure {
  readonly counters = new Map<string, ExposureTotal & { accountId: string }>();

  add(accountId: string, deltas: readonly ExposureDelta[]): void {
    for (const d of deltas) {
      const k = `${accountId}|${exposureKeyString(d)}`;
      const current = this.counters.get(k) ?? { ...d, accountId, tax: 0, sales: 0, taxable_sales: 0, exempt_sales: {} };
      current.tax += d.tax;
      current.sales += d.sales;
      // The sales amounts, kept as the DynamoDB store keeps them (zero amounts left out when read).
      current.taxable_sales = (current.taxable_sales ?? 0) + (d.taxable_sales ?? 0);
      const exempt: Record<string, number> = { ...current.exempt_sales };
      for (const [reason, amount] of Object.entries(d.exempt_sales ?? {})) exempt[reason] = (exempt[reason] ?? 0) + amount;
      current.exempt_sales = exempt;
      this.counters.set(k, current);
    }
  }

  /** True when a delta would take a counter past 2^53 - 1, as the DynamoDB store's condition refuses. */
  wouldOverflow(accountId: string, deltas: readonly ExposureDelta[]): boolean {
    return deltas.some((d) => d.tax > 0 && (this.counters.get(`${accountId}|${exposureKeyString(d)}`)?.tax ?? 0) > Number.MAX_SAFE_INTEGER - d.tax);
  }

  async totals(accountId: string): Promise<ExposureTotal[]> {
    return [...this.counters.values()]
      .filter((c) => c.accountId === accountId)
      .map(({ accountId: _a, taxable_sales, exempt_sales, ...t }) => {
        const exempt = Object.entries(exempt_sales ?? {}).filter(([, amount]) => amount !== 0);
        return { ...t, ...(taxable_sales ? { taxable_sales } : {}), ...(exempt.length > 0 ? { exempt_sales: Object.fromEntries(exempt) } : {}) };
      });
  }
}

export interface LedgerHooks {
  /** Runs just before a sale write lands, e.g. to let a concurrent writer land first. */
  beforeSale?: (sale: StoredSale['transaction']) => Promise<void> | void;
  /** Runs just before a refund write lands. */
  beforeRefund?: (refund: Refund) => Promise<void> | void;
}

/** What both ledgers share, as the Transactions table does: sales, refunds, and the exposure counters they move. */
export class MemoryLedgerState {
  readonly sales = new Map<string, StoredSale>();
  readonly refunds = new Map<string, StoredRefund>();
  readonly hooks: LedgerHooks = {};
  constructor(readonly exposure: MemoryExposure) {}
}

export class MemorySaleLedger implements SaleLedger {
  constructor(readonly state: MemoryLedgerState) {}

  async get(accountId: string, id: string): Promise<StoredSale | undefined> {
    const found = this.state.sales.get(key(accountId, id));
    return found && structuredClone(found);
  }

  /** In id order, or by date then id within `from`/`to`, as the DynamoDB store answers. */
  async list(accountId: string, request: SaleListRequest): Promise<Page<StoredSale['transaction']>> {
    const byDate = request.from !== undefined || request.to !== undefined;
    const sortKey = (t: StoredSale['transaction']) => (byDate ? `${t.date}#${t.id}` : t.id);
    const mine = [...this.state.sales.entries()]
      .filter(([k]) => k.startsWith(`${accountId}|`))
      .map(([, s]) => s.transaction)
      .filter((t) => (request.from === undefined || t.date >= request.from) && (request.to === undefined || t.date <= request.to))
      .sort((a, b) => (sortKey(a) < sortKey(b) ? -1 : 1));
    const start = request.startingAfter === undefined ? 0 : mine.findIndex((t) => t.id === request.startingAfter) + 1;
    const rest = mine.slice(start);
    return { data: rest.slice(0, request.limit).map((t) => structuredClone(t)), has_more: rest.length > request.limit };
  }

  async record(accountId: string, sale: StoredSale['transaction'], fingerprint: string, exposure: readonly ExposureDelta[]): Promise<SaleRecording> {
    await this.state.hooks.beforeSale?.(sale);
    const stored = this.state.sales.get(key(accountId, sale.id));
    if (stored) return stored.fingerprint === fingerprint ? { outcome: 'replayed', record: structuredClone(stored.transaction) } : { outcome: 'exists' };
    if (this.state.exposure.wouldOverflow(accountId, exposure)) return { outcome: 'counter_limit' };
    this.state.sales.set(key(accountId, sale.id), { transaction: structuredClone(sale), fingerprint, refunded: {}, refundLines: 0, version: 0 });
    this.state.exposure.add(accountId, exposure);
    return { outcome: 'created', record: sale };
  }
}

export class MemoryRefundLedger implements RefundLedger {
  constructor(readonly state: MemoryLedgerState) {}

  async get(accountId: string, transactionId: string, refundId: string): Promise<StoredRefund | undefined> {
    const found = this.state.refunds.get(key(accountId, `${transactionId}#${refundId}`));
    return found && structuredClone(found);
  }

  async listFor(accountId: string, transactionId: string): Promise<Refund[]> {
    return [...this.state.refunds.entries()].filter(([k]) => k.startsWith(`${accountId}|${transactionId}#`)).map(([, r]) => r.refund);
  }

  async record(
    accountId: string,
    refund: Refund,
    fingerprint: string,
    after: RefundProgress,
    expectedVersion: number,
    exposure: readonly ExposureDelta[],
  ): Promise<RefundRecording> {
    await this.state.hooks.beforeRefund?.(refund);
    const refundKey = key(accountId, `${refund.transaction_id}#${refund.id}`);
    const stored = this.state.refunds.get(refundKey);
    if (stored) return stored.fingerprint === fingerprint ? { outcome: 'replayed', record: structuredClone(stored.refund) } : { outcome: 'exists' };
    const sale = this.state.sales.get(key(accountId, refund.transaction_id));
    if (!sale || sale.version !== expectedVersion) return { outcome: 'stale' };
    this.state.refunds.set(refundKey, { refund: structuredClone(refund), fingerprint });
    sale.refunded = structuredClone(after.refunded);
    sale.refundLines = after.refundLines;
    sale.version += 1;
    this.state.exposure.add(accountId, exposure);
    return { outcome: 'created', record: refund };
  }
}
