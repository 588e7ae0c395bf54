/**
 * Use case: the tax rate of a sale for an account. Resolves the location offline, reads the seller
 * (the primary entity, or the subsidiary named by entity_id) and the imported ZIP rates in
 * parallel, then asks the pure engine. Shared by tax-rate, unify and transactions.
 */
import { NotFoundError } from '../errors';
import { defaultLocationLookups } from '../geo';
import type { Entity } from '../records/entity';
import { entityStore } from '../store/entity-store';
import { rateStore } from '../store/rate-store';
import { resolveLocation, type ResolvedLocation } from '../tax/location';
import { calculateTaxRateDetailed, type TaxRateCalculation, type TaxRateInput, type TaxRateResult, type UsLocalRate } from '../tax/rate-engine';

export interface RateQuoteRequest extends TaxRateInput {
  entity_id?: string;
}

async function sellerOf(accountId: string, entityId: string | undefined): Promise<Entity> {
  if (entityId) {
    const entity = await entityStore.get(accountId, entityId);
    if (!entity) throw new NotFoundError('entity', entityId);
    return entity;
  }
  const primary = await entityStore.primary(accountId);
  // Every account is created with its primary entity; its absence is a broken record, not a client error.
  if (!primary) throw new Error(`Account ${accountId} has no primary entity`);
  return primary;
}

/** The imported row for the ZIP; on a border ZIP listed under two states, the one of the resolved state. */
async function usLocalRate(location: ResolvedLocation): Promise<UsLocalRate | null> {
  if (location.country !== 'US' || !location.postal_code) return null;
  const rows = await rateStore.forZip(location.postal_code.slice(0, 5));
  return rows.find((r) => r.state === location.state) ?? (location.state ? null : rows[0] ?? null);
}

export async function quoteTaxRateDetailed(accountId: string, request: RateQuoteRequest): Promise<TaxRateCalculation> {
  const location = resolveLocation(request.location, defaultLocationLookups);
  const [seller, usLocal] = await Promise.all([sellerOf(accountId, request.entity_id), usLocalRate(location)]);
  return calculateTaxRateDetailed(request, { seller: { country: seller.country }, usLocal, location });
}

export async function quoteTaxRate(accountId: string, request: RateQuoteRequest): Promise<TaxRateResult> {
  return (await quoteTaxRateDetailed(accountId, request)).result;
}
