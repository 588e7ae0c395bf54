/**
 * Secondary adapter (DynamoDB, Transactions + Exposure tables): the sale and refund ledgers. Each write is ONE
 * TransactWriteItems of the Transactions store's items and the Exposure store's counter updates, so a sale or refund
 * and the exposure it moves land together or not at all (docs/exposure.md). The ledger built the items, so it knows
 * which one a cancellation reason belongs to, and turns them into the ports' outcomes.
 */
import type { ExposureDelta } from '../../domain/exposure/deltas';
import type { Refund, RefundedSoFar } from '../../domain/transactions/refund';
import type { Transaction } from '../../domain/transactions/sale';
import type { RefundLedger, SaleLedger, SaleListRequest } from '../../ports/ledger';
import type { DynamoDbExposureStore } from './exposure-store';
import { cancellationCodes, transactWrite } from './transact';
import type { DynamoDbTransactionStore } from './transaction-store';

const failedCondition = (error: unknown, position: number): boolean => cancellationCodes(error)?.[position] === 'ConditionalCheckFailed';

export class DynamoDbSaleLedger implements SaleLedger {
  constructor(
    private readonly transactions: () => DynamoDbTransactionStore,
    private readonly exposure: () => DynamoDbExposureStore,
  ) {}

  get(accountId: string, id: string) {
    return this.transactions().get(accountId, id);
  }

  list(accountId: string, request: SaleListRequest) {
    return this.transactions().list(accountId, request);
  }

  async record(accountId: string, sale: Transaction, fingerprint: string, exposure: readonly ExposureDelta[]): Promise<'created' | 'exists' | 'counter_limit'> {
    // Item 0: the sale's put, conditional on its id being new; then its counters, each conditional on staying exact.
    const items = [this.transactions().putItem(accountId, sale, fingerprint), ...this.exposure().addItems(accountId, exposure)];
    try {
      await transactWrite(items);
      return 'created';
    } catch (error) {
      if (failedCondition(error, 0)) return 'exists';
      if (cancellationCodes(error)?.includes('ConditionalCheckFailed')) return 'counter_limit';
      throw error;
    }
  }
}

export class DynamoDbRefundLedger implements RefundLedger {
  constructor(
    private readonly transactions: () => DynamoDbTransactionStore,
    private readonly exposure: () => DynamoDbExposureStore,
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
    refundedAfter: RefundedSoFar,
    expectedVersion: number,
    exposure: readonly ExposureDelta[],
  ): Promise<'created' | 'exists' | 'stale'> {
    // Item 0: the refund's put (new id); item 1: the sale's refunded-so-far (at the version read).
    const items = [
      ...this.transactions().refundItems(accountId, refund, fingerprint, refundedAfter, expectedVersion),
      ...this.exposure().addItems(accountId, exposure),
    ];
    try {
      await transactWrite(items);
      return 'created';
    } catch (error) {
      if (failedCondition(error, 0)) return 'exists';
      if (failedCondition(error, 1)) return 'stale';
      throw error;
    }
  }
}
