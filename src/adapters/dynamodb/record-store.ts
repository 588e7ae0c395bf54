/**
 * Secondary adapter (DynamoDB): the generic store of per-account records kept in a table keyed (account_id, id),
 * implementing the RecordStore port. Every read and write names the account, so another account's id is simply not
 * found. The vendor and entity stores are instances of it.
 */
import type { Page, PageRequest, Patch, StoredRecord } from '../../domain/records/record';
import type { RecordStore } from '../../ports/records';
import { documentClient } from './client';
import { createPut, FINGERPRINT, putNewId, type NewPut } from './conditional-create';
import { setFields } from './set-fields';
import { unlessConditionFails } from './conditional-write';
import { accountPage, withoutKeys } from './query';

/** A condition on the stored record that an update must meet (DynamoDB condition expression and its values). */
export interface UpdateGuard {
  expression: string;
  values: Record<string, unknown>;
}

export class DynamoDbRecordStore<T extends StoredRecord> implements RecordStore<T> {
  constructor(protected readonly tableName: string) {}

  /**
   * The create as a TransactWriteItems entry, for writes that span tables (a new account and its primary entity): a
   * new id only (conditional-create.ts: `fingerprint` given for a caller-chosen id).
   */
  putItem(accountId: string, record: T, fingerprint?: string): NewPut {
    return createPut(this.tableName, { account_id: accountId, ...record }, 'id', fingerprint);
  }

  /** Levy-made ids: written once however often the write is sent. */
  async create(accountId: string, record: T): Promise<T> {
    await putNewId(this.putItem(accountId, record));
    return record;
  }

  /** A stored item as the record (a refused create's ALL_OLD item). */
  fromItem(item: Record<string, unknown>): T {
    return toRecord<T>(item);
  }

  async get(accountId: string, id: string): Promise<T | undefined> {
    const { Item } = await documentClient().get({ TableName: this.tableName, Key: { account_id: accountId, id }, ConsistentRead: true });
    return Item ? toRecord<T>(Item) : undefined;
  }

  async list(accountId: string, page: PageRequest): Promise<Page<T>> {
    const { items, has_more } = await accountPage(this.tableName, accountId, page);
    return { data: items.map((i) => toRecord<T>(i)), has_more };
  }

  update(accountId: string, id: string, patch: Patch<Omit<T, keyof StoredRecord>>): Promise<T | undefined> {
    return this.guardedUpdate(accountId, id, patch);
  }

  /**
   * Applies a patch atomically. Returns undefined when the record does not exist or when `guard` does not hold;
   * nothing is written then.
   */
  protected async guardedUpdate(accountId: string, id: string, patch: Record<string, unknown>, guard?: UpdateGuard): Promise<T | undefined> {
    const updated = await unlessConditionFails(() =>
      documentClient().update({
        TableName: this.tableName,
        Key: { account_id: accountId, id },
        ...setFields(patch, { values: guard?.values }),
        ConditionExpression: ['attribute_exists(id)', guard?.expression].filter(Boolean).join(' AND '),
        ReturnValues: 'ALL_NEW',
      }),
    );
    return updated && toRecord<T>(updated.Attributes!);
  }

  /** True when a record was deleted, false when there was none. */
  async delete(accountId: string, id: string): Promise<boolean> {
    const deleted = await unlessConditionFails(() =>
      documentClient().delete({
        TableName: this.tableName,
        Key: { account_id: accountId, id },
        ConditionExpression: 'attribute_exists(id)',
      }),
    );
    return deleted !== undefined;
  }
}

/** Strips the partition key (the account never leaves the store) and the creation's fingerprint. */
const toRecord = <T>(item: Record<string, unknown>): T => withoutKeys<T>(item, ['account_id', FINGERPRINT]);
