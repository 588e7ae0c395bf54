/**
 * Secondary adapter (DynamoDB, Notices table keyed (account_id, id)): tax-authority notices. A creation, a change and
 * an added document each write their notice.created / notice.updated event in the same transaction (the outbox); a
 * change or a document is conditional on the `updated_at` read before it (optimistic: nothing concurrent is lost).
 */
import type { Notice, NoticeStatus } from '../../domain/notices/notice';
import type { Page, PageRequest } from '../../domain/records/record';
import type { NoticeStore } from '../../ports/notices';
import { documentClient } from './client';
import { createPut, FINGERPRINT, newIdTaken, transactCreate } from './conditional-create';
import type { EventOutbox } from './event-outbox';
import { accountPage, withoutKeys } from './query';
import { cancellationCodes, transactWrite } from './transact';

const toNotice = (item: Record<string, unknown>): Notice => withoutKeys<Notice>(item, ['account_id', FINGERPRINT]);

export class DynamoDbNoticeStore implements NoticeStore {
  constructor(
    private readonly tableName: string,
    private readonly outbox: EventOutbox,
  ) {}

  /** A Levy-made id: written once however often the write is sent (conditional-create.ts). */
  async create(accountId: string, notice: Notice): Promise<void> {
    const put = createPut(this.tableName, { account_id: accountId, ...notice }, 'id');
    const created = await transactCreate([put, this.outbox.item(accountId, 'notice.created', notice, new Date(notice.created_at))], 0, notice, toNotice);
    if (created.outcome === 'exists') throw newIdTaken(put);
  }

  async get(accountId: string, id: string): Promise<Notice | undefined> {
    const { Item } = await documentClient().get({ TableName: this.tableName, Key: { account_id: accountId, id }, ConsistentRead: true });
    return Item && toNotice(Item);
  }

  async list(accountId: string, page: PageRequest, status?: NoticeStatus): Promise<Page<Notice>> {
    const { items, has_more } = await accountPage(this.tableName, accountId, page, { where: { status }, consistent: true });
    return { data: items.map(toNotice), has_more };
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
}
