/**
 * Secondary adapter (DynamoDB): one TransactWriteItems call for items built by several stores,
 * so a write that spans tables (account + primary entity + key, sale + exposure totals) is all or
 * nothing. A write cancelled only because another transaction held one of its items (a hot
 * exposure counter under concurrent sales) wrote nothing, so it is sent again after a short
 * jittered pause (docs/exposure.md). Every transaction carries a ClientRequestToken, so one sent
 * again after its answer was lost runs once (docs/dynamodb-client.md, "Safe retries").
 */
import { randomBytes } from 'node:crypto';
import type { TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { canonicalJson, sha256Hex } from '../../domain/fingerprint';
import { documentClient } from './client';
import { transactionCancellationReasons } from './errors';

export type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

const CONFLICT_ATTEMPTS = 8;

/** The codes of a cancelled TransactWriteItems, one per item in order ('None', 'ConditionalCheckFailed', ...). */
export function cancellationCodes(error: unknown): string[] | undefined {
  return transactionCancellationReasons(error)?.map((r) => r.Code ?? 'None');
}

/**
 * This very transaction, sent earlier with the same token, is still running (TransactionInProgressException: an
 * attempt the client gave up on). Sent again, it is answered as that attempt ended.
 */
const isStillRunning = (error: unknown): boolean => (error as Error | undefined)?.name === 'TransactionInProgressException';

/**
 * Refused only because of a transaction: one held an item of this write (TransactionConflict, a cancellation reason
 * or a single-item write's error: it wrote nothing), or this write's own earlier attempt is still running.
 */
function isTransactionConflict(error: unknown): boolean {
  return (
    cancellationCodes(error)?.includes('TransactionConflict') === true ||
    (error as Error | undefined)?.name === 'TransactionConflictException' ||
    isStillRunning(error)
  );
}

/** Runs a write, again after a short jittered pause while `retried` says so of its refusal. */
async function retrying(write: () => Promise<unknown>, retried: (error: unknown) => boolean): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await write();
      return;
    } catch (error) {
      if (!retried(error) || attempt >= CONFLICT_ATTEMPTS) throw error;
      await new Promise((r) => setTimeout(r, Math.random() * 10 * 2 ** attempt));
    }
  }
}

/**
 * Runs a write, again after a short jittered pause while it is refused only because a transaction held one of its
 * items: a cancelled transaction, or a single-item write that met one (TransactionConflictException); or while an
 * earlier attempt of the same transaction is still running.
 */
export const retryingConflicts = (write: () => Promise<unknown>): Promise<void> => retrying(write, isTransactionConflict);

/**
 * The ClientRequestToken of one transaction: DynamoDB runs a TransactWriteItems sent again with the same token within
 * 10 minutes once, and answers the resend as the first (a resend with other items is refused:
 * IdempotentParameterMismatchException). The SHA-256 of the items' canonical JSON and of 16 random bytes drawn once
 * per transaction, its first 36 hex digits (the most DynamoDB takes). The random part because two different writes
 * can send byte-identical items: a time-driven event of a deterministic id put by two runs of its job, or the same
 * plan change made twice. Sharing a token, the second would be answered "done" without its conditions being checked,
 * and report a write it did not make. The content part binds the token to its items, so it can never be sent with
 * others. Made once per transaction, so each of its attempts (the SDK's retries and ours) carries the same token.
 */
export function transactionToken(items: readonly TransactItem[]): string {
  return sha256Hex(`${randomBytes(16).toString('hex')}${canonicalJson(items)}`).slice(0, 36);
}

/** The TransactWriteItems input of `items`, with its token. */
const idempotentTransaction = (items: TransactItem[]): TransactWriteCommandInput => ({ TransactItems: items, ClientRequestToken: transactionToken(items) });

export async function transactWrite(items: TransactItem[]): Promise<void> {
  const input = idempotentTransaction(items);
  await retryingConflicts(() => documentClient().transactWrite(input));
}

/**
 * A transaction whose conflicts are its caller's answer, not sent again (an invoice number another finalization is
 * taking): only while its own earlier attempt is still running.
 */
export async function transactWriteOnce(items: TransactItem[]): Promise<void> {
  const input = idempotentTransaction(items);
  await retrying(() => documentClient().transactWrite(input), isStillRunning);
}
