/**
 * Use case (loaded on demand by quote-sale.ts through its `establishments` loader, only for a sale with PICKUP lines): establishments (docs/nexus.md
 * "Establishments").
 */
import { fieldError } from '../../domain/validation';
import type { LocationInput } from '../../domain/fields/sale';
import { resolveLocation } from '../../domain/geography/location';
import type { Entity } from '../../domain/records/entity';
import type { LineSubject } from '../../domain/sales/line-subject';
import type { TaxRateContext } from '../../domain/tax/rate-types';
import type { QuoteDeps } from '../../ports/sale-parts';

/**
 * Where a PICKUP sale is taxed: the selling entity's country and state (docs/nexus.md "Establishments"). The sale is
 * domestic there (the seller is established where the goods or services are handed over), so no reverse charge; no
 * ZIP is known, so a US establishment is taxed at its state's base rate. A sale mixing PICKUP and delivered lines has
 * two places of supply and is refused (one jurisdiction per recorded sale).
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
  if (seller.country === 'US' && !seller.state) {
    throw fieldError(
      'entity_id',
      `names entity '${seller.id}', which has no state: a PICKUP sale is taxed where the entity is (set its state, or name the entity the goods are handed over at)`,
    );
  }
  const location: LocationInput = { country: seller.country, ...(seller.state ? { state: seller.state } : {}) };
  const resolved = resolveLocation(location, lookups);
  return {
    input: { ...input, location },
    context: { ...context, seller: { country: seller.country }, location: resolved, usLocal: null, usLocalFirstMonth: undefined } satisfies TaxRateContext,
  };
}
