/**
 * Secondary adapter (DynamoDB): the one way a record is created under a key that must be new, safe to send again
 * (docs/dynamodb-client.md, "Safe retries"). A write can land and its answer be lost (a slow database: the client
 * gives up and the SDK sends it again; or the caller's own HTTP retry): the resend then meets its own write and fails
 * its "must not exist" condition. So the item carries the fingerprint of what created it, the Put asks for the stored
 * item when refused (ReturnValuesOnConditionCheckFailure ALL_OLD: no second read), and a refusal by an item with the
 * same fingerprint is the same write: our own success, nothing written again (no second event). Another fingerprint
 * is a real conflict.
 */
import { unmarshall } from '@aws-sdk/util-dynamodb';
import { contentFingerprint } from '../../domain/fingerprint';
import type { Creation } from '../../ports/records';
import { documentClient } from './client';
import { isConditionalCheckFailed, transactionCancellationReasons, type CancellationReason } from './errors';
import { transactWrite, type TransactItem } from './transact';

type Item = Record<string, unknown>;

/** The attribute that holds what created the item; stores strip it before an item leaves them. */
export const FINGERPRINT = 'fingerprint';

export type NewPut = { Put: NonNullable<TransactItem['Put']> & { Item: Item } };

/** `replayed`: the key holds the same write (its fingerprint), `stored` as it is now; `exists`: another write holds it. */
export type Refusal = { outcome: 'replayed'; stored: Item } | { outcome: 'exists'; stored: Item | undefined };
export type CreateOutcome = { outcome: 'created' } | Refusal;

/**
 * The Put of `item` where no item has its key yet (`keyAttribute`: a key attribute every item of the table has).
 * `fingerprint`: the request's content where the caller chooses the id (creationFingerprint, or a sale's), so the
 * caller's retry with the same body is the same write; by default the item's own content, so only a resend of this
 * very write is (a Levy-made id is new for every request).
 */
export function createPut(tableName: string, item: object, keyAttribute: string, fingerprint = contentFingerprint(item)): NewPut {
  return {
    Put: {
      TableName: tableName,
      Item: { ...item, [FINGERPRINT]: fingerprint },
      ConditionExpression: `attribute_not_exists(${keyAttribute})`,
      ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
    },
  };
}

/**
 * What refused `put`: the cancellation reason at `position` of a cancelled transaction, or, without a position, a
 * single PutItem's error. Undefined when the error is not that Put's refused condition (the caller looks further or
 * throws). The stored item comes in DynamoDB's AttributeValue form (errors are not unmarshalled).
 */
export function refusedCreate(error: unknown, put: NewPut, position?: number): Refusal | undefined {
  const reason: CancellationReason | undefined =
    position === undefined
      ? isConditionalCheckFailed(error)
        ? { Code: 'ConditionalCheckFailed', Item: error.Item }
        : undefined
      : transactionCancellationReasons(error)?.[position];
  if (reason?.Code !== 'ConditionalCheckFailed') return undefined;
  const stored = reason.Item && (unmarshall(reason.Item as Parameters<typeof unmarshall>[0]) as Item);
  return stored !== undefined && stored[FINGERPRINT] === put.Put.Item[FINGERPRINT] ? { outcome: 'replayed', stored } : { outcome: 'exists', stored };
}

/** A create of one item (a PutItem): `created`, or what refused it. */
export async function putNew(put: NewPut): Promise<CreateOutcome> {
  try {
    await documentClient().put(put.Put);
    return { outcome: 'created' };
  } catch (error) {
    const refused = refusedCreate(error, put);
    if (!refused) throw error;
    return refused;
  }
}

/**
 * A create of one item under a Levy-made id, which no other write can hold: written now or found written by this
 * write's earlier attempt. Another item under the id is a fault (500), as before.
 */
export async function putNewId(put: NewPut): Promise<void> {
  if ((await putNew(put)).outcome === 'exists') throw newIdTaken(put);
}

/** The fault of a Levy-made id found taken by another write. */
export const newIdTaken = (put: NewPut): Error => new Error(`${String(put.Put.TableName)}: an item with the key of this new one exists already`);

/**
 * A transaction whose item at `position` is a create (`createPut`): `record` when written, the stored record
 * (`toRecord`) when it was this same create, `exists` when another holds the key. A cancellation for another reason
 * is `otherwise`'s answer, or thrown when it has none.
 */
export async function transactCreate<T, R = never>(
  items: TransactItem[],
  position: number,
  record: T,
  toRecord: (item: Item) => T,
  otherwise?: (error: unknown) => R | undefined,
): Promise<Creation<T> | R> {
  try {
    await transactWrite(items);
    return { outcome: 'created', record };
  } catch (error) {
    const refused = refusedCreate(error, items[position] as NewPut, position);
    if (refused) return refused.outcome === 'replayed' ? { outcome: 'replayed', record: toRecord(refused.stored) } : { outcome: 'exists' };
    const other = otherwise?.(error);
    if (other === undefined) throw error;
    return other;
  }
}
