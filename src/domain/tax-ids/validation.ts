// Domain (pure): offline tax-ID validation for POST /v1/tax/id-validate (format and check digits via stdnum and Levy's overrides; no registry),
// over the stdnum country modules it is given (validator.ts gives all of them; the id-validate route loads a request's own).
/**
 * What this module decides (docs/tax-ids.md has the table and the agreement figures):
 *
 * - Kinds: `vat`, `business`, `individual` and `excise` types are taxpayer numbers (VAT/GST
 *   registrations, business tax, company and business-register numbers, the personal numbers a
 *   tax administration uses as the individual TIN, excise numbers). Every other identifier stdnum
 *   checks (bank accounts, passports, identity-card and social-security numbers that are not
 *   TINs, drug codes, receipt numbers, EAN barcodes) is a type of kind `other`: validated only when the request names it in `type`, never tried
 *   without one, so a request without `type` can never be answered with an `other` type.
 *   Every answer with a verdict carries the `kind` of the type it checked.
 * - Every supported type is backed by exactly one module (`TAX_ID_TYPE_CATALOGUE`). Type
 *   names follow Stripe's `{country}_{name}` convention (Stripe's own name where Stripe has one,
 *   else the stdnum module name); EU VAT numbers are `eu_vat` in every member state, as at Stripe,
 *   and Northern Ireland's `XI` numbers are `eu_vat` with country `GB`. `gen_ean` (EAN/GTIN) is the
 *   one type of no country: the request's `country` is ignored and the answer's is null.
 * - Country: given (ISO alpha-2 in any case; `EL` and `XI` are accepted as the VAT prefixes they
 *   are), implied by a single-country `type`, or read from a VAT prefix on the number (`DE...`,
 *   `EL...`, `XI...`, `GB...`, `CHE...`, `NO...`).
 * - Without `type`, the country's tax types are tried in catalogue order (VAT first, then
 *   business, individual, excise; never `other`, nor a type `subsumedBy` another); the first valid
 *   one wins. If none is valid, the answer names the type whose failure got furthest (checksum >
 *   component > format > length; ties: catalogue order).
 * - Most types are checked by stdnum-js; where it diverges from python-stdnum, or has no module
 *   for a tax type python-stdnum checks, Levy's own check following python-stdnum is used
 *   (`overrides/`, rows marked `override` in the catalogue).
 * - `normalized` is stdnum's compact form, present only when valid; VAT numbers carry the
 *   prefix VIES (or HMRC, for `gb_vat`) shows: `DE136695976`, `EL094259216`, `XI980780684`.
 * - `registry_checked` is always `false`: no national registry (VIES, HMRC, ABR, ...) is
 *   consulted (docs/tax-ids.md says where such a check would go).
 */
import type { Validator } from 'stdnum';
import { provesBusinessStatus } from './business-proof';
import { OVERRIDES } from './overrides';
import type { HintedError } from './overrides/support';
import { COUNTRY_ALIASES, countrylessDefinitionsOf, countryOfType, definitionsByCountry, VAT_PREFIX_COUNTRY, vatPrefixOf } from './type-index';
import { isTaxKind, type CheckedTaxId, type TaxIdInvalidReason, type TaxIdTypeDefinition, type TaxIdValidateInput, type TaxIdValidation } from './types';

/** One stdnum country module (`de`: `{ vat, idnr, ... }`) by the upper-case code of its folder (`DE`, `GEN`, `LK`). */
export type StdnumModule = Readonly<Record<string, Validator>>;
export type StdnumModules = (code: string) => StdnumModule | undefined;

/** The stdnum module folder of a catalogue module name (`de/vat` -> `DE`, `gen/ean` -> `GEN`). */
const folderOf = (module: string): string => module.split('/')[0]!.toUpperCase();

/** A row's validator: Levy's own check when the row says `override`, else stdnum-js's module. */
function validatorOf(def: TaxIdTypeDefinition, modules: StdnumModules): Validator {
  if (def.override !== undefined) {
    const own = OVERRIDES[def.module];
    if (!own) throw new Error(`no override registered for ${def.module}`);
    return own.validator;
  }
  const found = modules(folderOf(def.module))?.[def.module.split('/')[1]!];
  if (!found) throw new Error(`stdnum has no validator ${def.module} (or its module was not loaded)`);
  return found;
}

/** The stdnum module folders a country's rows use (not Levy's overrides). */
const foldersOfCountry = (country: string): string[] => [
  ...new Set((definitionsByCountry.get(country) ?? []).filter((d) => d.override === undefined).map((d) => folderOf(d.module))),
];

/**
 * The stdnum module folders `validateTaxId(req)` may read: the countryless type's, or the country's the request names,
 * implies by its type, or carries as a VAT prefix. A route that loads modules on demand loads these first.
 */
