/**
 * Secondary adapter (DynamoDB, Products table keyed (account_id, id)): the account's products. Creation is a put
 * conditional on a new id, with the request's fingerprint (conditional-create.ts: the same create again is answered
 * the stored product; a caller's own id taken by another is 409); an update is a put conditional on the `updated_at`
 * read before it (optimistic: a concurrent change is never overwritten). A creation writes its product.created event
 * in the same transaction (the outbox, event-outbox.ts).
 */
import type { Product } from '../../domain/products/product';
import type { Page, PageRequest } from '../../domain/records/record';
import type { ProductStore } from '../../ports/products';
import type { Creation } from '../../ports/records';
import { documentClient } from './client';
import { transactCreate } from './conditional-create';
import { unlessConditionFails } from './conditional-write';
import { DynamoDbRecordStore } from './record-store';
import type { EventOutbox } from './event-outbox';

export class DynamoDbProductStore implements ProductStore {
  private readonly records: DynamoDbRecordStore<Product>;

  constructor(
    private readonly tableName: string,
    private readonly outbox: EventOutbox,
  ) {
    this.records = new DynamoDbRecordStore<Product>(tableName);
  }

  create(accountId: string, product: Product, fingerprint: string): Promise<Creation<Product>> {
    const items = [
      this.records.putItem(accountId, product, fingerprint),
      this.outbox.item(accountId, 'product.created', product, new Date(product.created_at)),
    ];
    return transactCreate(items, 0, product, (item) => this.records.fromItem(item));
  }

  get(accountId: string, id: string): Promise<Product | undefined> {
    return this.records.get(accountId, id);
  }

  list(accountId: string, page: PageRequest): Promise<Page<Product>> {
    return this.records.list(accountId, page);
  }

  async replaceIfUnchanged(accountId: string, product: Product, seenUpdatedAt: string): Promise<boolean> {
    const written = await unlessConditionFails(() =>
      documentClient().put({
        TableName: this.tableName,
        Item: { account_id: accountId, ...product },
        ConditionExpression: 'updated_at = :seen',
        ExpressionAttributeValues: { ':seen': seenUpdatedAt },
      }),
    );
    return written !== undefined;
  }
}
