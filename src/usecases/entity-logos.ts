/**
 * Use case: an entity's logo (docs/invoices.md, "Logo"). The bytes are checked (src/domain/documents/logo-image.ts)
 * and kept by their SHA-256 BEFORE the entity points to them, so a failure in between leaves only an unreferenced
 * image, never an entity without its logo; each step is safe to repeat, so the whole PUT is. Removing a logo only
 * clears the entity's pointer: the invoices issued with it keep printing it. A subsidiary's logo is set through the
 * API; the primary entity's, like its address, by the operator (`levy accounts update --logo`).
 */
import { AppError, ForbiddenError, found, NotFoundError } from '../domain/errors';
import { checkedLogo, type Logo, type LogoImage } from '../domain/documents/logo-image';
import type { Entity } from '../domain/records/entity';
import type { InvoiceParty } from '../domain/invoices/invoice';
import type { Ports } from '../ports/ports';
import type { EntityStore } from '../ports/records';

type Deps = Pick<Ports, 'entities' | 'logos' | 'inflater'>;

const primaryRefused = (accountId: string) =>
  new ForbiddenError(
    'primary_entity_immutable',
    "The primary entity is the account's own and cannot be changed through the API. Its logo is set with " +
      `\`npx levy accounts update --account ${accountId} --logo logo.png\` (add --aws against a deployment); a subsidiary entity's through this route.`,
  );

/** Sets (`logo` null: removes) the logo of a subsidiary, its image stored first by `storeImage`: 404 for none, 403 for the primary entity. */
async function setSubsidiaryLogo(entities: EntityStore, accountId: string, id: string, logo: Logo | null, storeImage?: () => Promise<void>): Promise<Entity> {
  const entity = found(await entities.get(accountId, id), 'entity', id);
  if (entity.is_primary) throw primaryRefused(accountId);
  await storeImage?.();
  const result = await entities.updateSubsidiary(accountId, id, { logo });
  if (result.outcome === 'updated') return result.entity;
  if (result.outcome === 'missing') throw new NotFoundError('entity', id);
  throw primaryRefused(accountId);
}

export function putEntityLogo(deps: Deps, accountId: string, id: string, bytes: Buffer): Promise<Entity> {
  const logo = checkedLogo(bytes, deps.inflater.inflate);
  return setSubsidiaryLogo(deps.entities, accountId, id, logo, () => deps.logos.put(accountId, logo, bytes));
}

export const deleteEntityLogo = (deps: Pick<Ports, 'entities'>, accountId: string, id: string): Promise<Entity> =>
  setSubsidiaryLogo(deps.entities, accountId, id, null);

/** Operator only: the primary entity's logo (`bytes` null removes it); undefined when there is no such primary entity. */
export async function setPrimaryEntityLogo(deps: Deps, accountId: string, primaryId: string, bytes: Buffer | null): Promise<Entity | undefined> {
  const logo = bytes && checkedLogo(bytes, deps.inflater.inflate);
  if (logo) await deps.logos.put(accountId, logo, bytes!);
  return deps.entities.updatePrimarySellerDetails(accountId, primaryId, { logo });
}

/** An entity's logo image, as uploaded: 404 when the entity has none. */
export async function entityLogo(deps: Pick<Ports, 'entities' | 'logos'>, accountId: string, id: string): Promise<LogoImage> {
  const entity = found(await deps.entities.get(accountId, id), 'entity', id);
  if (!entity.logo) throw new AppError(404, 'not_found', `Entity '${id}' has no logo (PUT /entities/${id}/logo sets one).`);
  return storedImage(deps, accountId, entity.logo.sha256);
}

/** The logo a finalized invoice's seller was issued with, or undefined when it had none. */
export async function sellerLogo(deps: Pick<Ports, 'logos'>, accountId: string, seller: InvoiceParty | null): Promise<LogoImage | undefined> {
  return seller?.logo ? storedImage(deps, accountId, seller.logo.sha256) : undefined;
}

/** Never written without its pointer's image first and never removed: a missing one is a fault (500), not the client's. */
async function storedImage(deps: Pick<Ports, 'logos'>, accountId: string, sha256: string): Promise<LogoImage> {
  const image = await deps.logos.get(accountId, sha256);
  if (!image) throw new Error(`Logo image ${sha256} of account ${accountId} is missing from the logo store.`);
  return image;
}
