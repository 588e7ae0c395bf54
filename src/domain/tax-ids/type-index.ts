/**
 * Domain (pure data): the catalogue indexed by country, the type names a request may carry, and the VAT prefixes that
 * name a country on the number itself. No validator here: the request schemas and the quote need only these facts,
 * and the validators (stdnum, about 250 KB) load with validator.ts, when a tax ID is first checked.
 */
import { isAssignedCountry } from '../geography/countries';
import { CATALOGUE, COUNTRYLESS } from './catalogue';
import { isTaxKind, type TaxIdKind, type TaxIdTypeDefinition } from './types';

/** Each country's types, in the order they are tried when a request names none. */
export const definitionsByCountry: ReadonlyMap<string, readonly TaxIdTypeDefinition[]> = new Map(
  Object.entries(CATALOGUE).map(([country, defs]) => [country, defs.map((d) => ({ ...d, country }))]),
);
/** The types of no country (`gen_ean`). */
const countrylessDefinitions: readonly TaxIdTypeDefinition[] = COUNTRYLESS.map((d) => ({ ...d, country: null }));

/**
 * Every supported (country, type) pair with the stdnum module and kind behind it, for docs and
 * tests; `gen_ean` last, with country null.
 */
export const TAX_ID_TYPE_CATALOGUE: readonly TaxIdTypeDefinition[] = [...definitionsByCountry.values(), countrylessDefinitions].flat();

/** The type names a request may carry (schema enum, docs), tax and `other` kinds alike. */
export const supportedTaxIdTypes = [...new Set(TAX_ID_TYPE_CATALOGUE.map((d) => d.type))].sort() as [string, ...string[]];

/** The kind of each type name (a type name has one kind wherever it is used). */
const KIND_OF_TYPE: ReadonlyMap<string, TaxIdKind> = new Map(TAX_ID_TYPE_CATALOGUE.map((d) => [d.type, d.kind]));

/** Whether a (trimmed, lower-case) type name is supported: one map lookup, asked on every request that names a type. */
export const isSupportedTaxIdType = (type: string): boolean => KIND_OF_TYPE.has(type);

/** The kind of a supported type name (`eu_vat` -> `vat`, `de_passport` -> `other`); undefined if unknown. */
export function kindOfTaxIdType(type: string): TaxIdKind | undefined {
  return KIND_OF_TYPE.get(type.trim().toLowerCase());
}

/** Countries with at least one tax type (`vat`, `business`, `individual` or `excise`); `other` types don't count. */
export const supportedTaxIdCountries: readonly string[] = [...definitionsByCountry]
  .filter(([, entries]) => entries.some((e) => isTaxKind(e.kind)))
  .map(([country]) => country)
  .sort();

/**
 * VAT prefixes that identify the country when the request has none, read off the catalogue's
 * prefixed entries: the EU-27 (`EL` is Greece), `GB`, `XI` (Northern Ireland), `CH`, `NO`.
 */
export const VAT_PREFIX_COUNTRY: Readonly<Record<string, string>> = Object.fromEntries(
  [...definitionsByCountry].flatMap(([country, entries]) => entries.filter((e) => e.prefixed).map((e) => [e.normalizedPrefix ?? country, country] as const)),
);

/** Country-code aliases accepted in `country`: the VAT prefixes that are not ISO codes (`EL`, `XI`). */
export const COUNTRY_ALIASES: Readonly<Record<string, string>> = Object.fromEntries(
  Object.entries(VAT_PREFIX_COUNTRY).filter(([prefix]) => !isAssignedCountry(prefix)),
);

/** The VAT prefix the number starts with (after leading spaces and an opening bracket), if any. */
export function vatPrefixOf(taxId: string): string | undefined {
  const m = /^[\s(]*([A-Za-z]{2})/.exec(taxId);
  const prefix = m?.[1]?.toUpperCase();
  return prefix !== undefined && prefix in VAT_PREFIX_COUNTRY ? prefix : undefined;
}

/** The definitions of a type that belongs to no country (`gen_ean`); empty for any other type. */
export function countrylessDefinitionsOf(type: string): readonly TaxIdTypeDefinition[] {
  return countrylessDefinitions.filter((e) => e.type === type);
}

/** The country a single-country type implies (`au_abn` -> AU); undefined for `eu_vat` and `gen_ean`. */
export function countryOfType(type: string): string | undefined {
  if (type === 'eu_vat' || countrylessDefinitionsOf(type).length > 0) return undefined;
  const cc = type.slice(0, 2).toUpperCase();
  return definitionsByCountry.get(cc)?.some((e) => e.type === type) ? cc : undefined;
}
