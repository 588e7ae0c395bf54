/** Domain (pure, types): tax-ID kinds, the type catalogue's entries and the answer of a validation. */

/**
 * `vat`, `business`, `individual`: taxpayer numbers (business includes the numbers of business
 * registers); `excise`: excise numbers of operators and establishments (`TAX_KINDS`, all four).
 * `other`: identifiers that are not taxpayer numbers (identity documents, social security, bank
 * accounts, barcodes...), checked only when the request names the type.
 */
export type TaxIdKind = 'vat' | 'business' | 'individual' | 'excise' | 'other';

/** The kinds of the tax administration's and business registers' numbers: the only ones tried when the request names no type. */
export const TAX_KINDS: readonly TaxIdKind[] = ['vat', 'business', 'individual', 'excise'];
export const isTaxKind = (kind: TaxIdKind): boolean => kind !== 'other';

export interface TaxIdTypeDefinition {
  /** Stripe-style type name, e.g. `eu_vat`, `au_abn`. */
  readonly type: string;
  /** ISO 3166-1 alpha-2 country the number belongs to; null for `gen_ean`, which has none. */
  readonly country: string | null;
  /**
   * The module behind it, as `cc/module`: the stdnum-js module (`src/cc/module.ts`) that checks it,
   * or, with `override`, the one Levy's own check replaces (or the python-stdnum module it
   * follows, when stdnum-js has none).
   */
  readonly module: string;
  /**
   * Checked by Levy's own implementation (`overrides/`, registered under `module`), which follows
   * a python-stdnum module, instead of by stdnum-js.
   */
  readonly override?: true;
  /**
   * The type that checks the same number in full, when this one is a looser check of it (`tw_ban`:
   * the UBN without its check digit, `tw_vat` in full). Tried only when the request names it:
   * from the country alone, a number that fails the full check must not pass as this type.
   */
  readonly subsumedBy?: string;
  /**
   * A number of a business register (commercial, trade or company register), kind `business`: it
   * shows the holder is registered as a business but is no tax registration, so it never proves
   * business status for reverse charge on its own (business-proof.ts).
   */
  readonly register?: true;
  readonly kind: TaxIdKind;
  /** What the number is, in a few words. */
  readonly label: string;
  /** Prefix put in front of the compact form in `normalized` (VAT numbers: as VIES/HMRC show it). */
  readonly normalizedPrefix?: string;
  /** The number must carry this prefix (stripped before stdnum sees it); only Northern Ireland's `XI`. */
  readonly requiredPrefix?: string;
  /** Tried when the country is only known from a VAT prefix on the number. */
  readonly prefixed?: boolean;
}

export type TaxIdInvalidReason = 'invalid_format' | 'invalid_checksum' | 'invalid_length' | 'unsupported';

export interface TaxIdValidation {
  /** true / false; null when the country or the type is not supported. */
  valid: boolean | null;
  /** The country checked; null when unknown, and for `gen_ean`, which belongs to no country. */
  country: string | null;
  type: string | null;
  /**
   * The kind of `type` whenever a number was checked (`valid` true or false): `vat`, `business`,
   * `individual`, `excise`, or `other` (not a taxpayer number; only ever answered when the request named
   * that type). null with `valid: null`.
   */
  kind: TaxIdKind | null;
  /** Compact form (VAT numbers with their VIES/HMRC prefix); null unless valid. */
  normalized: string | null;
  /** Present whenever `valid` is not true. */
  reason?: TaxIdInvalidReason;
  /** When the number is recognisably something close (a Norwegian orgnr without `MVA`): what to send instead. */
  message?: string;
  /** Always false here: no national registry was consulted (docs/tax-ids.md). */
  registry_checked: false;
}

/**
 * The input of `validateTaxId`: a parsed `taxIdValidateRequestSchema` body, or anything of that
 * shape (an unknown `type` or `country` then answers `unsupported` instead of throwing).
 */
export interface TaxIdValidateInput {
  tax_id: string;
  country?: string | undefined;
  type?: string | undefined;
}

/** A customer's tax ID as a quote uses it: the verdict, and whether it proves business status (business-proof.ts). */
export interface CheckedTaxId {
  validation: TaxIdValidation;
  provesBusiness: boolean;
}
