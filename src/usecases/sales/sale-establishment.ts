/**
 * Use case (loaded on demand by quote-sale.ts through its `establishments` loader, only for a sale with PICKUP lines): establishments (docs/nexus.md
 * "Establishments").
 */
import { ValidationError } from '../../domain/errors';
import { fieldError } from '../../domain/validation';
import type { LocationInput } from '../../domain/fields/sale';
import { resolveLocation } from '../../domain/geography/location';
import type { Entity } from '../../domain/records/entity';
import type { LineSubject } from '../../domain/sales/line-subject';
import type { TaxRateContext } from '../../domain/tax/rate-types';
import type { QuoteDeps } from '../../ports/sale-parts';

/**
 * Where a PICKUP sale is taxed: the selling entity's country and state (docs/nexus.md "Establishments"). The sale is
 * domestic there (the seller is established where the goods or services are handed over), so no reverse charge. A US
 * establishment with an address is rated at its ZIP like a sale delivered there: the caller reads the ZIP table in
 * force (quote-sale.ts), so the answer is the state base rate with the usual note only when none is imported. A sale
 * mixing PICKUP and delivered lines has two places of supply and is refused (one jurisdiction per recorded sale).
 */
export function establishmentQuote<I extends { location: LocationInput }>(
  seller: Entity,
  lines: readonly LineSubject[],
  input: I,
  context: TaxRateContext,
  lookups: QuoteDeps['locations'],
) {
  if (lines.some((line) => line.delivery_method !== 'PICKUP')) {
    throw fieldError(
      'line_items',
      'mix PICKUP lines (taxed where the selling entity is) with delivered ones (taxed where the customer is): send them as two sales',
    );
  }
  const location = establishmentLocation(seller);
  if (seller.country === 'US' && !location.state && !location.postal_code) {
    throw fieldError(
      'entity_id',
      `names entity '${seller.id}', which has no state: a PICKUP sale is taxed where the entity is (set its state or address, or name the entity the goods are handed over at)`,
    );
  }
  let resolved;
  try {
    resolved = resolveLocation(location, lookups);
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    throw fieldError('entity_id', `names entity '${seller.id}', whose establishment cannot be placed: ${error.message} Correct the entity's state or address.`);
  }
  return {
    input: { ...input, location },
    context: { ...context, seller: { country: seller.country }, location: resolved, usLocal: null, usLocalFirstMonth: undefined } satisfies TaxRateContext,
  };
}

/** The establishment as a location: its country and state, and in the US its address's ZIP (which places its locality). */
function establishmentLocation(seller: Entity): LocationInput {
  const state = seller.state ?? (seller.country === 'US' ? seller.address?.state : undefined);
  const postal_code = seller.country === 'US' ? seller.address?.postal_code : undefined;
  return { country: seller.country, ...(state ? { state } : {}), ...(postal_code ? { postal_code } : {}) };
}
