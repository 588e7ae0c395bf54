/**
 * Domain (pure): whether a US sale can be rated, and with what. US sales tax is levied by each state and its
 * localities, so a location Levy cannot place in a state is refused (as Stripe Tax refuses an address it cannot place),
 * never answered with a rate of 0; and a sale rated at a state base rate for want of a ZIP table says so, in the quote
 * and in the recorded sale alike (docs/tax-rules.md "US local rates").
 */
import { AppError } from '../errors';
import type { ResolvedLocation } from '../geography/location';
import { usState } from './rate-data';
import type { ZipRateOnMonth } from './zip-rate-months';

/** 400: a US location without a state (country alone, or an IP address alone); the message names what to send. */
export class LocationIncompleteError extends AppError {
  constructor(message: string) {
    super(400, 'location_incomplete', message);
  }
}

/** 422: LEVY_US_LOCAL_RATES=required, and no imported ZIP table is in force for the sale's ZIP on its date. */
export class UsLocalRatesMissingError extends AppError {
  constructor(message: string) {
    super(422, 'us_local_rates_missing', message);
  }
}

/** The engine's notes (us-rules.ts) that say a US rate is the state base rate only, for want of a ZIP row. */
export const usStateBaseRateNotes: readonly string[] = Object.freeze([
  'us_postal_code_missing_state_base_rate_used',
  'us_local_rate_unavailable_state_base_rate_used',
  'us_local_rate_unavailable_for_date',
]);

/** The state-base-rate notes among a sale's line notes, each once, in the engine's order: what a recorded sale keeps. */
export function stateBaseRateNotesOf(lineNotes: readonly (readonly string[] | undefined)[]): string[] {
  return usStateBaseRateNotes.filter((note) => lineNotes.some((notes) => notes?.includes(note)));
}

/**
 * Where a location comes from, for a refusal to say what to correct: the request's `location` (its path), the stored
 * customer's address, or (a PICKUP sale) the selling entity's establishment.
 */
export type LocationOrigin = { path: string } | { customerId: string } | { entityId: string };

function describe(origin: LocationOrigin, fields: readonly ('postal_code' | 'state')[]): { whose: string; send: string } {
  if ('path' in origin) return { whose: `'${origin.path}'`, send: `send ${fields.map((field) => `${origin.path}.${field}`).join(' or ')}` };
  const named = fields.join(' or ');
  if ('customerId' in origin) {
    return { whose: `The address of customer '${origin.customerId}'`, send: `send location with its ${named}, or add them to the customer's address` };
  }
  return { whose: `The establishment of entity '${origin.entityId}'`, send: `set the entity's address (its ${named})` };
}

const fromWhat = (location: ResolvedLocation): string => (location.source === 'ip_address' ? 'from its IP address alone' : 'from the country alone');

/**
 * The refusal of a location resolved to the United States without a state, or undefined when it has one (or is not
 * in the US). A ZIP places a sale in its state and locality, so `postal_code` is the better of the two fields.
 */
export function unplacedUsLocation(location: ResolvedLocation, origin: LocationOrigin): LocationIncompleteError | undefined {
  if (location.country !== 'US' || location.state !== undefined) return undefined;
  const { whose, send } = describe(origin, ['postal_code', 'state']);
  return new LocationIncompleteError(
    `${whose} places the sale in the United States ${fromWhat(location)}, not in a state: US sales tax is levied by each state and its ` +
      `localities, so Levy cannot rate it. ${send[0]!.toUpperCase()}${send.slice(1)} (a ZIP also places it in its locality).`,
  );
}

/**
 * With LEVY_US_LOCAL_RATES=required, the refusal of a US sale Levy would rate at a state base rate only: a ZIP without
 * an imported table in force on the date (422 us_local_rates_missing), or no ZIP at all (400 location_incomplete). A
 * state without local sales taxes (data/us-states.json local_sales_taxes false) is rated in full by its state rate.
 */
export function usLocalRatesRequired(
  location: ResolvedLocation,
  zip: ZipRateOnMonth,
  date: string,
  origin: LocationOrigin,
): LocationIncompleteError | UsLocalRatesMissingError | undefined {
  if (location.country !== 'US' || location.state === undefined || zip.row !== null) return undefined;
  if (usState(location.state)?.local_sales_taxes !== true) return undefined;
  const setting = 'LEVY_US_LOCAL_RATES=required';
  if (location.postal_code === undefined) {
    return new LocationIncompleteError(
      `${setting}: a sale in ${location.state}, which has local sales taxes, is rated only with its ZIP's local rates: ${describe(origin, ['postal_code']).send}.`,
    );
  }
  const later = zip.firstMonth ? ` (the first imported table for it is ${zip.firstMonth}, after the sale's month)` : '';
  return new UsLocalRatesMissingError(
    `${setting}: no imported ZIP table is in force on ${date} for ZIP ${location.postal_code} in ${location.state}${later}, so Levy would answer the ` +
      `state base rate only. Import the month's table (\`npx levy rates import <files>\`, \`--aws\` for a deployed stack; docs/local.md "US local rates"; GET /v1/tax/coverage lists ` +
      `what is imported), or unset the setting to answer the state base rate with a note.`,
  );
}
