/**
 * Secondary adapter (DynamoDB, Exemptions table; creation also writes the customer's count in Customers): the
 * exemption certificates of an account's customers, keyed `<customer_id>#<exemption_id>`. A certificate is created in
 * one transaction with its customer's `exemption_count` (the customer must exist and have fewer than the most
 * allowed); it is never deleted by the API, only revoked (kept for audit). The create and the revocation write their
 * exemption.created / exemption.revoked event in the same transaction (the outbox, event-outbox.ts).
 */
import { setFields } from './set-fields';
import type { ExemptionDocument, StoredExemption } from '../../domain/exemptions/certificate';
import type { ExemptionChange, ExemptionCreation, ExemptionStore } from '../../ports/customers';
import { documentClient } from './client';
import { createPut, FINGERPRINT, newIdTaken, transactCreate, type NewPut } from './conditional-create';
import { unlessConditionFails } from './conditional-write';
import { queryAll, withoutKeys } from './query';
import { cancellationCodes, transactWrite, type TransactItem } from './transact';
import type { EventOutbox } from './event-outbox';

/**
 * A customer has at most this many certificates, revoked ones included: its delete removes them in one transaction
 * (100 items: the customer, its customer.deleted event and these).
 */
export const MAX_EXEMPTIONS_PER_CUSTOMER = 98;

const sortKey = (customerId: string, id: string) => `${customerId}#${id}`;
const NOT_REVOKED = 'attribute_type(revoked_at, :null_type)';

export class DynamoDbExemptionStore implements ExemptionStore {
  constructor(
    private readonly tableName: string,
    /** Asked only by a call that touches the customer: a function that reads certificates alone is not given the table. */
    private readonly customersTableName: () => string,
    private readonly outbox: EventOutbox,
  ) {}

  async create(accountId: string, exemption: StoredExemption): Promise<ExemptionCreation> {
    const items = this.creationItems(accountId, exemption);
    // Item 1, the certificate's put, found written by this same write is its success (conditional-create.ts).
    const created = await transactCreate(items, 1, exemption, toExemption, (error) =>
      cancellationCodes(error)?.[0] === 'ConditionalCheckFailed' ? this.whyRefused(accountId, exemption.customer_id) : undefined,
    );
    if (typeof created === 'string') return created;
    if (created.outcome === 'exists') throw newIdTaken(items[1]);
    return 'created';
  }

  /** Why a creation's customer condition failed: the customer is missing, or has the most certificates already. */
  async whyRefused(accountId: string, customerId: string): Promise<'too_many' | 'missing_customer'> {
    const { Item } = await documentClient().get({
      TableName: this.customersTableName(),
      Key: { account_id: accountId, id: customerId },
      ProjectionExpression: 'id',
      ConsistentRead: true,
    });
    return Item ? 'too_many' : 'missing_customer';
  }

  /**
   * The writes of a new certificate (the customer's count first, the certificate's create, its exemption.created
   * event): a certificate request's completion adds its own item to the same transaction.
   */
  creationItems(accountId: string, exemption: StoredExemption): [TransactItem, NewPut, TransactItem] {
    return [
      {
        Update: {
          TableName: this.customersTableName(),
          Key: { account_id: accountId, id: exemption.customer_id },
          UpdateExpression: 'ADD exemption_count :one',
          ConditionExpression: 'attribute_exists(id) AND exemption_count < :max',
          ExpressionAttributeValues: { ':one': 1, ':max': MAX_EXEMPTIONS_PER_CUSTOMER },
        },
      },
      createPut(this.tableName, { account_id: accountId, sk: sortKey(exemption.customer_id, exemption.id), ...exemption }, 'sk'),
      this.outbox.item(accountId, 'exemption.created', exemption, new Date(exemption.created_at)),
    ];
  }

  async get(accountId: string, customerId: string, id: string): Promise<StoredExemption | undefined> {
    const { Item } = await documentClient().get({
      TableName: this.tableName,
      Key: { account_id: accountId, sk: sortKey(customerId, id) },
      ConsistentRead: true,
    });
    return Item && toExemption(Item);
  }

