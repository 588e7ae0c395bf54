/** Secondary adapter (DynamoDB, Entities table): the primary and subsidiary entities of an account. */
import type { Entity, SellerDetails } from '../../domain/records/entity';
import type { Patch } from '../../domain/records/record';
import type { EntityStore, SubsidiaryUpdate } from '../../ports/records';
import { DynamoDbRecordStore } from './record-store';

export class DynamoDbEntityStore extends DynamoDbRecordStore<Entity> implements EntityStore {
  /** The write is conditional on the entity not being primary; a refused condition is told apart by one read. */
  async updateSubsidiary(
    accountId: string,
    id: string,
    patch: Patch<Pick<Entity, 'name' | 'country' | 'tax_id' | 'state'> & SellerDetails>,
  ): Promise<SubsidiaryUpdate> {
    const entity = await this.guardedUpdate(accountId, id, patch, { expression: 'is_primary = :false', values: { ':false': false } });
    if (entity) return { outcome: 'updated', entity };
    return (await this.get(accountId, id)) ? { outcome: 'primary' } : { outcome: 'missing' };
  }

  /** Conditional on the entity being primary: a subsidiary is changed through the API, never here. */
  updatePrimarySellerDetails(accountId: string, id: string, patch: Patch<SellerDetails>): Promise<Entity | undefined> {
    return this.guardedUpdate(accountId, id, patch, { expression: 'is_primary = :true', values: { ':true': true } });
  }

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
