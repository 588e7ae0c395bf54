/**
 * Port (implemented by src/adapters/dynamodb/notification-store.ts): reading and dismissing an account's notifications
 * (docs/notifications.md). There is no create: the events outbox writes each one with its event.
 */
import type { Notification, NotificationStatus } from '../domain/notifications/notification';
import type { Page, PageRequest } from '../domain/records/record';

export interface NotificationStore {
  /** Newest first; `status` keeps only open or only dismissed ones. */
  list(accountId: string, page: PageRequest & { status?: NotificationStatus }): Promise<Page<Notification>>;
  get(accountId: string, id: string): Promise<Notification | undefined>;
  /**
   * Marks it dismissed at `now` unless it already is (a second dismissal keeps the first one's time): the
   * notification as it then is, or undefined when there is none.
   */
  dismiss(accountId: string, id: string, now: Date): Promise<Notification | undefined>;
}
