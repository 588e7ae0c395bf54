/**
 * Secondary adapter (DynamoDB, Checkouts and PaymentLinks tables): checkouts and payment links. An open
 * checkout carries `expires_at_epoch` (DynamoDB TTL, a while after it expires); completing removes it, so completed
 * checkouts are kept. Completion is a claim (a conditional SET: one transaction id per checkout, whoever asks), then the
 * completion itself with its `checkout.completed` event in one TransactWriteItems (the outbox).
 */
import type { Checkout, CompletionClaim } from '../../domain/checkouts/checkout';
import { checkoutTtl } from '../../domain/checkouts/expiry';
import type { PaymentLink } from '../../domain/checkouts/payment-link';
import type { CheckoutStore } from '../../ports/checkouts';
import { documentClient } from './client';
import { createPut, FINGERPRINT, putNewId } from './conditional-create';
import { unlessConditionFails } from './conditional-write';
import { isConditionalCheckFailed } from './errors';
import type { EventOutbox } from './event-outbox';
import { withoutKeys } from './query';
import { DynamoDbRecordStore } from './record-store';
import { cancellationCodes, transactWrite } from './transact';

const TTL_ATTRIBUTE = 'expires_at_epoch';

const toCheckout = (item: Record<string, unknown>): Checkout => withoutKeys<Checkout>(item, ['account_id', TTL_ATTRIBUTE, FINGERPRINT]);

export class DynamoDbCheckoutStore implements CheckoutStore {
  constructor(
    private readonly tableName: string,
    private readonly outbox: EventOutbox,
  ) {}

  /** A Levy-made id: written once however often the write is sent (conditional-create.ts). */
  async create(accountId: string, checkout: Checkout): Promise<Checkout> {
    await putNewId(createPut(this.tableName, { account_id: accountId, ...checkout, [TTL_ATTRIBUTE]: checkoutTtl(checkout.expires_at) }, 'id'));
    return checkout;
  }

  async get(accountId: string, id: string): Promise<Checkout | undefined> {
    const { Item } = await documentClient().get({ TableName: this.tableName, Key: { account_id: accountId, id }, ConsistentRead: true });
    return Item ? toCheckout(Item) : undefined;
  }

  async replace(accountId: string, checkout: Checkout, expectedVersion: number): Promise<boolean> {
    const written = await unlessConditionFails(() =>
      documentClient().put({
        TableName: this.tableName,
        Item: { account_id: accountId, ...checkout, [TTL_ATTRIBUTE]: checkoutTtl(checkout.expires_at) },
        ConditionExpression: 'attribute_exists(id) AND #version = :expected AND attribute_not_exists(#claim)',
        ExpressionAttributeNames: { '#version': 'version', '#claim': 'claim' },
        ExpressionAttributeValues: { ':expected': expectedVersion },
      }),
    );
    return written !== undefined;
  }

  async claim(accountId: string, id: string, claim: CompletionClaim): Promise<CompletionClaim> {
    try {
      await documentClient().update({
        TableName: this.tableName,
        Key: { account_id: accountId, id },
        UpdateExpression: 'SET #claim = :claim',
        ConditionExpression: 'attribute_exists(id) AND attribute_not_exists(#claim)',
        ExpressionAttributeNames: { '#claim': 'claim' },
        ExpressionAttributeValues: { ':claim': claim },
      });
      return claim;
    } catch (error) {
      if (!isConditionalCheckFailed(error)) throw error;
      const held = (await this.get(accountId, id))?.claim;
      if (!held) throw new Error(`checkout ${id} refused a claim but holds none`, { cause: error });
      return held;
    }
  }

  async release(accountId: string, id: string, transactionId: string): Promise<void> {
    await unlessConditionFails(() =>
      documentClient().update({
        TableName: this.tableName,
        Key: { account_id: accountId, id },
        UpdateExpression: 'REMOVE #claim',
        ConditionExpression: '#claim.transaction_id = :txn AND attribute_not_exists(completed_at)',
        ExpressionAttributeNames: { '#claim': 'claim' },
        ExpressionAttributeValues: { ':txn': transactionId },
      }),
    );
  }

  async complete(accountId: string, id: string, transactionId: string, completedAt: Date, reported: object): Promise<boolean> {
    const at = completedAt.toISOString();
    try {
      await transactWrite([
        {
          Update: {
            TableName: this.tableName,
            Key: { account_id: accountId, id },
            UpdateExpression: 'SET completed_at = :at, updated_at = :at REMOVE #ttl',
            ConditionExpression: '#claim.transaction_id = :txn AND attribute_not_exists(completed_at)',
            ExpressionAttributeNames: { '#claim': 'claim', '#ttl': TTL_ATTRIBUTE },
            ExpressionAttributeValues: { ':txn': transactionId, ':at': at },
          },
        },
        this.outbox.item(accountId, 'checkout.completed', reported, completedAt),
      ]);
      return true;
    } catch (error) {
      if (cancellationCodes(error)?.[0] === 'ConditionalCheckFailed') return false;
      throw error;
    }
  }
}

/** Payment links: plain per-account records. */
export class DynamoDbPaymentLinkStore extends DynamoDbRecordStore<PaymentLink> {}
