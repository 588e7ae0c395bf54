/**
 * Secondary adapter (DynamoDB, Transactions -> ReturnCounters), an operator command (`levy migrate`), never a request's
 * path: counts the sales and refunds recorded before the return counters existed (docs/returns.md "Counters"). A Scan
 * of the Transactions table, a page at a time (memory stays flat whatever the ledger's size); each record's counters
 * and its entry by recording time in one TransactWriteItems, the entry put only if absent: a record counted already
 * (recorded since the counters exist, or by an earlier run) is left alone, so running it again, or while sales are
 * recorded, counts nothing twice.
 */
import { refundReturnDeltas, saleReturnDeltas } from '../../domain/returns/counters';
import type { Refund } from '../../domain/transactions/refund';
import type { Transaction } from '../../domain/transactions/sale';
import type { RecordingEntry } from '../../ports/returns';
import { scanPages } from './query';
import { cancellationCodes, transactWrite } from './transact';
import type { DynamoDbReturnCounterStore } from './return-counter-store';
import type { DynamoDbTransactionStore } from './transaction-store';

export interface ReturnCounterMigration {
  records_counted: number;
  records_already_counted: number;
}

/** How many records are counted at once (each its own transaction). */
const CONCURRENCY = 8;

export async function migrateReturnCounters(
  transactionsTable: string,
  transactions: DynamoDbTransactionStore,
  counters: DynamoDbReturnCounterStore,
): Promise<ReturnCounterMigration> {
  const report: ReturnCounterMigration = { records_counted: 0, records_already_counted: 0 };
  const salesRead = new Map<string, Transaction | undefined>();
  const saleOf = async (accountId: string, id: string) => {
    const key = `${accountId}|${id}`;
    if (!salesRead.has(key)) salesRead.set(key, (await transactions.get(accountId, id))?.transaction);
    return salesRead.get(key);
  };
  const count = async (item: Record<string, unknown>) => {
    const accountId = item.account_id as string;
    const sk = String(item.sk);
    let entry: RecordingEntry;
    let deltas;
    if (sk.startsWith('txn#')) {
      const sale = transactions.saleOf(item);
      entry = { kind: 'sale', transaction_id: sale.id, date: sale.date, recorded_at: sale.created_at };
      deltas = saleReturnDeltas(sale);
    } else if (sk.startsWith('rfd#')) {
      const refund: Refund = transactions.refundOf(item);
      const sale = await saleOf(accountId, refund.transaction_id);
      if (!sale) return;
      entry = { kind: 'refund', transaction_id: refund.transaction_id, refund_id: refund.id, date: refund.date, recorded_at: refund.created_at };
      deltas = refundReturnDeltas(refund, sale);
    } else return;
    try {
      await transactWrite([counters.recordingItem(accountId, entry), ...counters.addItems(accountId, deltas)]);
      report.records_counted++;
    } catch (error) {
      if (cancellationCodes(error)?.[0] !== 'ConditionalCheckFailed') throw error;
      report.records_already_counted++;
    }
  };
  for await (const items of scanPages({ TableName: transactionsTable })) {
    for (let i = 0; i < items.length; i += CONCURRENCY) await Promise.all(items.slice(i, i + CONCURRENCY).map(count));
    salesRead.clear();
  }
  return report;
}
