// Domain (pure): country and subdivision codes and their full English names (ISO 3166-1 / 3166-2).
import english from 'i18n-iso-countries/langs/en.json';
import { fieldError } from '../validation';

/**
 * The package's English names, code -> name or [official name, other names...]: its data only, not its look-up code
 * (which brings every alpha-3 and numeric code and a diacritics table: 18 KB the functions do not use).
 */
const englishNames: Readonly<Record<string, string | readonly string[]>> = english.countries;

/**
 * Common English names where the library's first (official-style) name is not what people write:
 * "United States", not "United States of America"; "South Korea", not "Korea, Republic of".
 */
const commonNameOverrides: Readonly<Record<string, string>> = {
  US: 'United States',
  BN: 'Brunei',
  BO: 'Bolivia',
  CD: 'Democratic Republic of the Congo',
  CG: 'Republic of the Congo',
  CI: "Côte d'Ivoire",
  CV: 'Cabo Verde',
  CZ: 'Czechia',
  FM: 'Micronesia',
  GB: 'United Kingdom',
  GM: 'The Gambia',
  IR: 'Iran',
  KP: 'North Korea',
  KR: 'South Korea',
  LA: 'Laos',
  MD: 'Moldova',
  MK: 'North Macedonia',
  NL: 'Netherlands',
  PS: 'Palestine',
  RU: 'Russia',
  SY: 'Syria',
  TW: 'Taiwan',
  TZ: 'Tanzania',
  TR: 'Türkiye',
  VA: 'Vatican City',
  VE: 'Venezuela',
  VN: 'Vietnam',
};

/** True for an ISO 3166-1 alpha-2 code in use (plus XK Kosovo, which the EU and most tax authorities use). */
export function isAssignedCountry(code: string): boolean {
  return Object.hasOwn(englishNames, code);
}

/** The package's official English name of a code (the first of its names). */
function officialName(code: string): string | undefined {
  const names = englishNames[code];
  return typeof names === 'string' ? names : names?.[0];
}

/** Full common English name of an assigned country code ("DE" -> "Germany"); throws on an unknown code. */
export function countryName(code: string): string {
  // Memoised per code: the assigned codes are a closed set (about 250), so the map is bounded by the data.
  const known = countryNames.get(code);
  if (known !== undefined) return known;
  const upper = code.toUpperCase();
  const override = commonNameOverrides[upper];
  const name = override || (isAssignedCountry(upper) ? officialName(upper) : undefined);
  if (!name) throw fieldError('country', `is '${code}', which is not an assigned country code`);
  // Only codes that named a country are kept (an unknown code throws above), in the spelling they were asked in.
  if (countryNames.size < 1_024) countryNames.set(code, name);
  return name;
}
const countryNames = new Map<string, string>();

/** EU-27 member states on 2025-01-01 (VAT Directive 2006/112/EC territory, ignoring excluded areas). */
export const euMemberStates: ReadonlySet<string> = new Set([
  'AT',
  'BE',
  'BG',
  'HR',
  'CY',
  'CZ',
  'DK',
  'EE',
  'FI',
  'FR',
  'DE',
  'GR',
  'HU',
  'IE',
  'IT',
  'LV',
  'LT',
  'LU',
  'MT',
  'NL',
  'PL',
  'PT',
  'RO',
  'SK',
  'SI',
  'ES',
  'SE',
]);

/**
 * Territories that share another country's VAT area (a sale between them is domestic, not cross-border):
 * Monaco with France, the Isle of Man with the UK, Liechtenstein with Switzerland.
 */
const sharedVatArea: Readonly<Record<string, string>> = { MC: 'FR', IM: 'GB', LI: 'CH' };

/** The country whose VAT area a country belongs to ("MC" -> "FR"). */
export function vatAreaOf(country: string): string {
  return sharedVatArea[country] ?? country;
}

const usSubdivisions: Readonly<Record<string, string>> = {
  AL: 'Alabama',
  AK: 'Alaska',
  AZ: 'Arizona',
  AR: 'Arkansas',
  CA: 'California',
  CO: 'Colorado',
  CT: 'Connecticut',
  DE: 'Delaware',
  DC: 'District of Columbia',
  FL: 'Florida',
  GA: 'Georgia',
  HI: 'Hawaii',
  ID: 'Idaho',
  IL: 'Illinois',
  IN: 'Indiana',
  IA: 'Iowa',
  KS: 'Kansas',
  KY: 'Kentucky',
  LA: 'Louisiana',
  ME: 'Maine',
  MD: 'Maryland',
  MA: 'Massachusetts',
  MI: 'Michigan',
  MN: 'Minnesota',
  MS: 'Mississippi',
  MO: 'Missouri',
  MT: 'Montana',
  NE: 'Nebraska',
  NV: 'Nevada',
  NH: 'New Hampshire',
  NJ: 'New Jersey',
  NM: 'New Mexico',
  NY: 'New York',
  NC: 'North Carolina',
  ND: 'North Dakota',
  OH: 'Ohio',
  OK: 'Oklahoma',
  OR: 'Oregon',
  PA: 'Pennsylvania',
  PR: 'Puerto Rico',
  RI: 'Rhode Island',
  SC: 'South Carolina',
  SD: 'South Dakota',
  TN: 'Tennessee',
  TX: 'Texas',
  UT: 'Utah',
  VT: 'Vermont',
  VA: 'Virginia',
  WA: 'Washington',
  WV: 'West Virginia',
  WI: 'Wisconsin',
  WY: 'Wyoming',
};

const canadianSubdivisions: Readonly<Record<string, string>> = {
  AB: 'Alberta',
  BC: 'British Columbia',
  MB: 'Manitoba',
  NB: 'New Brunswick',
  NL: 'Newfoundland and Labrador',
  NS: 'Nova Scotia',
  NT: 'Northwest Territories',
  NU: 'Nunavut',
  ON: 'Ontario',
  PE: 'Prince Edward Island',
  QC: 'Quebec',
  SK: 'Saskatchewan',
  YT: 'Yukon',
};

const subdivisionsByCountry: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  US: usSubdivisions,
  CA: canadianSubdivisions,
};

/** True when the country's subdivisions are known here (US states + DC + PR, Canadian provinces and territories). */
export function hasKnownSubdivisions(country: string): boolean {
  return country in subdivisionsByCountry;
}

/** The known subdivisions of an upper-case country code, code -> name (undefined when not modelled). */
export function knownSubdivisions(country: string): Readonly<Record<string, string>> | undefined {
  return country in subdivisionsByCountry ? subdivisionsByCountry[country] : undefined;
}

/** Codes of the known subdivisions of a country, sorted (empty when not modelled). */
export function subdivisionCodes(country: string): string[] {
  return Object.keys(subdivisionsByCountry[country] ?? {}).sort();
}

/** Full name of a US state or Canadian province ("CA" in US -> "California"); undefined when unknown. */
export function subdivisionName(country: string, code: string): string | undefined {
  // Codes arrive upper-cased from the engine: look them up as they are first, without allocating.
  const names = Object.hasOwn(subdivisionsByCountry, country) ? subdivisionsByCountry[country] : subdivisionsByCountry[country.toUpperCase()];
  return names === undefined ? undefined : Object.hasOwn(names, code) ? names[code] : names[code.toUpperCase()];
}
