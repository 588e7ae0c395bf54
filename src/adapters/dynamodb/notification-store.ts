/**
 * Secondary adapter (DynamoDB, Notifications table keyed (account_id, id)): an account's notifications, newest first,
 * and their dismissal. The items are written by the events outbox (event-outbox.ts) with their events; this store
 * only reads them and dismisses them. A dismissal sets the TTL attribute (90 days on), so dismissed notifications
 * expire and open ones stay (docs/notifications.md).
 */
import { dismissedExpiry, type Notification, type NotificationStatus } from '../../domain/notifications/notification';
import type { Page, PageRequest } from '../../domain/records/record';
import type { NotificationStore } from '../../ports/notifications';
import { documentClient } from './client';
import { unlessConditionFails } from './conditional-write';
import { accountPage, withoutKeys } from './query';

const INTERNAL = ['account_id', 'expires_at_epoch'] as const;
const toNotification = (item: Record<string, unknown>): Notification => withoutKeys<Notification>(item, INTERNAL);

export class DynamoDbNotificationStore implements NotificationStore {
  constructor(private readonly tableName: string) {}

  async list(accountId: string, page: PageRequest & { status?: NotificationStatus }): Promise<Page<Notification>> {
    const { items, has_more } = await accountPage(this.tableName, accountId, page, { where: { status: page.status }, newestFirst: true });
    return { data: items.map(toNotification), has_more };
  }

  async get(accountId: string, id: string): Promise<Notification | undefined> {
    const { Item } = await documentClient().get({ TableName: this.tableName, Key: { account_id: accountId, id }, ConsistentRead: true });
    return Item && toNotification(Item);
  }

  async dismiss(accountId: string, id: string, now: Date): Promise<Notification | undefined> {
    const at = now.toISOString();
    // if_not_exists: dismissing again answers the first dismissal unchanged (and does not push its expiry back).
    const updated = await unlessConditionFails(() =>
      documentClient().update({
        TableName: this.tableName,
        Key: { account_id: accountId, id },
        UpdateExpression:
          'SET #status = :dismissed, dismissed_at = if_not_exists(dismissed_at, :at), expires_at_epoch = if_not_exists(expires_at_epoch, :expiry)',
        ConditionExpression: 'attribute_exists(id)',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':dismissed': 'dismissed', ':at': at, ':expiry': dismissedExpiry(at) },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return updated && toNotification(updated.Attributes!);
  }
}
