// Domain (pure given its lookups): turns a request location into a checked country / state / postal code.
import type { LocationInput } from '../fields/sale';
import { fieldError } from '../validation';
import { isAssignedCountry, knownSubdivisions, subdivisionCodes } from './countries';

export type LocationSource = 'postal_code' | 'ip_address' | 'state' | 'country';

export interface ResolvedLocation {
  /** ISO alpha-2, upper case. Puerto Rico is reported as US with state PR (it is in the US sales-tax tables). */
  country: string;
  /** US state, Canadian province, or the region code as given for other countries. */
  state?: string;
  /** Normalised postal code (US: the 5-digit ZIP; CA: "A1A 1A1"; GB: "SW1A 1AA"). */
  postal_code?: string;
  /** The most precise field the location was resolved from. */
  source: LocationSource;
}

/** The offline look-ups location resolution needs (a port: src/adapters/geo provides them; tests may stub them). */
export interface LocationLookups {
  countryForIp(ip: string): string | undefined;
  stateForZip(zip5: string): string | undefined;
  isStatePlausibleForZip(state: string, zip5: string): boolean;
  countyForZip(zip5: string, state?: string): string | undefined;
}

interface PostalFormat {
  pattern: RegExp;
  example: string;
  normalise?: (match: RegExpExecArray) => string;
}

const digits = (count: number, example: string): PostalFormat => ({ pattern: new RegExp(`^\\d{${count}}$`), example });
const withPrefix = (prefix: string, count: number, example: string): PostalFormat => ({
  pattern: new RegExp(`^(?:${prefix}-?)?(\\d{${count}})$`),
  example,
  normalise: (m) => m[1] ?? '',
});
const split = (left: number, right: number, separator: string, example: string): PostalFormat => ({
  pattern: new RegExp(`^(\\d{${left}})[ ${separator}]?(\\d{${right}})$`),
  example,
  normalise: (m) => `${m[1]}${separator}${m[2]}`,
});

/** Postal code formats of the countries customers most often come from (UPU / national posts); others are lenient. */
const postalFormats: Readonly<Record<string, PostalFormat>> = {
  US: { pattern: /^(\d{5})(?:-\d{4})?$/, example: '94105 or 94105-1234', normalise: (m) => m[1] ?? '' },
  CA: {
    pattern: /^([ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z]) ?(\d[ABCEGHJ-NPRSTV-Z]\d)$/,
    example: 'K1A 0B1',
    normalise: (m) => `${m[1]} ${m[2]}`,
  },
  GB: {
    pattern: /^(GIR|[A-PR-UWYZ][A-HK-Y]?\d[A-Z\d]?) ?(\d[ABD-HJLNP-UW-Z]{2})$/,
    example: 'SW1A 1AA',
    normalise: (m) => `${m[1]} ${m[2]}`,
  },
  IE: { pattern: /^([AC-FHKNPRTV-Y]\d[\dW]) ?([AC-FHKNPRTV-Y\d]{4})$/, example: 'D02 X285', normalise: (m) => `${m[1]} ${m[2]}` },
  NL: { pattern: /^([1-9]\d{3}) ?([A-Z]{2})$/, example: '1012 AB', normalise: (m) => `${m[1]} ${m[2]}` },
  PT: split(4, 3, '-', '1000-001'),
  PL: split(2, 3, '-', '00-950'),
  JP: split(3, 4, '-', '100-0001'),
  BR: split(5, 3, '-', '01310-100'),
  SE: split(3, 2, ' ', '114 55'),
  CZ: split(3, 2, ' ', '110 00'),
  SK: split(3, 2, ' ', '811 01'),
  GR: split(3, 2, ' ', '105 57'),
  LU: withPrefix('L', 4, '1470'),
  LT: withPrefix('LT', 5, '01100'),
  LV: withPrefix('LV', 4, '1050'),
  MT: { pattern: /^([A-Z]{3}) ?(\d{4})$/, example: 'VLT 1117', normalise: (m) => `${m[1]} ${m[2]}` },
  DE: digits(5, '10115'),
  FR: digits(5, '75001'),
  IT: digits(5, '00184'),
  ES: digits(5, '28013'),
  FI: digits(5, '00100'),
  EE: digits(5, '10111'),
  HR: digits(5, '10000'),
  MX: digits(5, '06000'),
  KR: digits(5, '03154'),
  MY: digits(5, '50450'),
  TR: digits(5, '06420'),
  AT: digits(4, '1010'),
  BE: digits(4, '1000'),
  CH: digits(4, '8001'),
  LI: digits(4, '9490'),
  DK: digits(4, '1050'),
  NO: digits(4, '0150'),
  HU: digits(4, '1051'),
  BG: digits(4, '1000'),
  SI: digits(4, '1000'),
  CY: digits(4, '1010'),
  AU: digits(4, '2000'),
  NZ: digits(4, '6011'),
  ZA: digits(4, '8001'),
  PH: digits(4, '1000'),
  RO: digits(6, '010011'),
  IN: digits(6, '110001'),
  SG: digits(6, '018956'),
  CN: digits(6, '100000'),
  RU: digits(6, '101000'),
};

/** Anything plausible for a country without a known format. */
const lenientPostal = /^[A-Z0-9][A-Z0-9 -]{0,10}[A-Z0-9]$|^[A-Z0-9]$/;

