/**
 * Secondary adapter (DynamoDB, Transactions + Exposure + ReturnCounters tables; a sale naming a customer also Customers):
 * the sale and refund ledgers. Each write is ONE TransactWriteItems of the Transactions store's items, the Exposure
 * store's counter updates (exposure and nexus counters), the return counters and the record's entry by recording time, for a sale with customer_id the customer's transaction count, and the
 * `transaction.created` / `refund.created` event (the outbox, docs/webhooks.md), so a sale or refund and what it moves
 * land together or not at all (docs/exposure.md, docs/customers.md). The ledger built the items, so it knows
 * which one a cancellation reason belongs to, and turns them into the ports' outcomes.
 */
import type { ExposureDelta } from '../../domain/exposure/deltas';
import type { NexusDelta } from '../../domain/nexus/counters';
import type { ReturnDeltas } from '../../domain/returns/counters';
import type { Refund, RefundProgress } from '../../domain/transactions/refund';
import type { Transaction } from '../../domain/transactions/sale';
import type { RefundLedger, RefundRecording, SaleLedger, SaleListRequest, SaleRecording } from '../../ports/ledger';
import { transactCreate } from './conditional-create';
import type { DynamoDbCustomerStore } from './customer-store';
import type { EventOutbox } from './event-outbox';
import type { DynamoDbReturnCounterStore } from './return-counter-store';
import type { DynamoDbExposureStore } from './exposure-store';
import { cancellationCodes } from './transact';
import type { DynamoDbTransactionStore } from './transaction-store';

const failedCondition = (error: unknown, position: number): boolean => cancellationCodes(error)?.[position] === 'ConditionalCheckFailed';

export class DynamoDbSaleLedger implements SaleLedger {
  constructor(
    private readonly transactions: () => DynamoDbTransactionStore,
    private readonly exposure: () => DynamoDbExposureStore,
    private readonly customers: () => Promise<Pick<DynamoDbCustomerStore, 'recordTransactionItem'>>,
    /** Writes the sale's `transaction.created` event. */
    private readonly outbox: EventOutbox,
    private readonly returnCounters: DynamoDbReturnCounterStore,
  ) {}

  get(accountId: string, id: string) {
    return this.transactions().get(accountId, id);
  }

  list(accountId: string, request: SaleListRequest) {
    return this.transactions().list(accountId, request);
  }

  async record(
    accountId: string,
    sale: Transaction,
    fingerprint: string,
    exposure: readonly ExposureDelta[],
    nexus: readonly NexusDelta[] = [],
    returns: ReturnDeltas = { counters: [], counts: [] },
  ): Promise<SaleRecording> {
    // Item 0: the sale's put, conditional on its id being new (the same sale found there is a replay:
    // conditional-create.ts); item 1 with customer_id: the customer's transaction count (conditional on the customer
    // existing: docs/customers.md, DELETE); then its counters, each conditional on staying exact; last, its event.
    const customerItems = sale.customer_id !== undefined ? [(await this.customers()).recordTransactionItem(accountId, sale.customer_id)] : [];
    const items = [
      this.transactions().putItem(accountId, sale, fingerprint),
      ...customerItems,
      ...this.exposure().addItems(accountId, exposure),
      ...this.exposure().addNexusItems(accountId, nexus),
      ...this.returnCounters.addItems(accountId, returns),
      this.returnCounters.recordingItem(accountId, { kind: 'sale', transaction_id: sale.id, date: sale.date, recorded_at: sale.created_at }),
      this.outbox.item(accountId, 'transaction.created', sale, new Date(sale.created_at)),
    ];
    return transactCreate(
      items,
      0,
      sale,
      (item) => this.transactions().saleOf(item),
      (error): SaleRecording | undefined => {
        if (customerItems.length > 0 && failedCondition(error, 1)) return { outcome: 'missing_customer' };
        if (cancellationCodes(error)?.includes('ConditionalCheckFailed')) return { outcome: 'counter_limit' };
        return undefined;
      },
    );
  }
}

export class DynamoDbRefundLedger implements RefundLedger {
  constructor(
    private readonly transactions: () => DynamoDbTransactionStore,
    private readonly exposure: () => DynamoDbExposureStore,
    /** Writes the refund's `refund.created` event. */
    private readonly outbox: EventOutbox,
    private readonly returnCounters: DynamoDbReturnCounterStore,
  ) {}

  get(accountId: string, transactionId: string, refundId: string) {
    return this.transactions().getRefund(accountId, transactionId, refundId);
  }

  listFor(accountId: string, transactionId: string) {
    return this.transactions().refunds(accountId, transactionId);
  }

  async record(
    accountId: string,
    refund: Refund,
    fingerprint: string,
    after: RefundProgress,
    expectedVersion: number,
    exposure: readonly ExposureDelta[],
    nexus: readonly NexusDelta[] = [],
    returns: ReturnDeltas = { counters: [], counts: [] },
  ): Promise<RefundRecording> {
    // Item 0: the refund's put (new id; the same refund found there is a replay); item 1: the sale's refunded-so-far
    // (at the version read).
    const items = [
      ...this.transactions().refundItems(accountId, refund, fingerprint, after, expectedVersion),
      ...this.exposure().addItems(accountId, exposure),
      ...this.exposure().addNexusItems(accountId, nexus),
      ...this.returnCounters.addItems(accountId, returns),
      this.returnCounters.recordingItem(accountId, {
        kind: 'refund',
        transaction_id: refund.transaction_id,
        refund_id: refund.id,
        date: refund.date,
        recorded_at: refund.created_at,
      }),
      this.outbox.item(accountId, 'refund.created', refund, new Date(refund.created_at)),
    ];
    return transactCreate(
      items,
      0,
      refund,
      (item) => this.transactions().refundOf(item),
      (error): RefundRecording | undefined => (failedCondition(error, 1) ? { outcome: 'stale' } : undefined),
    );
  }
}
