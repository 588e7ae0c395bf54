/**
 * Secondary adapter (DynamoDB, Customers table; deletes reach the Exemptions table too): an account's customers.
 * Each customer item carries two counters that never leave the store: `transaction_count`, raised by the write that
 * records a transaction naming the customer (recordTransactionItem, in that write's own TransactWriteItems), and
 * `exemption_count`, raised with each certificate (exemption-store.ts). The delete is conditional on both, so a
 * transaction or a certificate recorded while it runs cannot be left pointing at a deleted customer.
 */
import { setFields } from './set-fields';
import type { Customer } from '../../domain/customers/customer';
import type { Page, PageRequest, Patch, StoredRecord } from '../../domain/records/record';
import type { CustomerDeletion, CustomerStore } from '../../ports/customers';
import { documentClient } from './client';
import { unlessConditionFails } from './conditional-write';
import { accountPage, withoutKeys } from './query';
import { cancellationCodes, transactWrite, type TransactItem } from './transact';

/** Attributes of the item that are not part of the customer. */
const INTERNAL = ['account_id', 'transaction_count', 'exemption_count'] as const;

/** A delete that lost a race with a new certificate is tried again this many times. */
const DELETE_ATTEMPTS = 3;

export class DynamoDbCustomerStore implements CustomerStore {
  constructor(
    private readonly tableName: string,
    private readonly exemptionsTableName: string,
  ) {}

  async create(accountId: string, customer: Customer): Promise<boolean> {
    const written = await unlessConditionFails(() =>
      documentClient().put({
          TableName: this.tableName,
          Item: { account_id: accountId, ...customer, transaction_count: 0, exemption_count: 0 },
          ConditionExpression: 'attribute_not_exists(id)',
        }),
    );
    return written !== undefined;
  }

  async get(accountId: string, id: string): Promise<Customer | undefined> {
    const item = await this.item(accountId, id);
    return item && toCustomer(item);
  }

  async list(accountId: string, page: PageRequest): Promise<Page<Customer>> {
    const { items, has_more } = await accountPage(this.tableName, accountId, page);
    return { data: items.map(toCustomer), has_more };
  }

  async update(accountId: string, id: string, patch: Patch<Omit<Customer, keyof StoredRecord>>): Promise<Customer | undefined> {
    const updated = await unlessConditionFails(() =>
      documentClient().update({
          TableName: this.tableName,
          Key: { account_id: accountId, id },
          ...setFields(patch),
          ConditionExpression: 'attribute_exists(id)',
          ReturnValues: 'ALL_NEW',
        }),
    );
    return updated && toCustomer(updated.Attributes!);
  }

  async delete(accountId: string, id: string): Promise<CustomerDeletion> {
    for (let attempt = 1; ; attempt++) {
      const certificateKeys = await this.certificateKeys(accountId, id);
      const deleteCustomer: TransactItem = {
        Delete: {
          TableName: this.tableName,
          Key: { account_id: accountId, id },
          ConditionExpression: 'attribute_exists(id) AND transaction_count = :zero AND exemption_count = :certificates',
          ExpressionAttributeValues: { ':zero': 0, ':certificates': certificateKeys.length },
        },
      };
      try {
        if (certificateKeys.length === 0) {
          // One item: a plain conditional delete (no transaction needed, and no ConditionCheck grant).
          await documentClient().delete(deleteCustomer.Delete!);
        } else {
          await transactWrite([deleteCustomer, ...certificateKeys.map((Key) => ({ Delete: { TableName: this.exemptionsTableName, Key } }))]);
        }
        return 'deleted';
      } catch (error) {
        const refused = (error as Error).name === 'ConditionalCheckFailedException' || cancellationCodes(error)?.[0] === 'ConditionalCheckFailed';
        if (!refused) throw error;
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
        TableName: this.exemptionsTableName,
        KeyConditionExpression: 'account_id = :account AND begins_with(sk, :prefix)',
        ExpressionAttributeValues: { ':account': accountId, ':prefix': `${customerId}#` },
        ProjectionExpression: 'account_id, sk',
        ConsistentRead: true,
      });
    return Items ?? [];
  }
}

const toCustomer = (item: Record<string, unknown>): Customer => withoutKeys<Customer>(item, INTERNAL);
