/**
 * Use case: the entities of an account (spec 2.2, 4.3, 4.4). The primary entity is created with the account and
 * refused any change through the API with 403 `primary_entity_immutable` (spec 3), atomically.
 */
import { ForbiddenError, found, NotFoundError, ValidationError } from '../domain/errors';
import { newEntity, type Entity } from '../domain/records/entity';
import { addressCountryProblem, storedAddress, type CreateEntityRequest, type UpdateEntityRequest } from '../domain/records/entity-requests';
import type { Page, PageRequest } from '../domain/records/record';
import type { Ports } from '../ports/ports';

type Deps = Pick<Ports, 'entities'>;

/** A subsidiary entity (is_primary false). */
export const createEntity = (deps: Deps, accountId: string, request: CreateEntityRequest, now = new Date()): Promise<Entity> =>
  deps.entities.create(accountId, newEntity(request, false, now));

/** The primary comes first: ids sort by creation time. */
export const listEntities = (deps: Deps, accountId: string, page: PageRequest): Promise<Page<Entity>> => deps.entities.list(accountId, page);

/** Another account's id is a 404 like a missing one. */
export const getEntity = async (deps: Deps, accountId: string, id: string): Promise<Entity> => found(await deps.entities.get(accountId, id), 'entity', id);

/** An address sent with its `country` but no new `country` of the entity: checked against the stored one. */
async function checkAddressCountry(deps: Deps, accountId: string, id: string, patch: UpdateEntityRequest): Promise<void> {
  if (patch.country !== undefined || patch.address?.country === undefined) return;
  const entity = await deps.entities.get(accountId, id);
  const problem = entity && !entity.is_primary ? addressCountryProblem(patch.address, entity.country) : undefined;
  if (problem) throw new ValidationError(`'address.country' ${problem}.`, 'address.country');
}

export async function updateEntity(deps: Deps, accountId: string, id: string, request: UpdateEntityRequest): Promise<Entity> {
  await checkAddressCountry(deps, accountId, id, request);
  const patch = request.address === undefined ? request : { ...request, address: storedAddress(request.address) };
  // A new country without a state leaves the old country's state behind: it is cleared.
  const result = await deps.entities.updateSubsidiary(
    accountId,
    id,
    patch.country !== undefined && patch.state === undefined ? { ...patch, state: null } : patch,
  );
  if (result.outcome === 'updated') return result.entity;
  if (result.outcome === 'missing') throw new NotFoundError('entity', id);
  throw new ForbiddenError(
    'primary_entity_immutable',
    "The primary entity is the account's own and cannot be changed through the API. Its address (printed on invoices) is set with " +
      `\`npx levy accounts update --account ${accountId} --address '{"line1":"...","city":"...","postal_code":"..."}'\` ` +
      '(add --aws against a deployment); to sell under another name, country or tax ID, create a subsidiary entity (POST /entities).',
  );
}
