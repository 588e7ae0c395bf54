/**
 * Secondary adapter (DynamoDB, WebhookDeliveries table keyed (account_id, sk = `<endpoint_id>#<wda_ id>`)): one
 * item per delivery attempt, kept 30 days like the events; GET /v1/webhook_endpoints/{id}/deliveries reads them.
 */
import type { Page, PageRequest } from '../../domain/records/record';
import type { WebhookDelivery } from '../../domain/webhooks/endpoint';
import { eventExpiry } from '../../domain/events/event';
import type { DeliveryLog } from '../../ports/events';
import { documentClient } from './client';
import { queryPage, withoutKeys } from './query';

const sortKey = (endpointId: string, id: string) => `${endpointId}#${id}`;

export class DynamoDbDeliveryLog implements DeliveryLog {
  constructor(private readonly tableName: string) {}

  async record(accountId: string, delivery: WebhookDelivery): Promise<void> {
    await documentClient().put({
      TableName: this.tableName,
      Item: { account_id: accountId, sk: sortKey(delivery.endpoint_id, delivery.id), ...delivery, expires_at_epoch: eventExpiry(delivery.attempted_at) },
    });
  }

  /** Newest first; `startingAfter` is the id of the previous page's last attempt. */
  async listOf(accountId: string, endpointId: string, page: PageRequest): Promise<Page<WebhookDelivery>> {
    const { items, has_more } = await queryPage(
      {
        TableName: this.tableName,
        KeyConditionExpression: 'account_id = :account AND begins_with(sk, :prefix)',
        ExpressionAttributeValues: { ':account': accountId, ':prefix': `${endpointId}#` },
        ExclusiveStartKey: page.startingAfter ? { account_id: accountId, sk: sortKey(endpointId, page.startingAfter) } : undefined,
        ScanIndexForward: false,
        ConsistentRead: true,
      },
      page.limit,
    );
    return { data: items.map((item) => withoutKeys<WebhookDelivery>(item, ['account_id', 'sk', 'expires_at_epoch'])), has_more };
  }
}