export function stdnumFoldersFor(req: TaxIdValidateInput): string[] {
  const type = req.type?.trim().toLowerCase() || undefined;
  if (type !== undefined && countrylessDefinitionsOf(type).length > 0) return countrylessDefinitionsOf(type).map((d) => folderOf(d.module));
  const given = req.country?.trim().toUpperCase() || undefined;
  const prefix = vatPrefixOf(req.tax_id.trim());
  const country =
    given !== undefined
      ? (COUNTRY_ALIASES[given] ?? given)
      : type !== undefined && countryOfType(type) !== undefined
        ? countryOfType(type)
        : prefix && VAT_PREFIX_COUNTRY[prefix];
  return country ? foldersOfCountry(country) : [];
}

interface Entry extends TaxIdTypeDefinition {
  readonly validator: Validator;
}

/** A country's rows, and a countryless type's, with their validators. */
interface Rows {
  ofCountry(country: string): readonly Entry[] | undefined;
  countryless(type: string): readonly Entry[];
}

type Attempt =
  | { entry: Entry; valid: true; normalized: string }
  | { entry: Entry; valid: false; reason: Exclude<TaxIdInvalidReason, 'unsupported'>; rank: number; message?: string };

/** stdnum error classes (the overrides use the same) -> API reason, and how far the check got (higher = further). */
const FAILURE: Readonly<Record<string, { reason: Exclude<TaxIdInvalidReason, 'unsupported'>; rank: number }>> = {
  InvalidLength: { reason: 'invalid_length', rank: 1 },
  InvalidFormat: { reason: 'invalid_format', rank: 2 },
  // A part refers to something that does not exist (a date, region, entity class): still the
  // number's format, as far as the API's reasons go.
  InvalidComponent: { reason: 'invalid_format', rank: 3 },
  InvalidChecksum: { reason: 'invalid_checksum', rank: 4 },
};
const UNKNOWN_FAILURE = { reason: 'invalid_format', rank: 0 } as const;

