/**
 * Secondary adapter (DynamoDB, Entities table): the primary and subsidiary entities of an account.
 */
import { tableName } from '../constants';
import type { Entity } from '../records/entity';
import { AccountRecordStore, type Patch } from './account-record-store';

class EntityStore extends AccountRecordStore<Entity> {
  /** Updates a subsidiary; undefined when the entity is missing or primary (nothing is written). */
  updateSubsidiary(accountId: string, id: string, patch: Patch<Pick<Entity, 'name' | 'country' | 'tax_id'>>) {
    return this.update(accountId, id, patch, { expression: 'is_primary = :false', values: { ':false': false } });
  }

  /** The account's primary entity: the seller of record for tax calculations. */
  async primary(accountId: string): Promise<Entity | undefined> {
    // The primary is created with the account, before any subsidiary, and ids sort by creation
    // time: the first item is the primary. The loop only guards against that ever not holding.
    for (let startingAfter: string | undefined, limit = 1; ; limit = 100) {
      const page = await this.list(accountId, { limit, startingAfter });
      const found = page.data.find((e) => e.is_primary);
      if (found || !page.has_more) return found;
      startingAfter = page.data.at(-1)!.id;
    }
  }
}

export const entityStore = new EntityStore(tableName('Entities'));
