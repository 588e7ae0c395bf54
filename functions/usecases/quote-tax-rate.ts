/**
 * Use case: the tax rates of a sale for an account. Resolves the location offline, reads the seller
 * (the primary entity, or the subsidiary named by entity_id) and the imported ZIP rates in
 * parallel, once per sale, then asks the pure engine once per distinct category + delivery.
 * Shared by tax-rate, unify and transactions.
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

/** What every line of one sale shares: customer, place, date and seller. */
export type SaleContext = Omit<RateQuoteRequest, 'product_category' | 'delivery_method'>;

/** What varies per line. */
export type LineKind = Pick<TaxRateInput, 'product_category' | 'delivery_method'>;

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

/** Reads what the sale needs once; the returned function rates each line kind (memoised). */
export async function saleRateQuoter(accountId: string, sale: SaleContext): Promise<(line: LineKind) => TaxRateCalculation> {
  const location = resolveLocation(sale.location, defaultLocationLookups);
  const [seller, usLocal] = await Promise.all([sellerOf(accountId, sale.entity_id), usLocalRate(location)]);
  const byKind = new Map<string, TaxRateCalculation>();
  return (line) => {
    const key = `${line.product_category}|${line.delivery_method}`;
    let calculation = byKind.get(key);
    if (!calculation) {
      calculation = calculateTaxRateDetailed({ ...sale, ...line }, { seller: { country: seller.country }, usLocal, location });
      byKind.set(key, calculation);
    }
    return calculation;
  };
}

export async function quoteTaxRateDetailed(accountId: string, request: RateQuoteRequest): Promise<TaxRateCalculation> {
  return (await saleRateQuoter(accountId, request))(request);
}

export async function quoteTaxRate(accountId: string, request: RateQuoteRequest): Promise<TaxRateResult> {
  return (await quoteTaxRateDetailed(accountId, request)).result;
}
