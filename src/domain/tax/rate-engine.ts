/**
 * Domain (pure given its lookups): the tax-rate engine behind POST /v1/tax/rate, unify and transactions. Resolves the
 * location, asks the rules of the country (US; for the others the place of supply of remote services first, then
 * Canada's or a VAT/GST country's rules) for an outcome, and turns it into the
 * spec 2.3 result with its integer ppm levels.
 */
import { utcDay } from '../dates';
import { countryName, subdivisionName } from '../geography/countries';
import { resolveLocation, type LocationLookups, type ResolvedLocation } from '../geography/location';
import { sumLevels, taxLevels, type LevelAmounts, type TaxLevel } from '../money/levels';
import { ppmToFraction } from '../money/money';
import { canadaOutcome } from './canada-rules';
import { placeOfSupplyDecision } from './place-of-supply';
import type { Jurisdiction, Outcome, TaxRateCalculation, TaxRateContext, TaxRateInput, TaxRateResult } from './rate-types';
import { usOutcome } from './us-rules';
import { vatOutcome } from './vat-rules';

export type * from './rate-types';
export { reconciledLocalParts } from './us-rules';

/** Today (UTC), the date of a quote that names none: src/domain/dates.ts utcDay. */
export const todayUtc = utcDay;

/** The rate for a sale, with its ppm levels (see TaxRateCalculation). Throws ValidationError for a bad location. */
export function calculateTaxRateDetailed(input: TaxRateInput, context: TaxRateContext): TaxRateCalculation {
  const date = input.date ?? context.today ?? todayUtc();
  const location = context.location ?? resolveLocation(input.location, context.lookups);
  const sellerCountry = context.seller.country.toUpperCase();

  const outcome: Outcome =
    location.country === 'US'
      ? usOutcome(input, location, context.usLocal, date, context.usLocalFirstMonth)
      : vatOrGstOutcome(input, location, sellerCountry, date);

  const zeroed = !outcome.taxable || outcome.exempt;
  const parts = zeroed ? undefined : outcome.parts;
  // A reverse charge zeroes the levels the customer self-assesses (all of them unless the outcome says which).
  const selfAssessed: readonly TaxLevel[] | undefined = outcome.reverseCharge ? (outcome.reverseChargeLevels ?? taxLevels) : undefined;
  // Spelled out, no closures or spreads: this runs on every quote (bench/tax-rate.ts profiles it as the hottest frame).
  const ppm: LevelAmounts = {
    country: levelPart(parts, selfAssessed, 'country'),
    state: levelPart(parts, selfAssessed, 'state'),
    county: levelPart(parts, selfAssessed, 'county'),
    additional: levelPart(parts, selfAssessed, 'additional'),
    special: levelPart(parts, selfAssessed, 'special'),
  };
  const totalPpm = sumLevels(ppm);

  // The same fields, in the same order, as before: levelRateFields' five rates after `taxable`.
  const result: TaxRateResult = {
    taxable: outcome.taxable,
    country_rate: ppmToFraction(ppm.country),
    state_rate: ppmToFraction(ppm.state),
    county_rate: ppmToFraction(ppm.county),
    additional_rate: ppmToFraction(ppm.additional),
    special_rate: ppmToFraction(ppm.special),
    total_rate: ppmToFraction(totalPpm),
    reverse_charge_applicable: outcome.reverseCharge ?? false,
    exempt: outcome.exempt ?? false,
    jurisdiction: baseJurisdiction(location, context.lookups, outcome.jurisdiction),
    location_source: location.source,
  };
  if (outcome.notes && outcome.notes.length > 0) result.notes = outcome.notes;
  const calculation: TaxRateCalculation = { result, ppm, totalPpm, location, date };
  if (outcome.basis) calculation.basis = outcome.basis;
  return calculation;
}

function levelPart(parts: Outcome['parts'], selfAssessed: readonly TaxLevel[] | undefined, level: TaxLevel): number {
  if (parts === undefined || (selfAssessed !== undefined && selfAssessed.includes(level))) return 0;
  return parts[level] ?? 0;
}

/** The public result of POST /v1/tax/rate (spec 2.3 + jurisdiction + location_source). */
export function calculateTaxRate(input: TaxRateInput, context: TaxRateContext): TaxRateResult {
  return calculateTaxRateDetailed(input, context).result;
}

/** Remote services sold across a border follow their place of supply (data/place-of-supply.json) first. */
function vatOrGstOutcome(input: TaxRateInput, location: ResolvedLocation, sellerCountry: string, date: string): Outcome {
  const place = placeOfSupplyDecision(input, location.country, sellerCountry, date);
  if (place && 'outcome' in place) return place.outcome;
  const outcome = location.country === 'CA' ? canadaOutcome(input, location, sellerCountry, date) : vatOutcome(input, location, sellerCountry, date);
  // The outcome is this call's own object: its notes are extended in place (a spread would make a new shape per quote).
  if (place && place.notes.length > 0) outcome.notes = [...(outcome.notes ?? []), ...place.notes];
  return outcome;
}

function baseJurisdiction(location: ResolvedLocation, lookups: LocationLookups, override: Partial<Jurisdiction> | undefined): Jurisdiction {
  const country = override?.country ?? location.country;
  const jurisdiction: Jurisdiction = { country, country_name: countryName(country) };
  if (override?.country && override.country !== location.country) return jurisdiction; // tax due where the supplier is
  const state = location.state;
  if (state !== undefined) {
    jurisdiction.state = state;
    const name = subdivisionName(location.country, state);
    if (name) jurisdiction.state_name = name;
  }
  if (location.country === 'US' && location.postal_code && state) {
    const county = lookups.countyForZip(location.postal_code, state);
    if (county) jurisdiction.county = county;
  }
  if (override?.city) jurisdiction.city = override.city;
  return jurisdiction;
}
