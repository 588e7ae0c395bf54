/**
 * Secondary adapter (DynamoDB): one TransactWriteItems call for items built by several stores,
 * so a write that spans tables (account + primary entity + key, sale + exposure totals) is all or
 * nothing. A write cancelled only because another transaction held one of its items (a hot
 * exposure counter under concurrent sales) wrote nothing, so it is sent again after a short
 * jittered pause (docs/exposure.md).
 */
import type { TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { documentClient } from './client';
import { transactionCancellationReasons } from './errors';

export type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

const CONFLICT_ATTEMPTS = 8;

/** The codes of a cancelled TransactWriteItems, one per item in order ('None', 'ConditionalCheckFailed', ...). */
export function cancellationCodes(error: unknown): string[] | undefined {
  return transactionCancellationReasons(error)?.map((r) => r.Code ?? 'None');
}

function isTransactionConflict(error: unknown): boolean {
  return cancellationCodes(error)?.includes('TransactionConflict') === true || (error as Error | undefined)?.name === 'TransactionConflictException';
}

/**
 * Runs a write, again after a short jittered pause while it is refused only because a transaction held one of its
 * items: a cancelled transaction, or a single-item write that met one (TransactionConflictException). Either wrote
 * nothing.
 */
export async function retryingConflicts(write: () => Promise<unknown>): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await write();
      return;
    } catch (error) {
      if (!isTransactionConflict(error) || attempt >= CONFLICT_ATTEMPTS) throw error;
      await new Promise((r) => setTimeout(r, Math.random() * 10 * 2 ** attempt));
    }
  }
}

export async function transactWrite(items: TransactItem[]): Promise<void> {
  await retryingConflicts(() => documentClient().transactWrite({ TransactItems: items }));
}
