/**
 * Use case (part of ./quote-sale): where a sale is rated and with which ZIP table. The location is resolved offline;
 * a US one must be placed in a state (domain/tax/us-placement.ts), and with LEVY_US_LOCAL_RATES=required it must have
 * an imported ZIP table in force on the sale's date. The same checks apply to a PICKUP sale's establishment.
 */
import { ValidationError } from '../../domain/errors';
import type { LocationInput } from '../../domain/fields/sale';
import { resolveLocation, type ResolvedLocation } from '../../domain/geography/location';
import { unplacedUsLocation, usLocalRatesRequired, type LocationOrigin } from '../../domain/tax/us-placement';
import { monthOfDate, type ZipRateOnMonth } from '../../domain/tax/zip-rate-months';
import type { QuoteDeps } from '../../ports/sale-parts';

/**
 * The sale's location resolved; when it is the stored customer's address (the request sent none), a refusal names the
 * customer whose address it is, not a `location` field the request never sent.
 */
export function locationOfSale(location: LocationInput, lookups: QuoteDeps['locations'], fromCustomer: string | undefined): ResolvedLocation {
  try {
    return resolveLocation(location, lookups);
  } catch (error) {
    if (fromCustomer === undefined || !(error instanceof ValidationError)) throw error;
    throw new ValidationError(
      `The address of customer '${fromCustomer}' cannot be used as the sale's location: ${error.message} Send 'location', or correct the customer's address.`,
      'customer_id',
    );
  }
}

/** Where the sale's location came from, for a refusal to name: the request's `location`, else the stored customer's address. */
export const originOf = (sale: { location?: LocationInput | undefined; customer_id?: string | undefined }): LocationOrigin =>
  sale.location === undefined && sale.customer_id !== undefined ? { customerId: sale.customer_id } : { path: 'location' };

/** Refuses (400 location_incomplete) a US location Levy cannot place in a state. */
export function checkPlaced(location: ResolvedLocation, origin: LocationOrigin): void {
  const refusal = unplacedUsLocation(location, origin);
  if (refusal) throw refusal;
}

/**
 * The imported row in force on the sale's date for the ZIP and the resolved state (a border ZIP is listed under two);
 * a US postal code always resolves to a state (resolveLocation refuses a ZIP it cannot place). With the setting
 * LEVY_US_LOCAL_RATES=required (deps.usLocalRatesRequired), a sale the tables cannot rate in full is refused, naming
 * `origin`; without an origin (a location the sale is not rated at) nothing is refused.
 */
export async function usLocalRate(deps: QuoteDeps, location: ResolvedLocation, date: string, origin?: LocationOrigin): Promise<ZipRateOnMonth> {
  if (location.country !== 'US' || !location.state) return { row: null };
  const zip = location.postal_code ? await deps.zipRates.onMonth(location.postal_code.slice(0, 5), location.state, monthOfDate(date)) : { row: null };
  if (origin && deps.usLocalRatesRequired?.()) {
    const refusal = usLocalRatesRequired(location, zip, date, origin);
    if (refusal) throw refusal;
  }
  return zip;
}