function isFiveDigits(text: string): boolean {
  if (text.length !== 5) return false;
  for (let i = 0; i < 5; i++) {
    const c = text.charCodeAt(i);
    if (c < 48 || c > 57) return false;
  }
  return true;
}

/** Validates and normalises a postal code for a country; throws ValidationError naming location.postal_code. */
export function normalisePostalCode(country: string, postalCode: string): string {
  // The common case needs no normalisation: a bare 5-digit US ZIP is already its normal form.
  if (country === 'US' && isFiveDigits(postalCode)) return postalCode;
  const compact = postalCode.trim().toUpperCase().replace(/\s+/g, ' ');
  const format = postalFormats[country];
  if (!format) {
    if (lenientPostal.test(compact)) return compact;
    throw fieldError('location.postal_code', `is '${postalCode}', which is not a postal code`);
  }
  const match = format.pattern.exec(compact);
  if (!match) {
    throw fieldError('location.postal_code', `is '${postalCode}', which is not a valid ${country} postal code (expected e.g. ${format.example})`);
  }
  return format.normalise ? format.normalise(match) : compact;
}

/** Canada Post's first letter of a postal code -> province or territory (X is shared by NT and NU). */
const canadianProvinceByLetter: Readonly<Record<string, readonly string[]>> = {
  A: ['NL'],
  B: ['NS'],
  C: ['PE'],
  E: ['NB'],
  G: ['QC'],
  H: ['QC'],
  J: ['QC'],
  K: ['ON'],
  L: ['ON'],
  M: ['ON'],
  N: ['ON'],
  P: ['ON'],
  R: ['MB'],
  S: ['SK'],
  T: ['AB'],
  V: ['BC'],
  X: ['NT', 'NU'],
  Y: ['YT'],
};

/** US territories with their own ISO code that appear in the US sales-tax tables as a state. */
const usTerritoriesAsStates = new Set(['PR']);

/** The country of a location, upper case: the one given, else the IP address's (see resolveLocation). */
function resolveCountry(location: LocationInput, lookups: LocationLookups): string {
  if (location.country !== undefined) {
    const country = location.country.toUpperCase();
    if (!isAssignedCountry(country)) {
      throw fieldError('location.country', `is '${location.country}', which is not an assigned ISO 3166-1 alpha-2 code`);
    }
    return country;
  }
  if (location.ip_address === undefined) {
    throw fieldError('location', 'needs a country or an ip_address');
  }
  const country = lookups.countryForIp(location.ip_address);
  if (!country) {
    throw fieldError('location.ip_address', `is '${location.ip_address}', which is private, reserved or not located; send location.country`);
  }
  return country.toUpperCase();
}

/**
 * Resolves a request location. Explicit fields win over the IP address (which is only looked up when no country is
 * given); a US ZIP implies its state and a Canadian postal code its province; a state that contradicts them is a 400.
 */
export function resolveLocation(location: LocationInput, lookups: LocationLookups): ResolvedLocation {
  // Runs on every quote: one pass, no intermediate objects or closures, each field upper-cased once.
  let country = resolveCountry(location, lookups);
  // The IP address is looked up only when no country is given.
  const fromIp = location.country === undefined;
  let state = location.state === undefined ? undefined : location.state.toUpperCase();

  if (usTerritoriesAsStates.has(country)) {
    if (state !== undefined && state !== country) {
      throw fieldError('location.state', `is '${location.state}', which does not belong to country ${country}`);
    }
    state = country;
    country = 'US';
  }

  if (state !== undefined) {
    const regions = knownSubdivisions(country);
    if (regions !== undefined && regions[state] === undefined) {
      throw fieldError('location.state', `is '${location.state}', which is not a region of ${country}; allowed: ${subdivisionCodes(country).join(', ')}`);
    }
  }

  let postalCode: string | undefined;
  if (location.postal_code !== undefined) {
    postalCode = normalisePostalCode(country, location.postal_code);
    if (country === 'US') {
      // A US ZIP implies its state; a state given with it must fit it (its own, or a neighbour's for a border ZIP).
      const implied = lookups.stateForZip(postalCode);
      if (implied === undefined) {
        throw fieldError('location.postal_code', `is '${postalCode}', which is not an assigned US ZIP code prefix`);
      }
      if (state === undefined) state = implied;
      else if (!lookups.isStatePlausibleForZip(state, postalCode)) throw contradiction(state, location.postal_code, implied);
    } else if (country === 'CA') {
      // X covers both NT and NU: the province is implied only when the letter names one.
      const provinces = canadianProvinceByLetter[postalCode[0] ?? ''] ?? [];
      const implied = provinces.length === 1 ? provinces[0] : undefined;
      if (state === undefined) state = implied;
      else if (!provinces.includes(state)) throw contradiction(state, location.postal_code, implied);
    }
  }

  const source: LocationSource = postalCode !== undefined ? 'postal_code' : state !== undefined ? 'state' : fromIp ? 'ip_address' : 'country';
  // Built field by field in the order the spread version had (no intermediate objects).
  const result = { country } as ResolvedLocation;
  if (state !== undefined) result.state = state;
  if (postalCode !== undefined) result.postal_code = postalCode;
  result.source = source;
  return result;
}

const contradiction = (state: string, postalCode: string, implied: string | undefined) =>
  fieldError('location.state', `is '${state}', which contradicts location.postal_code '${postalCode}' (${implied ?? 'unassigned'})`);
