/** Use case: reading and dismissing an account's notifications (docs/notifications.md). */
import { found } from '../domain/errors';
import type { Notification, NotificationStatus } from '../domain/notifications/notification';
import type { Page, PageRequest } from '../domain/records/record';
import type { NotificationStore } from '../ports/notifications';

type Deps = { notifications: NotificationStore };

export const listNotifications = (deps: Deps, accountId: string, page: PageRequest & { status?: NotificationStatus }): Promise<Page<Notification>> =>
  deps.notifications.list(accountId, page);

export const getNotification = async (deps: Deps, accountId: string, id: string): Promise<Notification> =>
  found(await deps.notifications.get(accountId, id), 'notification', id);

/** Dismissing is idempotent by nature: a dismissed notification answers as it is (its first dismissal's time). */
export const dismissNotification = async (deps: Deps, accountId: string, id: string, now = new Date()): Promise<Notification> =>
  found(await deps.notifications.dismiss(accountId, id, now), 'notification', id);