function attempt(entry: Entry, taxId: string, prefixOptional: boolean): Attempt {
  let value = taxId;
  if (entry.requiredPrefix !== undefined) {
    const stripped = value.replace(/^[\s(]+/, '');
    if (stripped.slice(0, 2).toUpperCase() === entry.requiredPrefix) value = stripped.slice(2);
    else if (!prefixOptional) return { entry, valid: false, reason: 'invalid_format', rank: 0 };
  }
  let result: ReturnType<Validator['validate']>;
  try {
    result = entry.validator.validate(value);
  } catch {
    return { entry, valid: false, ...UNKNOWN_FAILURE };
  }
  if (result.isValid) {
    return { entry, valid: true, normalized: (entry.normalizedPrefix ?? '') + result.compact };
  }
  const hint = (result.error as HintedError | undefined)?.hint;
  return { entry, valid: false, ...(FAILURE[result.error?.name ?? ''] ?? UNKNOWN_FAILURE), ...(hint !== undefined ? { message: hint } : {}) };
}

const unsupported = (country: string | null, type: string | null): TaxIdValidation => ({
  valid: null,
  country,
  type,
  kind: null,
  normalized: null,
  reason: 'unsupported',
  registry_checked: false,
});

/**
 * Offline validation of one tax ID. Pure and synchronous (safe to call in a tight loop):
 * never consults a registry and never throws for any string input.
 */
function validateWith(rows: Rows, req: TaxIdValidateInput): TaxIdValidation {
  const taxId = req.tax_id.trim();
  const type = req.type?.trim().toLowerCase() || undefined;
  const given = req.country?.trim().toUpperCase() || undefined;

  // 0. A type of no country (`gen_ean`): checked as it is, whatever `country` says.
  if (type !== undefined) {
    const countryless = rows.countryless(type);
    if (countryless.length > 0) return verdict(null, countryless, taxId, false);
  }

  // 1. The country: given, implied by the type, or read from a VAT prefix on the number.
  let country: string | undefined;
  let xiOnly = false;
  if (given !== undefined) {
    country = COUNTRY_ALIASES[given] ?? given;
    xiOnly = given === 'XI';
  } else if (type !== undefined && countryOfType(type) !== undefined) {
    country = countryOfType(type);
  } else {
    const prefix = vatPrefixOf(taxId);
    if (prefix === undefined) return unsupported(null, type ?? null);
    country = VAT_PREFIX_COUNTRY[prefix];
    xiOnly = prefix === 'XI';
  }
  const fromPrefix = given === undefined && (type === undefined || type === 'eu_vat');

  const entries = country !== undefined ? rows.ofCountry(country) : undefined;
  if (country === undefined || entries === undefined) return unsupported(country ?? null, type ?? null);

  // 2. The candidate types. Without `type`, only tax types: an `other` type (passport, bank
  //    account, ...) is checked only when the request names it, and so is a looser check of a
  //    number another type checks in full (`subsumedBy`: `tw_ban`, the UBN without its check digit).
  const candidates = entries.filter(
    (e) =>
      (type === undefined ? isTaxKind(e.kind) && e.subsumedBy === undefined : e.type === type) &&
      (!xiOnly || e.requiredPrefix === 'XI') &&
      (!fromPrefix || type !== undefined || e.prefixed === true),
  );
  if (candidates.length === 0) return unsupported(country, type ?? null);

  return verdict(country, candidates, taxId, xiOnly);
}

/**
 * 3. First valid candidate wins; else the failure that got furthest. A number written with its country's VAT prefix
 * (`NO864234232` checked in Norway) is meant as a VAT number: its failure is the VAT type's, even where another type's
 * check got further (a personal number's). `candidates` is not empty.
 */
function verdict(country: string | null, candidates: readonly Entry[], taxId: string, xiOnly: boolean): TaxIdValidation {
  const prefix = vatPrefixOf(taxId);
  const writtenAsVat = country !== null && prefix !== undefined && VAT_PREFIX_COUNTRY[prefix] === country;
  const weight = (a: Extract<Attempt, { valid: false }>): number => a.rank + (writtenAsVat && a.entry.prefixed === true ? 10 : 0);
  let best: Extract<Attempt, { valid: false }> | undefined;
  for (const entry of candidates) {
    const a = attempt(entry, taxId, xiOnly);
    if (a.valid) {
      return {
        valid: true,
        country,
        type: entry.type,
        kind: entry.kind,
        normalized: a.normalized,
        registry_checked: false,
      };
    }
    if (best === undefined || weight(a) > weight(best)) best = a;
  }
  return {
    valid: false,
    country,
    type: best!.entry.type,
    kind: best!.entry.kind,
    normalized: null,
    reason: best!.reason,
    ...(best!.message !== undefined ? { message: best!.message } : {}),
    registry_checked: false,
  };
}

/** Validation over the stdnum modules `modules` answers; each country's rows are built on first use. */
export function taxIdValidation(modules: StdnumModules) {
  const withValidator = (d: TaxIdTypeDefinition): Entry => ({ ...d, validator: validatorOf(d, modules) });
  const built = new Map<string, readonly Entry[]>();
  const rows: Rows = {
    /** A country's rows with their validators, built once (the country's stdnum module must be there by then). */
    ofCountry(country) {
      const defs = definitionsByCountry.get(country);
      if (defs === undefined) return undefined;
      let entries = built.get(country);
      if (!entries) built.set(country, (entries = defs.map(withValidator)));
      return entries;
    },
    countryless: (type) => countrylessDefinitionsOf(type).map(withValidator),
  };
  const validateTaxId = (req: TaxIdValidateInput): TaxIdValidation => validateWith(rows, req);

  /**
   * A customer's tax ID checked where the customer is (POST /v1/tax/rate, unify, transactions, customers): against the
   * country of its location first, with the type if one is named (unless the type names a country of its own: `au_abn`);
   * when that does not validate and the number starts with another country's VAT prefix, as that country's number (a
   * French VAT number of a customer located in Germany), whose verdict is then the answer. So a Mexican RFC that starts
   * with `DE` is checked as Mexican, and an unprefixed `eu_vat` number as the location's.
   */
  function validateTaxIdWhere(input: { tax_id: string; type?: string | undefined }, locationCountry: string | undefined): TaxIdValidation {
    const typeCountry = input.type === undefined ? undefined : countryOfType(input.type.trim().toLowerCase());
    const local = validateTaxId({ tax_id: input.tax_id, type: input.type, country: typeCountry ?? locationCountry });
    if (local.valid === true) return local;
    const prefix = vatPrefixOf(input.tax_id);
    if (prefix === undefined || typeCountry !== undefined || VAT_PREFIX_COUNTRY[prefix] === local.country) return local;
    return validateTaxId({ tax_id: input.tax_id, type: input.type });
  }

  /**
   * A customer's tax ID checked where the customer is (validateTaxIdWhere), with whether it proves business status
   * (business-proof.ts reads the catalogue, so it travels with the validators: a quote without a tax ID loads neither).
   */
  function checkTaxIdWhere(input: { tax_id: string; type?: string | undefined }, locationCountry: string | undefined): CheckedTaxId {
    const validation = validateTaxIdWhere(input, locationCountry);
    return { validation, provesBusiness: provesBusinessStatus(validation) };
  }

  return { validateTaxId, validateTaxIdWhere, checkTaxIdWhere };
}
