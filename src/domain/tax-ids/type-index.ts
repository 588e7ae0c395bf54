/**
 * Domain (pure): the catalogue indexed for validation: each row with its stdnum validator, by country; the type names
 * a request may carry; and the VAT prefixes that name a country on the number itself.
 */
import { entityValidators, stdnum } from 'stdnum';
// stdnum 1.12.0's index leaves out its country-independent modules (`gen/`) and Sri Lanka (`lk/`).
import { ean } from 'stdnum/lib/cjs/gen';
import { nic as lkNic } from 'stdnum/lib/cjs/lk';
import type { Validator } from 'stdnum';
import { isAssignedCountry } from '../geography/countries';
import { CATALOGUE, COUNTRYLESS, type Def } from './catalogue';
import { OVERRIDES } from './overrides';
import { isTaxKind, type TaxIdKind, type TaxIdTypeDefinition } from './types';

/**
 * stdnum's `stdnum` table omits AI (its index forgets it); its entity list carries it. It also
 * omits `gen/ean` and `lk/nic`, imported directly above.
 */
function stdnumValidator(module: string): Validator {
  const [cc, name] = module.split('/') as [string, string];
  const country = cc.toUpperCase();
  const found =
    stdnum[country]?.[name] ??
    (country === 'AI' && name === 'tin' ? entityValidators.AI?.[0] : undefined) ??
    (module === 'gen/ean' ? ean : module === 'lk/nic' ? lkNic : undefined);
  if (!found) throw new Error(`stdnum has no validator ${module}`);
  return found;
}

/** A row's validator: Levy's own check when the row says `override`, else stdnum-js's module. */
function validatorOf(def: Def): Validator {
  if (def.override === undefined) return stdnumValidator(def.module);
  const own = OVERRIDES[def.module];
  if (!own) throw new Error(`no override registered for ${def.module}`);
  return own.validator;
}

export interface Entry extends TaxIdTypeDefinition {
  readonly validator: Validator;
}

export const entriesByCountry = new Map<string, readonly Entry[]>();
for (const [country, defs] of Object.entries(CATALOGUE)) {
  entriesByCountry.set(
    country,
    defs.map((d) => ({ ...d, country, validator: validatorOf(d) })),
  );
}
const countrylessEntries: readonly Entry[] = COUNTRYLESS.map((d) => ({
  ...d,
  country: null,
  validator: validatorOf(d),
}));

/**
 * Every supported (country, type) pair with the stdnum module and kind behind it, for docs and
 * tests; `gen_ean` last, with country null.
 */
export const TAX_ID_TYPE_CATALOGUE: readonly TaxIdTypeDefinition[] = [...entriesByCountry.values(), countrylessEntries]
  .flat()
  .map(({ validator: _v, ...def }) => def);

/** The type names a request may carry (schema enum, docs), tax and `other` kinds alike. */
export const supportedTaxIdTypes = [...new Set(TAX_ID_TYPE_CATALOGUE.map((d) => d.type))].sort() as [
  string,
  ...string[],
];

/** The kind of each type name (a type name has one kind wherever it is used). */
const KIND_OF_TYPE: ReadonlyMap<string, TaxIdKind> = new Map(TAX_ID_TYPE_CATALOGUE.map((d) => [d.type, d.kind]));

/** Whether a (trimmed, lower-case) type name is supported: one map lookup, asked on every request that names a type. */
export const isSupportedTaxIdType = (type: string): boolean => KIND_OF_TYPE.has(type);

/** The kind of a supported type name (`eu_vat` -> `vat`, `de_passport` -> `other`); undefined if unknown. */
export function kindOfTaxIdType(type: string): TaxIdKind | undefined {
  return KIND_OF_TYPE.get(type.trim().toLowerCase());
}

/** Countries with at least one tax type (`vat`, `business`, `individual` or `excise`); `other` types don't count. */
export const supportedTaxIdCountries: readonly string[] = [...entriesByCountry]
  .filter(([, entries]) => entries.some((e) => isTaxKind(e.kind)))
  .map(([country]) => country)
  .sort();

/**
 * VAT prefixes that identify the country when the request has none, read off the catalogue's
 * prefixed entries: the EU-27 (`EL` is Greece), `GB`, `XI` (Northern Ireland), `CH`, `NO`.
 */
export const VAT_PREFIX_COUNTRY: Readonly<Record<string, string>> = Object.fromEntries(
  [...entriesByCountry].flatMap(([country, entries]) =>
    entries.filter((e) => e.prefixed).map((e) => [e.normalizedPrefix ?? country, country] as const),
  ),
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

/** The entries of a type that belongs to no country (`gen_ean`); empty for any other type. */
export function countrylessEntriesOf(type: string): readonly Entry[] {
  return countrylessEntries.filter((e) => e.type === type);
}

/** The country a single-country type implies (`au_abn` -> AU); undefined for `eu_vat` and `gen_ean`. */
export function countryOfType(type: string): string | undefined {
  if (type === 'eu_vat' || countrylessEntriesOf(type).length > 0) return undefined;
  const cc = type.slice(0, 2).toUpperCase();
  return entriesByCountry.get(cc)?.some((e) => e.type === type) ? cc : undefined;
}
