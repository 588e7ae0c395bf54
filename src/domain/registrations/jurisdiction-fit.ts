/**
 * Domain (pure): whether a registration's type fits its jurisdiction, read against Levy's own rate data:
 * a registration for a place Levy has no rule or rate for is refused (400 naming it), so a registration can never
 * claim to cover a sale the engine cannot rate. Only the registration routes load this (the rate data is already in
 * every bundle; this module adds only the checks).
 */
import { jurisdictionCode } from '../geography/jurisdiction-code';
import { countryName, euMemberStates, knownSubdivisions } from '../geography/countries';
import { countriesWithVat, usState } from '../tax/rate-data';
import { fieldError } from '../validation';
import type { RegistrationType } from './registration';

/** US states whose rate data holds a 0 % state rate (DE, MT, NH, OR) levy no sales tax to register for; Alaska has no state tax but local sales taxes that remote sellers register for with the ARSSTC. */
const LOCAL_ONLY_STATES = new Set(['AK']);

let vatCountries: ReadonlySet<string> | undefined;
const hasVatOrGst = (country: string): boolean => (vatCountries ??= new Set(countriesWithVat())).has(country) && country !== 'US';

/** Throws a 400 naming the field when `type` cannot be registered for in country/state; returns otherwise. */
export function checkRegistrationJurisdiction(type: RegistrationType, country: string, state: string | undefined): void {
  const place = jurisdictionCode({ country, state });
  if (state !== undefined && !knownSubdivisions(country)?.[state]) {
    throw fieldError(
      'state',
      `is '${state}', which is not a subdivision Levy has rules for in ${countryName(country)} (${country}); US states and Canadian provinces are`,
    );
  }
  switch (type) {
    case 'SALES_TAX':
    case 'SELLERS_USE_TAX': {
      if (country !== 'US')
        throw fieldError(
          'type',
          `is ${type}, which is a US state registration; ${countryName(country)} (${country}) registrations are VAT, GST, SIMPLIFIED or (EU) OSS_UNION, OSS_NON_UNION, IOSS`,
        );
      if (state === undefined) throw fieldError('state', `is required for a ${type} registration (the US state it is with)`);
      const data = usState(state);
      if (!data) throw fieldError('state', `is '${state}', for which Levy holds no sales-tax rule`);
      const latest = data.rates.at(-1);
      if (latest && latest.state_rate === 0 && !LOCAL_ONLY_STATES.has(state))
        throw fieldError('state', `is '${state}' (${data.name}), which levies no sales tax in Levy's rate data: there is nothing to register for`);
      return;
    }
    case 'OSS_UNION':
    case 'OSS_NON_UNION':
    case 'IOSS':
      if (!euMemberStates.has(country))
        throw fieldError('country', `is '${country}': an ${type} registration is made in an EU member state (the member state of identification)`);
      if (state !== undefined) throw fieldError('state', `is not used with an ${type} registration`);
      return;
    case 'VAT':
    case 'GST':
    case 'SIMPLIFIED':
      if (country === 'US') throw fieldError('type', `is ${type}; the US has no VAT or GST: register for SALES_TAX or SELLERS_USE_TAX with a state`);
      if (!hasVatOrGst(country)) throw fieldError('country', `is '${place}' (${countryName(country)}), for which Levy holds no VAT or GST rate`);
      if (state !== undefined && country !== 'CA')
        throw fieldError('state', `is only used with VAT, GST or SIMPLIFIED registrations in Canada (a provincial registration such as Quebec's QST)`);
      if (type === 'SIMPLIFIED' && euMemberStates.has(country))
        throw fieldError('type', `is SIMPLIFIED, which EU member states do not offer: use OSS_NON_UNION (services) or IOSS (imported goods), or VAT`);
      return;
  }
}
