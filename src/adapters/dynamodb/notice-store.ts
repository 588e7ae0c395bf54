/**
 * Secondary adapter (DynamoDB, Notices table keyed (account_id, id)): tax-authority notices. A creation, a change and
 * an added document each write their notice.created / notice.updated event in the same transaction (the outbox); a
 * change or a document is conditional on the `updated_at` read before it (optimistic: nothing concurrent is lost).
 */
import type { Notice, NoticeDocument, NoticeStatus } from '../../domain/notices/notice';
import type { Page, PageRequest } from '../../domain/records/record';
import type { NoticeStore } from '../../ports/notices';
import { documentClient } from './client';
import type { EventOutbox } from './event-outbox';
import { queryPage, withoutKeys } from './query';
import { cancellationCodes, transactWrite } from './transact';

export class DynamoDbNoticeStore implements NoticeStore {
  constructor(
    private readonly tableName: string,
    private readonly outbox: EventOutbox,
  ) {}

  async create(accountId: string, notice: Notice): Promise<void> {
    await transactWrite([
      { Put: { TableName: this.tableName, Item: { account_id: accountId, ...notice }, ConditionExpression: 'attribute_not_exists(id)' } },
      this.outbox.item(accountId, 'notice.created', notice, new Date(notice.created_at)),
    ]);
  }

  async get(accountId: string, id: string): Promise<Notice | undefined> {
    const { Item } = await documentClient().get({ TableName: this.tableName, Key: { account_id: accountId, id }, ConsistentRead: true });
    return Item && withoutKeys<Notice>(Item, ['account_id']);
  }

  async list(accountId: string, page: PageRequest, status?: NoticeStatus): Promise<Page<Notice>> {
    // A filter reads past the notices of other statuses; queryPage goes on until the page is full or the partition ends.
    const { items, has_more } = await queryPage(
      {
        TableName: this.tableName,
        KeyConditionExpression: 'account_id = :account',
        ...(status ? { FilterExpression: '#status = :status', ExpressionAttributeNames: { '#status': 'status' } } : {}),
        ExpressionAttributeValues: { ':account': accountId, ...(status ? { ':status': status } : {}) },
        ExclusiveStartKey: page.startingAfter ? { account_id: accountId, id: page.startingAfter } : undefined,
        ConsistentRead: true,
      },
      page.limit,
    );
    return { data: items.map((i) => withoutKeys<Notice>(i, ['account_id'])), has_more };
  }

  async replaceIfUnchanged(accountId: string, notice: Notice, seenUpdatedAt: string): Promise<boolean> {
    try {
      await transactWrite([
        {
          Put: {
            TableName: this.tableName,
            Item: { account_id: accountId, ...notice },
            ConditionExpression: 'updated_at = :seen',
            ExpressionAttributeValues: { ':seen': seenUpdatedAt },
          },
        },
        this.outbox.item(accountId, 'notice.updated', notice, new Date(notice.updated_at)),
      ]);
      return true;
    } catch (error) {
      if (cancellationCodes(error)?.[0] === 'ConditionalCheckFailed') return false;
      throw error;
    }
  }

  async addDocument(accountId: string, id: string, document: NoticeDocument, seenUpdatedAt: string, now: Date): Promise<Notice | 'missing' | 'stale'> {
    const current = await this.get(accountId, id);
    if (!current) return 'missing';
    if (current.updated_at !== seenUpdatedAt) return 'stale';
    const next: Notice = { ...current, documents: [...current.documents, document], updated_at: now.toISOString() };
    return (await this.replaceIfUnchanged(accountId, next, seenUpdatedAt)) ? next : 'stale';
  }
}
