/**
 * Secondary adapter (DynamoDB, Registrations table keyed (account_id, id)): the account's registrations (`reg_...`)
 * and one slot item per entity, type and jurisdiction (`slot#<entity>|<type>|<country>|<state>`) holding the periods
 * of its registrations and a version. A registration is written in one transaction with its slot, conditional on
 * the slot's version read before (and, for a change, on the registration's updated_at): two overlapping creates that
 * race both read the same version, and only one lands (the other reads again and meets the overlap: 409). A new
 * registration's registration.created event is written in the same transaction (the outbox, event-outbox.ts).
 * The account's tax-calendar feed token (its hash) is kept here too (`calendar_feed`): the feed reads it
 * with the registrations it publishes, so its function needs this table only.
 */
import type { RegistrationPeriod, StoredRegistration } from '../../domain/registrations/registration';
import type { RegistrationSlotState, RegistrationStore } from '../../ports/registrations';
import type { CalendarFeedTokenStore } from '../../ports/tax-calendar';
import { documentClient } from './client';
import { createPut, FINGERPRINT, refusedCreate } from './conditional-create';
import { isConditionalCheckFailed } from './errors';
import { queryAll, withoutKeys } from './query';
import { cancellationCodes, transactWrite } from './transact';
import type { EventOutbox } from './event-outbox';

const REGISTRATION_PREFIX = 'reg_';
const slotKey = (slot: string) => `slot#${slot}`;
const FEED_TOKEN_ID = 'calendar_feed';
/** A registration item as the registration (the creation's fingerprint is the store's). */
export const toRegistration = (item: Record<string, unknown>): StoredRegistration => withoutKeys<StoredRegistration>(item, ['account_id', FINGERPRINT]);

export class DynamoDbRegistrationStore implements RegistrationStore, CalendarFeedTokenStore {
  constructor(
    private readonly tableName: string,
    private readonly outbox: EventOutbox,
  ) {}

  async get(accountId: string, id: string): Promise<StoredRegistration | undefined> {
    if (!id.startsWith(REGISTRATION_PREFIX)) return undefined;
    const { Item } = await documentClient().get({ TableName: this.tableName, Key: { account_id: accountId, id }, ConsistentRead: true });
    return Item ? toRegistration(Item) : undefined;
  }

  async listAll(accountId: string): Promise<StoredRegistration[]> {
    const items = await queryAll({
      TableName: this.tableName,
      KeyConditionExpression: 'account_id = :account AND begins_with(id, :prefix)',
      ExpressionAttributeValues: { ':account': accountId, ':prefix': REGISTRATION_PREFIX },
      ConsistentRead: true,
    });
    return items.map(toRegistration);
  }

  async slot(accountId: string, slot: string): Promise<RegistrationSlotState> {
    const { Item } = await documentClient().get({ TableName: this.tableName, Key: { account_id: accountId, id: slotKey(slot) }, ConsistentRead: true });
    return Item ? { version: Item.version as number, periods: Item.periods as Record<string, RegistrationPeriod> } : { version: 0, periods: {} };
  }

  async write(
    accountId: string,
    registration: StoredRegistration,
    slot: string,
    periods: Record<string, RegistrationPeriod>,
    seen: { version: number; updatedAt?: string },
  ): Promise<boolean> {
    const item = { account_id: accountId, ...registration };
    // A new registration is a create (conditional-create.ts); a change, conditional on the updated_at read.
    const create = seen.updatedAt === undefined ? createPut(this.tableName, item, 'id') : undefined;
    try {
      await transactWrite([
        create ?? {
          Put: { TableName: this.tableName, Item: item, ConditionExpression: 'updated_at = :seen', ExpressionAttributeValues: { ':seen': seen.updatedAt } },
        },
        {
          Put: {
            TableName: this.tableName,
            Item: { account_id: accountId, id: slotKey(slot), version: seen.version + 1, periods },
            ...(seen.version === 0
              ? { ConditionExpression: 'attribute_not_exists(id)' }
              : { ConditionExpression: 'version = :version', ExpressionAttributeValues: { ':version': seen.version } }),
          },
        },
        ...(seen.updatedAt === undefined ? [this.outbox.item(accountId, 'registration.created', registration, new Date(registration.created_at))] : []),
      ]);
      return true;
    } catch (error) {
      // The registration found written by this same write (sent again after its answer was lost): written.
      if (create && refusedCreate(error, create, 0)?.outcome === 'replayed') return true;
      if (cancellationCodes(error)?.includes('ConditionalCheckFailed') || isConditionalCheckFailed(error)) return false;
      throw error;
    }
  }

  async putFeedTokenHash(accountId: string, hash: string, createdAt: string): Promise<void> {
    await documentClient().put({ TableName: this.tableName, Item: { account_id: accountId, id: FEED_TOKEN_ID, token_hash: hash, created_at: createdAt } });
  }

  async feedTokenHash(accountId: string): Promise<string | undefined> {
    const { Item } = await documentClient().get({ TableName: this.tableName, Key: { account_id: accountId, id: FEED_TOKEN_ID }, ConsistentRead: true });
    return typeof Item?.token_hash === 'string' ? Item.token_hash : undefined;
  }
}
