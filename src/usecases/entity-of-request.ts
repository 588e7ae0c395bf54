/**
 * Use case helper: the entity a request acts for, the one it names or else the account's primary one (registrations,
 * the nexus report and simulation, a refund of a sale that named none). The rate routes keep their own (sellerOf,
 * quote-tax-rate.ts: a 404 there).
 */
import type { Entity } from '../domain/records/entity';
import { fieldError } from '../domain/validation';
import type { Ports } from '../ports/ports';

/** The account's primary entity (every account is created with one). */
export async function primaryEntity(deps: { entities: Pick<Ports['entities'], 'primary'> }, accountId: string): Promise<Entity> {
  const primary = await deps.entities.primary(accountId);
  if (!primary) throw new Error(`Account ${accountId} has no primary entity`);
  return primary;
}

/** The named entity (400 on `entity_id` when not this account's), else the primary. */
export async function namedOrPrimaryEntity(deps: Pick<Ports, 'entities'>, accountId: string, entityId: string | undefined): Promise<Entity> {
  if (entityId === undefined) return primaryEntity(deps, accountId);
  const entity = await deps.entities.get(accountId, entityId);
  if (!entity) throw fieldError('entity_id', `is '${entityId}', which is not an entity of this account`);
  return entity;
}