  async listOf(accountId: string, customerId: string): Promise<StoredExemption[]> {
    const items = await queryAll({
      TableName: this.tableName,
      KeyConditionExpression: 'account_id = :account AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':account': accountId, ':prefix': `${customerId}#` },
      ConsistentRead: true,
    });
    return items.map(toExemption);
  }

  update(
    accountId: string,
    customerId: string,
    id: string,
    fields: Partial<Omit<StoredExemption, 'id' | 'customer_id' | 'created_at' | 'updated_at'>>,
    seenUpdatedAt: string,
  ): Promise<ExemptionChange> {
    return this.changeUnlessRevoked(accountId, customerId, id, fields, seenUpdatedAt);
  }

  /**
   * Revokes with its exemption.revoked event in one transaction, conditional on the certificate being as read (not
   * revoked, same updated_at), so the event's object is what was stored; a concurrent change reads again.
   */
  async revoke(accountId: string, customerId: string, id: string, at: Date): Promise<StoredExemption | undefined> {
    for (let attempt = 1; ; attempt++) {
      const current = await this.get(accountId, customerId, id);
      // Revoking again answers the certificate as it is (DELETE is idempotent); a missing one is a 404.
      if (!current || current.revoked_at !== null) return current;
      const revoked: StoredExemption = { ...current, revoked_at: at.toISOString(), updated_at: at.toISOString() };
      try {
        await transactWrite([
          {
            Update: {
              TableName: this.tableName,
              Key: { account_id: accountId, sk: sortKey(customerId, id) },
              ...setFields({ revoked_at: revoked.revoked_at }, { values: { ':seen_updated_at': current.updated_at } }, at),
              ConditionExpression: 'attribute_exists(sk) AND #updated_at = :seen_updated_at',
            },
          },
          this.outbox.item(accountId, 'exemption.revoked', revoked, at),
        ]);
        return revoked;
      } catch (error) {
        if (cancellationCodes(error)?.[0] !== 'ConditionalCheckFailed' || attempt >= 3) throw error;
      }
    }
  }

  attachDocument(accountId: string, customerId: string, id: string, document: ExemptionDocument): Promise<ExemptionChange> {
    return this.changeUnlessRevoked(accountId, customerId, id, { document });
  }

  /**
   * SETs the fields (and updated_at) only while the certificate exists, is not revoked and, with `seenUpdatedAt`, is
   * still as read; a refusal is told apart by one read.
   */
  private async changeUnlessRevoked(
    accountId: string,
    customerId: string,
    id: string,
    fields: Record<string, unknown>,
    seenUpdatedAt?: string,
  ): Promise<ExemptionChange> {
    const updated = await unlessConditionFails(() =>
      documentClient().update({
        TableName: this.tableName,
        Key: { account_id: accountId, sk: sortKey(customerId, id) },
        ...setFields(fields, {
          names: { '#revoked_at': 'revoked_at' },
          values: { ':null_type': 'NULL', ...(seenUpdatedAt !== undefined ? { ':seen_updated_at': seenUpdatedAt } : {}) },
        }),
        ConditionExpression: [
          'attribute_exists(sk)',
          NOT_REVOKED.replace('revoked_at', '#revoked_at'),
          ...(seenUpdatedAt !== undefined ? ['#updated_at = :seen_updated_at'] : []),
        ].join(' AND '),
        ReturnValues: 'ALL_NEW',
      }),
    );
    if (updated) return { outcome: 'changed', exemption: toExemption(updated.Attributes!) };
    const now = await this.get(accountId, customerId, id);
    if (!now) return { outcome: 'missing' };
    return now.revoked_at !== null ? { outcome: 'revoked' } : { outcome: 'stale' };
  }
}

const toExemption = (item: Record<string, unknown>): StoredExemption => withoutKeys<StoredExemption>(item, ['account_id', 'sk', FINGERPRINT]);
