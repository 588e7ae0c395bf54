/**
 * Secondary adapter (DynamoDB, Returns table keyed (account_id, id)): tax returns (`ret_...`) and one
 * `period#<registration_id>#<start>#<end>` item per return. A return is created in one transaction with its period
 * item (conditional on none existing: a second return for the same registration and period is refused) and its
 * `return.created` event (the outbox); a change replaces the return conditional on the `updated_at` read.
 */
import type { FiledReturnRef } from '../../domain/filing/obligations';
import type { Page, PageRequest } from '../../domain/records/record';
import type { ReturnSummary, TaxReturn } from '../../domain/returns/return';
import type { ReturnStore } from '../../ports/returns';
import { documentClient } from './client';
import { createPut, FINGERPRINT, refusedCreate } from './conditional-create';
import { isConditionalCheckFailed } from './errors';
import type { EventOutbox } from './event-outbox';
import { accountPage, queryAll, withoutKeys } from './query';
import { cancellationCodes, transactWrite } from './transact';

const RETURN_PREFIX = 'ret_';
const periodKey = (r: Pick<TaxReturn, 'registration_id' | 'period_start' | 'period_end'>) => `period#${r.registration_id}#${r.period_start}#${r.period_end}`;
const toReturn = (item: Record<string, unknown>): TaxReturn => withoutKeys<TaxReturn>(item, ['account_id', FINGERPRINT]);
const SUMMARY_FIELDS = ['id', 'registration_id', 'period_start', 'period_end', 'status', 'cutoff', 'finalized_at', 'created_at'] as const;

export class DynamoDbReturnStore implements ReturnStore {
  constructor(
    private readonly tableName: string,
    private readonly outbox: EventOutbox,
  ) {}

  async get(accountId: string, id: string): Promise<TaxReturn | undefined> {
    if (!id.startsWith(RETURN_PREFIX)) return undefined;
    const { Item } = await documentClient().get({ TableName: this.tableName, Key: { account_id: accountId, id }, ConsistentRead: true });
    return Item ? toReturn(Item) : undefined;
  }

  async page(accountId: string, page: PageRequest, filter: { registrationId?: string | undefined; status?: string | undefined }): Promise<Page<TaxReturn>> {
    // Only `ret_` ids: the table's `period#...` items sort before them and are not returns.
    const where = { registration_id: filter.registrationId, status: filter.status };
    const { items, has_more } = await accountPage(this.tableName, accountId, page, { prefix: RETURN_PREFIX, where, consistent: true });
    return { data: items.map(toReturn), has_more };
  }

  /** The tax calendar's view: every return's registration, period and whether it was filed (one projected Query). */
  async returnsOf(accountId: string): Promise<FiledReturnRef[]> {
    const items = await queryAll({
      TableName: this.tableName,
      KeyConditionExpression: 'account_id = :account AND begins_with(id, :prefix)',
      ProjectionExpression: '#id, #registration, #start, #end, #status',
      ExpressionAttributeNames: { '#id': 'id', '#registration': 'registration_id', '#start': 'period_start', '#end': 'period_end', '#status': 'status' },
      ExpressionAttributeValues: { ':account': accountId, ':prefix': RETURN_PREFIX },
    });
    return (items as unknown as Pick<ReturnSummary, 'id' | 'registration_id' | 'period_start' | 'period_end' | 'status'>[]).map((r) => ({
      registration_id: r.registration_id,
      period: { start: r.period_start, end: r.period_end },
      return_id: r.id,
      filed: r.status === 'filed',
    }));
  }

  async summaries(accountId: string, registrationId: string): Promise<ReturnSummary[]> {
    const items = await queryAll({
      TableName: this.tableName,
      KeyConditionExpression: 'account_id = :account AND begins_with(id, :prefix)',
      FilterExpression: 'registration_id = :registration',
      ProjectionExpression: SUMMARY_FIELDS.map((_, i) => `#f${i}`).join(', '),
      ExpressionAttributeNames: Object.fromEntries(SUMMARY_FIELDS.map((f, i) => [`#f${i}`, f])),
      ExpressionAttributeValues: { ':account': accountId, ':prefix': RETURN_PREFIX, ':registration': registrationId },
      ConsistentRead: true,
    });
    return items as unknown as ReturnSummary[];
  }

  async create(accountId: string, taxReturn: TaxReturn): Promise<'created' | { exists: string }> {
    const key = periodKey(taxReturn);
    const put = createPut(this.tableName, { account_id: accountId, ...taxReturn }, 'id');
    try {
      await transactWrite([
        {
          Put: {
            TableName: this.tableName,
            Item: { account_id: accountId, id: key, return_id: taxReturn.id },
            ConditionExpression: 'attribute_not_exists(id)',
          },
        },
        put,
        this.outbox.item(accountId, 'return.created', taxReturn, new Date(taxReturn.created_at)),
      ]);
      return 'created';
    } catch (error) {
      // The return found written by this same write (sent again after its answer was lost): created (its period too).
      if (refusedCreate(error, put, 1)?.outcome === 'replayed') return 'created';
      if (cancellationCodes(error)?.[0] === 'ConditionalCheckFailed') {
        const { Item } = await documentClient().get({ TableName: this.tableName, Key: { account_id: accountId, id: key }, ConsistentRead: true });
        return { exists: (Item?.return_id as string | undefined) ?? 'unknown' };
      }
      throw error;
    }
  }

  async replace(accountId: string, taxReturn: TaxReturn, seen: string, event?: 'return.finalized' | 'return.filed'): Promise<boolean> {
    const put = {
      TableName: this.tableName,
      Item: { account_id: accountId, ...taxReturn },
      ConditionExpression: 'updated_at = :seen',
      ExpressionAttributeValues: { ':seen': seen },
    };
    try {
      if (event) await transactWrite([{ Put: put }, this.outbox.item(accountId, event, taxReturn, new Date(taxReturn.updated_at))]);
      else await documentClient().put(put);
      return true;
    } catch (error) {
      if (cancellationCodes(error)?.includes('ConditionalCheckFailed') || isConditionalCheckFailed(error)) return false;
      throw error;
    }
  }
}
