/**
 * Secondary adapter (DynamoDB, Idempotency table): Powertools' idempotency records, kept so that billing counts only
 * answers a client can get again (docs/api.md, "Idempotency and billing"):
 *
 * - The answer is completed and the call billed in ONE TransactWriteItems: the record's COMPLETED update and the
 *   usage counter's ADD land together, or neither does. So a kept answer is billed exactly once, and an answer that
 *   could not be kept is not billed at all.
 * - The answer is stored gzip-compressed (a Binary attribute), so answers far beyond DynamoDB's 400 KB item limit in
 *   JSON (a 1,000-line cart) are kept; `failedToKeep` tells the caller when one could not be (then it releases the
 *   key, so a retry runs once and bills once).
 *
 * One instance per call: it carries the call's billing (account, endpoint, time). Attribute names are Powertools'
 * defaults: `id`, `expiration` (the table's TTL), `in_progress_expiration`, `status`, `data`, `validation`.
 */
import { gunzipSync, gzipSync } from 'node:zlib';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import { IdempotencyItemAlreadyExistsError, IdempotencyItemNotFoundError, IdempotencyRecordStatus } from '@aws-lambda-powertools/idempotency';
import { BasePersistenceLayer, IdempotencyRecord } from '@aws-lambda-powertools/idempotency/persistence';
import type { JSONValue } from '@aws-lambda-powertools/commons/types';
import { documentClient } from './client';
import { transactWrite } from './transact';
import type { DynamoDbUsageStore } from './usage-store';

/** Whose call is billed when its answer is kept. */
export interface BillableCall {
  accountId: string;
  /** `POST /v1/tax/rate` */
  endpoint: string;
  at: Date;
}

/** Compressed answers above this are not kept: the item must stay under DynamoDB's 400 KB with its other attributes. */
export const MAX_KEPT_ANSWER_BYTES = 350 * 1024;

type Item = Record<string, unknown>;

export class DynamoDbIdempotencyStore extends BasePersistenceLayer {
  /** Set when the answer could not be kept (too large, or the write failed): the caller then releases the key. */
  failedToKeep?: 'too_large' | 'write_failed';

  constructor(
    private readonly tableName: string,
    private readonly usage: DynamoDbUsageStore,
    private readonly call: BillableCall,
  ) {
    super();
  }

  protected async _getRecord(idempotencyKey: string): Promise<IdempotencyRecord> {
    const { Item } = await documentClient().send(new GetCommand({ TableName: this.tableName, Key: { id: idempotencyKey }, ConsistentRead: true }));
    if (!Item) throw new IdempotencyItemNotFoundError();
    return toRecord(Item);
  }

  /** The in-progress claim: only a new key, an expired record, or a claim whose holder timed out may be (re)claimed. */
  protected async _putRecord(record: IdempotencyRecord): Promise<void> {
    const now = Date.now();
    try {
      await documentClient().send(
        new PutCommand({
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
        }),
      );
    } catch (error) {
      if (error instanceof ConditionalCheckFailedException) {
        // The old item comes back in DynamoDB's wire format, even through the document client.
        const existing = error.Item ? toRecord(unmarshall(error.Item)) : undefined;
        throw new IdempotencyItemAlreadyExistsError(`Failed to put record for already existing idempotency key: ${record.idempotencyKey}`, existing);
      }
      throw error;
    }
  }

  /** COMPLETED with the compressed answer, and the call billed, in one write. */
  protected async _updateRecord(record: IdempotencyRecord): Promise<void> {
    const data = record.responseData === undefined ? undefined : gzipSync(JSON.stringify(record.responseData));
    if (data && data.length > MAX_KEPT_ANSWER_BYTES) {
      this.failedToKeep = 'too_large';
      throw new RangeError(`the answer is ${data.length} bytes compressed; at most ${MAX_KEPT_ANSWER_BYTES} can be kept`);
    }
    const values: Item = { ':expiration': record.expiryTimestamp, ':status': record.getStatus() };
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
            ExpressionAttributeNames: { '#status': 'status', ...(data ? { '#data': 'data' } : {}) },
            ExpressionAttributeValues: values,
          },
        },
        this.usage.billItem(this.call.accountId, this.call.endpoint, this.call.at),
      ]);
    } catch (error) {
      this.failedToKeep = 'write_failed';
      throw error;
    }
  }

  protected async _deleteRecord(record: IdempotencyRecord): Promise<void> {
    await documentClient().send(new DeleteCommand({ TableName: this.tableName, Key: { id: record.idempotencyKey } }));
  }

  /** Frees the key of `event` after its answer could not be kept, so the client's retry runs (and is billed) once. */
  async release(event: JSONValue): Promise<void> {
    await this.deleteRecord(event);
  }
}

function toRecord(item: Item): IdempotencyRecord {
  const data = item.data as Uint8Array | undefined;
  return new IdempotencyRecord({
    idempotencyKey: item.id as string,
    status: item.status as ReturnType<IdempotencyRecord['getStatus']>,
    expiryTimestamp: item.expiration as number | undefined,
    inProgressExpiryTimestamp: item.in_progress_expiration as number | undefined,
    responseData: data ? (JSON.parse(gunzipSync(data).toString('utf8')) as JSONValue) : undefined,
    payloadHash: item.validation as string | undefined,
  });
}
