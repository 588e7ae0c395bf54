/**
 * Secondary adapter (DynamoDB, Idempotency table): Powertools' idempotency records, kept so that billing counts only
 * answers a client can get again (docs/api.md, "Idempotency and billing"):
 *
 * - The answer is completed and the call billed in ONE TransactWriteItems: the record's COMPLETED update and the
 *   usage counter's ADD land together, or neither does. So a kept answer is billed exactly once, and an answer that
 *   could not be kept is not billed at all.
 * - Every write after the claim is conditional on this call still holding it (status INPROGRESS with the in-progress
 *   expiry it claimed): a run that outlived its claim, while a retry claimed the key, neither completes (and bills)
 *   nor deletes the retry's record.
 * - The answer is stored gzip-compressed (a Binary attribute), so answers far beyond DynamoDB's 400 KB item limit in
 *   JSON (a 1,000-line cart) are kept; `failedToKeep` tells the caller when one could not be, and `release` then
 *   frees the key (so a retry runs once and bills once) or, if the write did land after all, answers the kept answer.
 *
 * One instance per call: it carries the call's billing (account, endpoint, time) and its claim. Attribute names are
 * Powertools' defaults: `id`, `expiration` (the table's TTL), `in_progress_expiration`, `status`, `data`, `validation`.
 */
import { gunzipSync, gzipSync } from 'node:zlib';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import { IdempotencyItemAlreadyExistsError, IdempotencyItemNotFoundError, IdempotencyRecordStatus } from '@aws-lambda-powertools/idempotency';
import { BasePersistenceLayer, IdempotencyRecord } from '@aws-lambda-powertools/idempotency/persistence';
import type { JSONValue } from '@aws-lambda-powertools/commons/types';
import { documentClient } from './client';
import { unlessConditionFails } from './conditional-write';
import { isConditionalCheckFailed } from './errors';
import { transactWrite } from './transact';
import type { DynamoDbUsageStore } from './usage-store';

/** Whose call is billed when its answer is kept. */
export interface BillableCall {
  accountId: string;
  /** `POST /v1/tax/rate` */
  endpoint: string;
  at: Date;
  /** false: a free route that honours Idempotency-Key (POST /v1/registrations): the answer is kept, nothing billed. */
  billed?: boolean;
}

/** Compressed answers above this are not kept: the item must stay under DynamoDB's 400 KB with its other attributes. */
export const MAX_KEPT_ANSWER_BYTES = 350 * 1024;

type Item = Record<string, unknown>;

/** The condition that this call still holds the key, with its values. */
interface Claim {
  condition: string;
  names: Record<string, string>;
  values: Item;
}

export class DynamoDbIdempotencyStore extends BasePersistenceLayer {
  /** Set when the answer could not be kept (too large, or the write failed): the caller then calls `release`. */
  failedToKeep?: 'too_large' | 'write_failed';
  /** The in-progress expiry this call claimed the key with (null: claimed without one). */
  private claimedUntil?: number | null;

  constructor(
    private readonly tableName: string,
    private readonly usage: DynamoDbUsageStore,
    private readonly call: BillableCall,
    private readonly maxKeptAnswerBytes = MAX_KEPT_ANSWER_BYTES,
  ) {
    super();
  }

  protected async _getRecord(idempotencyKey: string): Promise<IdempotencyRecord> {
    const { Item } = await documentClient().get({ TableName: this.tableName, Key: { id: idempotencyKey }, ConsistentRead: true });
    if (!Item) throw new IdempotencyItemNotFoundError();
    return toRecord(Item);
  }

