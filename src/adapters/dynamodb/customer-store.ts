/**
 * Secondary adapter (DynamoDB, Customers table; deletes reach the Exemptions table too): an account's customers.
 * Each customer item carries two counters that never leave the store: `transaction_count`, raised by the write that
 * records a transaction naming the customer (recordTransactionItem, in that write's own TransactWriteItems), and
 * `exemption_count`, raised with each certificate (exemption-store.ts). The delete is conditional on both, so a
 * transaction or a certificate recorded while it runs cannot be left pointing at a deleted customer. Each create,
 * update and delete writes its customer.* event in the same transaction (the outbox, event-outbox.ts). A create
 * carries its request's fingerprint, so the same create sent again is answered the stored customer
 * (conditional-create.ts).
 */
import { setFields } from './set-fields';
import type { Customer } from '../../domain/customers/customer';
import type { Page, PageRequest, Patch, StoredRecord } from '../../domain/records/record';
import type { CustomerDeletion, CustomerStore } from '../../ports/customers';
import type { Creation } from '../../ports/records';
import { documentClient } from './client';
import { createPut, FINGERPRINT, transactCreate } from './conditional-create';
import { accountPage, withoutKeys } from './query';
import { cancellationCodes, transactWrite, type TransactItem } from './transact';
import type { EventOutbox } from './event-outbox';

/** Attributes of the item that are not part of the customer. */
const INTERNAL = ['account_id', 'transaction_count', 'exemption_count', FINGERPRINT] as const;

/** A delete that lost a race with a new certificate is tried again this many times. */
const DELETE_ATTEMPTS = 3;

/** An update that met a concurrent change of the same customer (its updated_at moved) reads again this many times. */
const UPDATE_ATTEMPTS = 3;

const isRefused = (error: unknown) => (error as Error).name === 'ConditionalCheckFailedException' || cancellationCodes(error)?.[0] === 'ConditionalCheckFailed';

export class DynamoDbCustomerStore implements CustomerStore {
  constructor(
    private readonly tableName: string,
    /** Asked only by a call that touches certificates: a function that reads customers alone is not given the table. */
    private readonly exemptionsTableName: () => string,
    private readonly outbox: EventOutbox,
  ) {}

  create(accountId: string, customer: Customer, fingerprint: string): Promise<Creation<Customer>> {
    return transactCreate(
      [
        createPut(this.tableName, { account_id: accountId, ...customer, transaction_count: 0, exemption_count: 0 }, 'id', fingerprint),
        this.outbox.item(accountId, 'customer.created', customer, new Date(customer.created_at)),
      ],
      0,
      customer,
      toCustomer,
    );
  }

  async get(accountId: string, id: string): Promise<Customer | undefined> {
    const item = await this.item(accountId, id);
    return item && toCustomer(item);
  }

  async list(accountId: string, page: PageRequest): Promise<Page<Customer>> {
    const { items, has_more } = await accountPage(this.tableName, accountId, page);
    return { data: items.map(toCustomer), has_more };
  }

  /**
   * Reads the customer, then writes the patch and the customer.updated event (the customer as it is after the patch)
   * in one transaction conditional on the updated_at read, so the event's object is exactly what was stored.
   */
  async update(accountId: string, id: string, patch: Patch<Omit<Customer, keyof StoredRecord>>): Promise<Customer | undefined> {
    for (let attempt = 1; ; attempt++) {
      const current = await this.item(accountId, id);
      if (!current) return undefined;
      const now = new Date();
      const fields = setFields(patch, { values: { ':seen_updated_at': current.updated_at } }, now);
      const after = toCustomer({ ...current, ...Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined)), updated_at: now.toISOString() });
      try {
        await transactWrite([
          {
            Update: {
              TableName: this.tableName,
              Key: { account_id: accountId, id },
              ...fields,
              ConditionExpression: 'attribute_exists(id) AND #updated_at = :seen_updated_at',
            },
          },
          this.outbox.item(accountId, 'customer.updated', after, now),
        ]);
        return after;
      } catch (error) {
        if (!isRefused(error) || attempt >= UPDATE_ATTEMPTS) throw error;
      }
    }
  }

  async delete(accountId: string, id: string): Promise<CustomerDeletion> {
    for (let attempt = 1; ; attempt++) {
      const before = await this.item(accountId, id);
      if (!before) return 'missing';
      const certificateKeys = await this.certificateKeys(accountId, id);
      const deleteCustomer: TransactItem = {
        Delete: {
          TableName: this.tableName,
          Key: { account_id: accountId, id },
          ConditionExpression: 'attribute_exists(id) AND transaction_count = :zero AND exemption_count = :certificates AND updated_at = :seen_updated_at',
          ExpressionAttributeValues: { ':zero': 0, ':certificates': certificateKeys.length, ':seen_updated_at': before.updated_at },
        },
      };
      try {
        // The customer.deleted event carries the customer as it was (read above; the condition makes sure it still is).
        await transactWrite([
          deleteCustomer,
          this.outbox.item(accountId, 'customer.deleted', toCustomer(before)),
          ...certificateKeys.map((Key) => ({ Delete: { TableName: this.exemptionsTableName(), Key } })),
        ]);
        return 'deleted';
      } catch (error) {
        if (!isRefused(error)) throw error;
      }
      // Told apart by one read: gone, named by a transaction, or a certificate added meanwhile (then try again).
      const current = await this.item(accountId, id);
      if (!current) return 'missing';
      if (Number(current.transaction_count ?? 0) > 0) return 'has_transactions';
      if (attempt >= DELETE_ATTEMPTS) throw new Error(`Customer ${id}: its certificates kept changing during ${DELETE_ATTEMPTS} delete attempts`);
    }
  }

  /**
   * The write that marks the customer as named by a transaction: an item of the TransactWriteItems that records the
   * transaction (the wiring of POST /v1/transactions and /v1/tax/unify with commit), so both land or neither. It
   * fails the transaction when the customer does not exist (deleted meanwhile). Needs UpdateItem on Customers.
   */
  recordTransactionItem(accountId: string, customerId: string): TransactItem {
    return {
      Update: {
        TableName: this.tableName,
        Key: { account_id: accountId, id: customerId },
        UpdateExpression: 'ADD transaction_count :one',
        ConditionExpression: 'attribute_exists(id)',
        ExpressionAttributeValues: { ':one': 1 },
      },
    };
  }

  private async item(accountId: string, id: string): Promise<Record<string, unknown> | undefined> {
    const { Item } = await documentClient().get({ TableName: this.tableName, Key: { account_id: accountId, id }, ConsistentRead: true });
    return Item;
  }

  /** The keys of the customer's certificates (bounded by MAX_EXEMPTIONS_PER_CUSTOMER: one page). */
  private async certificateKeys(accountId: string, customerId: string): Promise<Record<string, unknown>[]> {
    const { Items } = await documentClient().query({
      TableName: this.exemptionsTableName(),
      KeyConditionExpression: 'account_id = :account AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':account': accountId, ':prefix': `${customerId}#` },
      ProjectionExpression: 'account_id, sk',
      ConsistentRead: true,
    });
    return Items ?? [];
  }
}

const toCustomer = (item: Record<string, unknown>): Customer => withoutKeys<Customer>(item, INTERNAL);
