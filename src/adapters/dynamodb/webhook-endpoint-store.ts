/**
 * Secondary adapter (DynamoDB, WebhookEndpoints table keyed (account_id, id)): webhook endpoints with their secrets.
 * The secrets stay in the item (encrypted at rest by DynamoDB, as every table) and leave the store only towards the
 * delivery code and the create / rotate answers (src/usecases/webhook-endpoints.ts). Disabling an endpoint writes its
 * webhook_endpoint.disabled event (and its notification) in the same transaction.
 */
import type { LevyEvent } from '../../domain/events/event';
import type { Page, PageRequest } from '../../domain/records/record';
import type { StoredWebhookEndpoint } from '../../domain/webhooks/endpoint';
import type { WebhookEndpointStore } from '../../ports/events';
import { documentClient } from './client';
import { createPut, FINGERPRINT, putNewId } from './conditional-create';
import { unlessConditionFails } from './conditional-write';
import type { EventOutbox } from './event-outbox';
import { accountPage, queryAll, scanAll, withoutKeys } from './query';
import { setFields } from './set-fields';
import { cancellationCodes, transactWrite } from './transact';

const toEndpoint = (item: Record<string, unknown>): StoredWebhookEndpoint => withoutKeys<StoredWebhookEndpoint>(item, ['account_id', FINGERPRINT]);

export class DynamoDbWebhookEndpointStore implements WebhookEndpointStore {
  constructor(
    private readonly tableName: string,
    private readonly outbox: EventOutbox,
  ) {}

  /** A Levy-made id: written once however often the write is sent (conditional-create.ts). */
  async create(accountId: string, endpoint: StoredWebhookEndpoint): Promise<void> {
    await putNewId(createPut(this.tableName, { account_id: accountId, ...endpoint }, 'id'));
  }

  async get(accountId: string, id: string): Promise<StoredWebhookEndpoint | undefined> {
    const { Item } = await documentClient().get({ TableName: this.tableName, Key: { account_id: accountId, id }, ConsistentRead: true });
    return Item && toEndpoint(Item);
  }

  async list(accountId: string, page: PageRequest): Promise<Page<StoredWebhookEndpoint>> {
    const { items, has_more } = await accountPage(this.tableName, accountId, page);
    return { data: items.map(toEndpoint), has_more };
  }

  async listAll(accountId: string): Promise<StoredWebhookEndpoint[]> {
    const items = await queryAll({
      TableName: this.tableName,
      KeyConditionExpression: 'account_id = :account',
      ExpressionAttributeValues: { ':account': accountId },
      ConsistentRead: true,
    });
    return items.map(toEndpoint);
  }

  /** The accounts that have an endpoint (a Scan of this small table): the local dispatcher reads only their events. */
  async accountsWithEndpoints(): Promise<string[]> {
    const items = await scanAll({ TableName: this.tableName, ProjectionExpression: 'account_id' });
    return [...new Set(items.map((item) => String(item.account_id)))];
  }

  async update(accountId: string, id: string, fields: Partial<Omit<StoredWebhookEndpoint, 'id' | 'created_at'>>): Promise<StoredWebhookEndpoint | undefined> {
    const { updated_at: _ignored, ...rest } = fields;
    const updated = await unlessConditionFails(() =>
      documentClient().update({
        TableName: this.tableName,
        Key: { account_id: accountId, id },
        ...setFields(rest),
        ConditionExpression: 'attribute_exists(id)',
        ReturnValues: 'ALL_NEW',
      }),
    );
    return updated && toEndpoint(updated.Attributes!);
  }

  async delete(accountId: string, id: string): Promise<boolean> {
    const deleted = await unlessConditionFails(() =>
      documentClient().delete({ TableName: this.tableName, Key: { account_id: accountId, id }, ConditionExpression: 'attribute_exists(id)' }),
    );
    return deleted !== undefined;
  }

  async disable(accountId: string, id: string, event: LevyEvent): Promise<boolean> {
    try {
      await transactWrite([
        {
          Update: {
            TableName: this.tableName,
            Key: { account_id: accountId, id },
            UpdateExpression: 'SET #status = :disabled, updated_at = :now',
            ConditionExpression: '#status = :enabled',
            ExpressionAttributeNames: { '#status': 'status' },
            ExpressionAttributeValues: { ':disabled': 'disabled', ':enabled': 'enabled', ':now': event.created_at },
          },
        },
        ...this.outbox.puts(event),
      ]);
      return true;
    } catch (error) {
      if (cancellationCodes(error)?.[0] === 'ConditionalCheckFailed') return false;
      throw error;
    }
  }
}