  /** The in-progress claim: only a new key, an expired record, or a claim whose holder timed out may be (re)claimed. */
  protected async _putRecord(record: IdempotencyRecord): Promise<void> {
    const now = Date.now();
    try {
      await documentClient().put({
        TableName: this.tableName,
        Item: {
          id: record.idempotencyKey,
          expiration: record.expiryTimestamp,
          status: record.getStatus(),
          ...(record.inProgressExpiryTimestamp !== undefined ? { in_progress_expiration: record.inProgressExpiryTimestamp } : {}),
          ...(this.isPayloadValidationEnabled() && record.payloadHash !== undefined ? { validation: record.payloadHash } : {}),
        },
        ConditionExpression:
          'attribute_not_exists(id) OR expiration < :now OR (#status = :inprogress AND attribute_exists(in_progress_expiration) AND in_progress_expiration < :nowMs)',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':now': now / 1000, ':nowMs': now, ':inprogress': IdempotencyRecordStatus.INPROGRESS },
        ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
      });
      this.claimedUntil = record.inProgressExpiryTimestamp ?? null;
    } catch (error) {
      if (isConditionalCheckFailed(error)) {
        // The old item comes back in DynamoDB's AttributeValue form: errors are not unmarshalled (documents.ts).
        const existing = error.Item ? toRecord(unmarshall(error.Item)) : undefined;
        throw new IdempotencyItemAlreadyExistsError(`Failed to put record for already existing idempotency key: ${record.idempotencyKey}`, existing);
      }
      throw error;
    }
  }

  /** COMPLETED with the compressed answer, and the call billed, in one write; only while this call holds the key. */
  protected async _updateRecord(record: IdempotencyRecord): Promise<void> {
    const data = record.responseData === undefined ? undefined : gzipSync(JSON.stringify(record.responseData));
    if (data && data.length > this.maxKeptAnswerBytes) {
      this.failedToKeep = 'too_large';
      throw new RangeError(`the answer is ${data.length} bytes compressed; at most ${this.maxKeptAnswerBytes} can be kept`);
    }
    const claim = this.claim();
    const values: Item = { ...claim.values, ':expiration': record.expiryTimestamp, ':status': record.getStatus() };
    const sets = ['expiration = :expiration', '#status = :status'];
    if (data) {
      values[':data'] = data;
      sets.push('#data = :data');
    }
    if (this.isPayloadValidationEnabled()) {
      values[':validation'] = record.payloadHash;
      sets.push('validation = :validation');
    }
    try {
      await transactWrite([
        {
          Update: {
            TableName: this.tableName,
            Key: { id: record.idempotencyKey },
            UpdateExpression: `SET ${sets.join(', ')}`,
            ConditionExpression: claim.condition,
            ExpressionAttributeNames: { ...claim.names, ...(data ? { '#data': 'data' } : {}) },
            ExpressionAttributeValues: values,
          },
        },
        ...(this.call.billed === false ? [] : [this.usage.billItem(this.call.accountId, this.call.endpoint, this.call.at)]),
      ]);
    } catch (error) {
      this.failedToKeep = 'write_failed';
      throw error;
    }
  }

  /** Powertools deletes the record when the function throws: only this call's own claim, never a retry's. */
  protected async _deleteRecord(record: IdempotencyRecord): Promise<void> {
    await this.deleteOwnClaim(record.idempotencyKey);
  }

  /**
   * After `failedToKeep`: frees the key of `event` if this call still holds it, so the client's retry runs (and is
   * billed) once. If the key was completed after all (a write whose success was lost, e.g. to a timeout, or a retry
   * that finished first), answers the kept answer instead, which is billed already.
   */
  async release(event: JSONValue): Promise<JSONValue | undefined> {
    const key = this.getHashedIdempotencyKey(event);
    if (await this.deleteOwnClaim(key)) return undefined;
    const { Item } = await documentClient().get({ TableName: this.tableName, Key: { id: key }, ConsistentRead: true });
    const record = Item ? toRecord(Item) : undefined;
    return record?.getStatus() === IdempotencyRecordStatus.COMPLETED ? record.getResponse() : undefined;
  }

  /** Deletes the record if this call still holds it; answers whether it did. */
  private async deleteOwnClaim(idempotencyKey: string): Promise<boolean> {
    const claim = this.claim();
    const deleted = await unlessConditionFails(() =>
      documentClient().delete({
        TableName: this.tableName,
        Key: { id: idempotencyKey },
        ConditionExpression: claim.condition,
        ExpressionAttributeNames: claim.names,
        ExpressionAttributeValues: claim.values,
      }),
    );
    return deleted !== undefined;
  }

  private claim(): Claim {
    const names = { '#status': 'status' };
    const inProgress = { ':inprogress': IdempotencyRecordStatus.INPROGRESS };
    if (this.claimedUntil === undefined) throw new Error('The idempotency store wrote past a claim it never made');
    if (this.claimedUntil === null) {
      return { condition: '#status = :inprogress AND attribute_not_exists(in_progress_expiration)', names, values: inProgress };
    }
    return {
      condition: '#status = :inprogress AND in_progress_expiration = :claimedUntil',
      names,
      values: { ...inProgress, ':claimedUntil': this.claimedUntil },
    };
  }
}

function toRecord(item: Item): IdempotencyRecord {
  const data = item.data;
  return new IdempotencyRecord({
    idempotencyKey: item.id as string,
    status: item.status as ReturnType<IdempotencyRecord['getStatus']>,
    expiryTimestamp: item.expiration as number | undefined,
    inProgressExpiryTimestamp: item.in_progress_expiration as number | undefined,
    // Records kept before answers were compressed (Powertools' own layer) hold the answer as a map: used as it is.
    responseData: data instanceof Uint8Array ? (JSON.parse(gunzipSync(data).toString('utf8')) as JSONValue) : (data as JSONValue | undefined),
    payloadHash: item.validation as string | undefined,
  });
}
