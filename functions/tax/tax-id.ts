// Domain (pure): offline tax-ID validation for POST /v1/tax/id-validate (format and check digits via stdnum; no registry).
/**
 * What this module decides (docs/tax-ids.md has the table and the agreement figures):
 *
 * - Kinds: `vat`, `business` and `individual` types are taxpayer numbers (VAT/GST registrations,
 *   business tax and company numbers, the personal numbers a tax administration uses as the
 *   individual TIN). Every other identifier stdnum checks (bank accounts, passports, identity-card
 *   and social-security numbers that are not TINs, drug codes, receipt numbers, EAN barcodes) is a
 *   type of kind `other`: validated only when the request names it in `type`, never tried
 *   without one, so a request without `type` can never be answered with an `other` type.
 *   Every answer with a verdict carries the `kind` of the type it checked.
 * - Every supported type is backed by exactly one stdnum module (`TAX_ID_TYPE_CATALOGUE`). Type
 *   names follow Stripe's `{country}_{name}` convention (Stripe's own name where Stripe has one,
 *   else the stdnum module name); EU VAT numbers are `eu_vat` in every member state, as at Stripe,
 *   and Northern Ireland's `XI` numbers are `eu_vat` with country `GB`. `gen_ean` (EAN/GTIN) is the
 *   one type of no country: the request's `country` is ignored and the answer's is null.
 * - Country: given (ISO alpha-2 in any case; `EL` and `XI` are accepted as the VAT prefixes they
 *   are), implied by a single-country `type`, or read from a VAT prefix on the number (`DE...`,
 *   `EL...`, `XI...`, `GB...`, `CHE...`, `NO...`).
 * - Without `type`, the country's tax types are tried in catalogue order (VAT first, then
 *   business, then individual; never `other`); the first valid one wins. If none is valid, the answer names the type
 *   whose failure got furthest (checksum > component > format > length; ties: catalogue order).
 * - `normalized` is stdnum's compact form, present only when valid; VAT numbers carry the
 *   prefix VIES (or HMRC, for `gb_vat`) shows: `DE136695976`, `EL094259216`, `XI980780684`.
 * - `registry_checked` is always `false`: no national registry (VIES, HMRC, ABR, ...) is
 *   consulted. `RegistryChecker` below is the seam for such a check.
 */
import { entityValidators, stdnum } from 'stdnum';
// stdnum 1.12.0's index leaves out its country-independent modules (`gen/`) and Sri Lanka (`lk/`).
import { ean } from 'stdnum/lib/cjs/gen';
import { nic as lkNic } from 'stdnum/lib/cjs/lk';
import type { Validator } from 'stdnum';
import { z } from 'zod';
import { isAssignedCountry } from './countries';
import { customerTaxIdField } from '../records/fields';

/**
 * `vat`, `business`, `individual`: taxpayer numbers (`TAX_KINDS`). `other`: identifiers that are
 * not taxpayer numbers (identity documents, social security, bank accounts, barcodes...), checked
 * only when the request names the type.
 */
export type TaxIdKind = 'vat' | 'business' | 'individual' | 'other';

/** The kinds that are taxpayer numbers: the only ones tried when the request names no type. */
export const TAX_KINDS: readonly TaxIdKind[] = ['vat', 'business', 'individual'];
const isTaxKind = (kind: TaxIdKind): boolean => kind !== 'other';

export interface TaxIdTypeDefinition {
  /** Stripe-style type name, e.g. `eu_vat`, `au_abn`. */
  readonly type: string;
  /** ISO 3166-1 alpha-2 country the number belongs to; null for `gen_ean`, which has none. */
  readonly country: string | null;
  /** The stdnum module that checks it, as `cc/module` (stdnum-js `src/` layout). */
  readonly module: string;
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

type Def = Omit<TaxIdTypeDefinition, 'country' | 'module'> & { module: string };
const vat = (module: string, label: string, viesPrefix?: string): Def => ({
  type: 'eu_vat',
  module,
  kind: 'vat',
  label,
  normalizedPrefix: viesPrefix ?? module.slice(0, 2).toUpperCase(),
  prefixed: true,
});
const biz = (type: string, module: string, label: string): Def => ({ type, module, kind: 'business', label });
const gst = (type: string, module: string, label: string): Def => ({ type, module, kind: 'vat', label });
const ind = (type: string, module: string, label: string): Def => ({ type, module, kind: 'individual', label });
/** Not a taxpayer number: validated only when the request names the type. */
const oth = (type: string, module: string, label: string): Def => ({ type, module, kind: 'other', label });

/**
 * The catalogue, per country in the order types are tried when the request names none (`other`
 * types last, and never tried without `type`). `module` is `cc/name` of stdnum-js
 * (node_modules/stdnum/src/cc/name.ts).
 */
const CATALOGUE: Record<string, readonly Def[]> = {
  AD: [biz('ad_nrt', 'ad/nrt', 'NRT, tax register number')],
  AI: [biz('ai_tin', 'ai/tin', 'TIN, tax identification number')],
  AL: [biz('al_tin', 'al/nipt', 'NIPT, tax / VAT number')],
  AO: [
    biz('ao_tin', 'ao/nif', 'NIF, tax identification number'),
    oth('ao_bi', 'ao/bi', 'BI, identity card number'),
  ],
  AR: [
    biz('ar_cuit', 'ar/cuit', 'CUIT, tax number'),
    oth('ar_cbu', 'ar/cbu', 'CBU, bank account number'),
    oth('ar_dni', 'ar/dni', 'DNI, identity number'),
  ],
  AT: [
    vat('at/uid', 'UID, VAT number (ATU...)'),
    biz('at_tin', 'at/tin', 'Abgabenkontonummer, tax number'),
    biz('at_businessid', 'at/businessid', 'Firmenbuchnummer, company register number'),
    oth('at_vnr', 'at/vnr', 'VNR, social-insurance number'),
  ],
  AU: [
    biz('au_abn', 'au/abn', 'ABN, Australian Business Number'),
    biz('au_acn', 'au/acn', 'ACN, Australian Company Number'),
    ind('au_tfn', 'au/tfn', 'TFN, Tax File Number'),
  ],
  AZ: [
    biz('az_tin', 'az/tin', 'VÖEN, tax identification number'),
    oth('az_pin', 'az/pin', 'PIN, personal identification number'),
  ],
  BA: [oth('ba_jmbg', 'ba/jmbg', 'JMBG, master citizen number')],
  BE: [
    vat('be/vat', 'enterprise / VAT number'),
    ind('be_nn', 'be/nn', 'national register number (individual TIN)'),
    ind('be_bis', 'be/bis', 'BIS number (individual TIN of non-residents)'),
    ind('be_insz', 'be/insz', 'INSZ/NISS, NN or BIS'),
  ],
  BG: [
    vat('bg/vat', 'VAT number (BULSTAT/EGN based)'),
    ind('bg_egn', 'bg/egn', 'EGN, personal number (individual TIN)'),
    ind('bg_pnf', 'bg/pnf', 'LNCh, personal number of a foreigner'),
  ],
  BO: [oth('bo_ci', 'bo/ci', 'CI, identity card number')],
  BR: [biz('br_cnpj', 'br/cnpj', 'CNPJ, company number'), ind('br_cpf', 'br/cpf', 'CPF, individual taxpayer number')],
  BY: [biz('by_tin', 'by/unp', 'UNP, payer number')],
  BZ: [biz('bz_tin', 'bz/tin', 'TIN, tax identification number')],
  CA: [
    biz('ca_bn', 'ca/bn', 'BN, Business Number (9 digits)'),
    gst('ca_gst_hst', 'ca/gst', 'GST/HST number (BN + RT program account)'),
    gst('ca_qst', 'ca/qst', 'QST, Quebec sales tax number'),
    gst('ca_pst_bc', 'ca/pst', 'PST, British Columbia provincial sales tax number'),
    ind('ca_sin', 'ca/sin', 'SIN, Social Insurance Number (individual TIN)'),
    oth('ca_bc_bhn', 'ca/bc_bhn', 'PHN, British Columbia personal health number'),
  ],
  CH: [
    { type: 'ch_vat', module: 'ch/vat', kind: 'vat', label: 'MWST/TVA/IVA, VAT number (CHE... MWST)', prefixed: true },
    { type: 'ch_uid', module: 'ch/uid', kind: 'business', label: 'UID, business identification number', prefixed: true },
    ind('ch_ssn', 'ch/ssn', 'AHV/AVS number (individual TIN)'),
  ],
  CL: [biz('cl_tin', 'cl/rut', 'RUT/RUN, tax number')],
  CN: [biz('cn_tin', 'cn/uscc', 'USCC, unified social credit code'), ind('cn_ric', 'cn/ric', 'resident identity card number (individual TIN)')],
  CO: [biz('co_nit', 'co/nit', 'NIT, tax number')],
  CR: [
    biz('cr_cpj', 'cr/cpj', 'cédula jurídica, legal-entity tax number'),
    ind('cr_cpf', 'cr/cpf', 'cédula física, individual number'),
    ind('cr_cr', 'cr/cr', 'cédula de residencia (DIMEX), foreigner number'),
  ],
  CU: [oth('cu_ni', 'cu/ni', 'NI, identity card number')],
  CY: [vat('cy/vat', 'VAT number')],
  CZ: [
    vat('cz/dic', 'DIČ, VAT number'),
    biz('cz_ico', 'cz/ico', 'IČO, company identification number'),
    ind('cz_rc', 'cz/rc', 'rodné číslo, birth number (individual TIN)'),
  ],
  DE: [
    vat('de/vat', 'USt-IdNr., VAT number'),
    biz('de_stn', 'de/stnr', 'Steuernummer, tax number'),
    ind('de_idnr', 'de/idnr', 'Steuer-IdNr., personal tax number'),
    oth('de_passport', 'de/passport', 'Reisepassnummer, passport number'),
    oth('de_pwnr', 'de/pwnr', 'Personalausweisnummer, identity card number'),
    oth('de_svnr', 'de/svnr', 'Sozialversicherungsnummer, social-insurance number'),
  ],
  DK: [vat('dk/cvr', 'CVR, VAT number'), ind('dk_cpr', 'dk/cpr', 'CPR, personal number (individual TIN)')],
  DO: [
    biz('do_rcn', 'do/rnc', 'RNC, taxpayer number'),
    ind('do_cedula', 'do/cedula', 'cédula (individual TIN)'),
    oth('do_ncf', 'do/ncf', 'NCF, fiscal receipt number'),
  ],
  DZ: [biz('dz_nif', 'dz/nif', 'NIF, tax number')],
  EC: [
    biz('ec_ruc', 'ec/ruc', 'RUC, taxpayer number'),
    oth('ec_ci', 'ec/ci', 'CI, identity card number'),
  ],
  EE: [
    vat('ee/kmkr', 'KMKR, VAT number'),
    biz('ee_registrikood', 'ee/registrikood', 'registry code (entity TIN)'),
    ind('ee_ik', 'ee/ik', 'isikukood, personal code (individual TIN)'),
  ],
  EG: [biz('eg_tin', 'eg/tn', 'tax registration number')],
  ES: [
    vat('es/nif', 'NIF, VAT number (CIF, DNI or NIE based)'),
    biz('es_cif', 'es/cif', 'CIF, legal-entity tax number'),
    ind('es_dni', 'es/dni', 'DNI, individual NIF'),
    ind('es_nie', 'es/nie', 'NIE, foreigner NIF'),
    oth('es_nss', 'es/nss', 'NSS, social-security number'),
  ],
  FI: [
    vat('fi/alv', 'ALV, VAT number'),
    biz('fi_ytunnus', 'fi/ytunnus', 'Y-tunnus, business ID'),
    ind('fi_hetu', 'fi/hetu', 'HETU, personal identity code (individual TIN)'),
  ],
  FO: [biz('fo_vn', 'fo/vn', 'V-tal, tax number')],
  FR: [
    vat('fr/tva', 'n° TVA, VAT number'),
    biz('fr_siren', 'fr/siren', 'SIREN, company number'),
    biz('fr_siret', 'fr/siret', 'SIRET, establishment number'),
    ind('fr_nif', 'fr/nif', "NIF / numéro fiscal, individual tax number"),
    oth('fr_nir', 'fr/nir', 'NIR, social-security number'),
  ],
  GB: [
    { type: 'gb_vat', module: 'gb/vat', kind: 'vat', label: 'VAT registration number', normalizedPrefix: 'GB', prefixed: true },
    {
      type: 'eu_vat',
      module: 'gb/vat',
      kind: 'vat',
      label: 'Northern Ireland VAT number (XI...)',
      normalizedPrefix: 'XI',
      requiredPrefix: 'XI',
      prefixed: true,
    },
    ind('gb_utr', 'gb/utr', 'UTR, Unique Taxpayer Reference'),
    ind('gb_nino', 'gb/nino', 'National Insurance number (individual TIN)'),
  ],
  GH: [biz('gh_tin', 'gh/tin', 'TIN, tax number')],
  GN: [biz('gn_nif', 'gn/nifp', 'NIFp, tax number')],
  GR: [
    vat('gr/vat', 'ΑΦΜ, VAT number (EL...)', 'EL'),
    oth('gr_amka', 'gr/amka', 'AMKA, social-security number'),
  ],
  GT: [
    biz('gt_nit', 'gt/nit', 'NIT, tax number'),
    oth('gt_cui', 'gt/cui', 'CUI, identity number'),
  ],
  HK: [ind('hk_hkid', 'hk/hkid', 'HKID card number (individual TIN)')],
  HR: [vat('hr/oib', 'OIB, VAT number'), biz('hr_oib', 'hr/oib', 'OIB, personal identification number')],
  HU: [vat('hu/anum', 'ANUM, community VAT number')],
  ID: [biz('id_npwp', 'id/npwp', 'NPWP, tax number')],
  IE: [vat('ie/vat', 'VAT number'), ind('ie_pps', 'ie/pps', 'PPS number (individual TIN)')],
  IL: [biz('il_hp', 'il/hp', 'company number (ח.פ.)'), ind('il_idnr', 'il/idnr', 'Mispar Zehut, identity number (individual TIN)')],
  IN: [
    gst('in_gstin', 'in/gstin', 'GSTIN, GST identification number'),
    biz('in_pan', 'in/pan', 'PAN, Permanent Account Number'),
    oth('in_aadhaar', 'in/aadhaar', 'Aadhaar, identity number'),
    oth('in_epic', 'in/epic', 'EPIC, voter ID number'),
    oth('in_vid', 'in/vid', 'VID, Aadhaar virtual ID'),
  ],
  IS: [gst('is_vat', 'is/vsk', 'VSK, VAT number'), biz('is_kennitala', 'is/kennitala', 'kennitala, identity code')],
  IT: [
    vat('it/iva', 'Partita IVA, VAT number'),
    ind('it_cf', 'it/codicefiscale', 'codice fiscale (individual)'),
    oth('it_aic', 'it/aic', 'AIC, drug authorisation code'),
  ],
  JP: [biz('jp_cn', 'jp/cn', 'Corporate Number (hōjin bangō)')],
  KE: [biz('ke_pin', 'ke/pin', 'KRA PIN, tax number')],
  KR: [biz('kr_brn', 'kr/brn', 'BRN, business registration number'), ind('kr_rrn', 'kr/rrn', 'RRN, resident registration number (individual TIN)')],
  LI: [biz('li_peid', 'li/peid', 'PEID, tax number')],
  LK: [oth('lk_nic', 'lk/nic', 'NIC, identity card number')],
  LT: [vat('lt/pvm', 'PVM, VAT number'), ind('lt_asmens', 'lt/asmens', 'asmens kodas, personal code (individual TIN)')],
  LU: [vat('lu/tva', 'n° TVA, VAT number')],
  LV: [vat('lv/pvn', 'PVN, VAT number')],
  MA: [biz('ma_ice', 'ma/ice', 'ICE, common company identifier (15 digits)'), biz('ma_ice9', 'ma/ice9', 'ICE, 9-digit form')],
  MC: [{ type: 'mc_vat', module: 'mc/tva', kind: 'vat', label: 'n° TVA, VAT number (French FR... numbering)', normalizedPrefix: 'FR' }],
  MD: [biz('md_idno', 'md/idno', 'IDNO, company fiscal code')],
  ME: [biz('me_pib', 'me/pib', 'PIB, tax number')],
  MK: [biz('mk_vat', 'mk/edb', 'EDB, tax number')],
  MT: [vat('mt/vat', 'VAT number')],
  MU: [oth('mu_nid', 'mu/nid', 'NID, identity number')],
  MX: [
    biz('mx_rfc', 'mx/rfc', 'RFC, tax number'),
    oth('mx_clabe', 'mx/clabe', 'CLABE, bank account number'),
    oth('mx_curp', 'mx/curp', 'CURP, population register code'),
  ],
  MY: [oth('my_nric', 'my/nric', 'NRIC, identity card number')],
  MZ: [
    biz('mz_nuit', 'mz/nuit', 'NUIT, tax number'),
    oth('mz_bi', 'mz/bi', 'BI, identity card number'),
  ],
  NL: [
    vat('nl/btw', 'btw-id, VAT number'),
    ind('nl_bsn', 'nl/bsn', 'BSN, citizen service number (individual TIN)'),
    oth('nl_onderwijsnummer', 'nl/onderwijsnummer', 'onderwijsnummer, education number'),
  ],
  NO: [
    { type: 'no_vat', module: 'no/mva', kind: 'vat', label: 'MVA, VAT number (...MVA)', prefixed: true },
    biz('no_orgnr', 'no/orgnr', 'organisasjonsnummer, organisation number'),
    ind('no_fnr', 'no/fodselsnummer', 'fødselsnummer, national identity number (individual TIN)'),
    oth('no_kontonr', 'no/kontonr', 'kontonummer, bank account number'),
  ],
  NZ: [
    biz('nz_ird', 'nz/ird', 'IRD number (also the GST number)'),
    oth('nz_bank', 'nz/bank', 'bank account number'),
  ],
  PE: [
    biz('pe_ruc', 'pe/ruc', 'RUC, taxpayer number'),
    oth('pe_ce', 'pe/ce', 'CE, foreigner card number'),
    oth('pe_cui', 'pe/cui', 'CUI/DNI, identity number'),
  ],
  PK: [biz('pk_ntn', 'pk/ntn', 'NTN, tax number'), ind('pk_cnic', 'pk/cnic', 'CNIC (individual NTN)')],
  PL: [
    vat('pl/nip', 'NIP, VAT number'),
    biz('pl_regon', 'pl/regon', 'REGON, business register number'),
    ind('pl_pesel', 'pl/pesel', 'PESEL (individual TIN)'),
  ],
  PT: [
    vat('pt/nif', 'NIF/NIPC, VAT number'),
    oth('pt_cc', 'pt/cc', 'CC, citizen card number'),
  ],
  PY: [
    biz('py_ruc', 'py/ruc', 'RUC, taxpayer number'),
    oth('py_cedula', 'py/cedula', 'cédula de identidad, identity card number'),
  ],
  RO: [
    vat('ro/cif', 'CIF, VAT number'),
    biz('ro_cui', 'ro/cui', 'CUI, company identifier'),
    biz('ro_onrc', 'ro/onrc', 'ONRC, trade register number'),
    ind('ro_cnp', 'ro/cnp', 'CNP, personal numeric code (individual TIN)'),
  ],
  RS: [biz('rs_pib', 'rs/pib', 'PIB, tax number')],
  RU: [biz('ru_inn', 'ru/inn', 'INN, taxpayer number')],
  SE: [
    vat('se/vat', 'momsregistreringsnummer, VAT number'),
    biz('se_orgnr', 'se/orgnr', 'organisationsnummer, company number'),
    ind('se_personnummer', 'se/personnummer', 'personnummer (individual TIN)'),
  ],
  SG: [biz('sg_uen', 'sg/uen', 'UEN, Unique Entity Number')],
  SI: [
    vat('si/ddv', 'ID za DDV, VAT / tax number'),
    oth('si_emso', 'si/emso', 'EMŠO, master citizen number'),
  ],
  SK: [vat('sk/dph', 'IČ DPH, VAT number'), ind('sk_rc', 'sk/rc', 'rodné číslo, birth number (individual TIN)')],
  SM: [biz('sm_coe', 'sm/coe', 'COE, economic operator code')],
  SV: [biz('sv_nit', 'sv/nit', 'NIT, tax number')],
  TH: [
    biz('th_tin', 'th/tin', 'TIN, taxpayer number (13 digits)'),
    biz('th_moa', 'th/moa', 'MOA, company taxpayer number'),
    ind('th_idnr', 'th/idnr', 'identity card number (individual TIN)'),
  ],
  TN: [biz('tn_mf', 'tn/mf', 'matricule fiscal, tax number')],
  TR: [biz('tr_tin', 'tr/vkn', 'VKN, tax number'), ind('tr_tckimlik', 'tr/tckimlik', 'T.C. Kimlik No. (individual TIN)')],
  TW: [
    biz('tw_vat', 'tw/ubn', 'UBN, unified business number'),
    biz('tw_ban', 'tw/ban', 'BAN, business administration number'),
    ind('tw_natid', 'tw/natid', 'national ID card number (individual TIN)'),
    ind('tw_ui', 'tw/ui', 'UI number, resident certificate (individual TIN)'),
    ind('tw_tax_code', 'tw/tax_code', 'tax code of individuals without an ID or UI number'),
  ],
  UA: [biz('ua_edrpou', 'ua/edrpou', 'EDRPOU, enterprise code'), ind('ua_rntrc', 'ua/rntrc', 'RNOKPP, individual taxpayer number')],
  US: [biz('us_ein', 'us/ein', 'EIN, Employer Identification Number'), ind('us_ssn', 'us/ssn', 'SSN (individual TIN)')],
  UY: [
    biz('uy_ruc', 'uy/rut', 'RUT, tax number'),
    ind('uy_cedula', 'uy/cedula', 'cédula de identidad (individual TIN)'),
    ind('uy_nie', 'uy/nie', 'NIE, foreigner number'),
  ],
  VE: [biz('ve_rif', 've/rif', 'RIF, fiscal information number')],
  VN: [biz('vn_tin', 'vn/mst', 'MST, tax number')],
  ZA: [
    gst('za_vat', 'za/vat', 'VAT number'),
    biz('za_tin', 'za/tin', 'TIN, income tax reference number'),
    oth('za_idnr', 'za/idnr', 'ID number, identity number'),
  ],
};

/**
 * Types that belong to no country (stdnum's `gen/` modules). The request's `country` is ignored
 * for them and the answer's `country` is null. Kind `other`, like every non-tax identifier.
 */
const COUNTRYLESS: readonly Def[] = [oth('gen_ean', 'gen/ean', 'EAN/GTIN, product barcode number')];

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

interface Entry extends TaxIdTypeDefinition {
  readonly validator: Validator;
}

const entriesByCountry = new Map<string, readonly Entry[]>();
for (const [country, defs] of Object.entries(CATALOGUE)) {
  entriesByCountry.set(
    country,
    defs.map((d) => ({ ...d, country, validator: stdnumValidator(d.module) })),
  );
}
const countrylessEntries: readonly Entry[] = COUNTRYLESS.map((d) => ({
  ...d,
  country: null,
  validator: stdnumValidator(d.module),
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

/** The kind of a supported type name (`eu_vat` -> `vat`, `de_passport` -> `other`); undefined if unknown. */
export function kindOfTaxIdType(type: string): TaxIdKind | undefined {
  return KIND_OF_TYPE.get(type.trim().toLowerCase());
}

/** Countries with at least one tax type (`vat`, `business` or `individual`); `other` types don't count. */
export const supportedTaxIdCountries: readonly string[] = [...entriesByCountry]
  .filter(([, entries]) => entries.some((e) => isTaxKind(e.kind)))
  .map(([country]) => country)
  .sort();

/**
 * VAT prefixes that identify the country when the request has none, read off the catalogue's
 * prefixed entries: the EU-27 (`EL` is Greece), `GB`, `XI` (Northern Ireland), `CH`, `NO`.
 */
const VAT_PREFIX_COUNTRY: Readonly<Record<string, string>> = Object.fromEntries(
  [...entriesByCountry].flatMap(([country, entries]) =>
    entries.filter((e) => e.prefixed).map((e) => [e.normalizedPrefix ?? country, country] as const),
  ),
);

/** Country-code aliases accepted in `country`: the VAT prefixes that are not ISO codes (`EL`, `XI`). */
const COUNTRY_ALIASES: Readonly<Record<string, string>> = Object.fromEntries(
  Object.entries(VAT_PREFIX_COUNTRY).filter(([prefix]) => !isAssignedCountry(prefix)),
);

/** The VAT prefix the number starts with (after leading spaces and an opening bracket), if any. */
export function vatPrefixOf(taxId: string): string | undefined {
  const m = /^[\s(]*([A-Za-z]{2})/.exec(taxId);
  const prefix = m?.[1]?.toUpperCase();
  return prefix !== undefined && prefix in VAT_PREFIX_COUNTRY ? prefix : undefined;
}

/** The entries of a type that belongs to no country (`gen_ean`); empty for any other type. */
function countrylessEntriesOf(type: string): readonly Entry[] {
  return countrylessEntries.filter((e) => e.type === type);
}

/** The country a single-country type implies (`au_abn` -> AU); undefined for `eu_vat` and `gen_ean`. */
function countryOfType(type: string): string | undefined {
  if (type === 'eu_vat' || countrylessEntriesOf(type).length > 0) return undefined;
  const cc = type.slice(0, 2).toUpperCase();
  return entriesByCountry.get(cc)?.some((e) => e.type === type) ? cc : undefined;
}

// ---------------------------------------------------------------------------------------------
// Request schema
// ---------------------------------------------------------------------------------------------

export const taxIdValidateRequestSchema = z
  .strictObject({
    tax_id: customerTaxIdField,
    country: z
      .string({ error: 'must be a string (ISO 3166-1 alpha-2 code such as "DE")' })
      .trim()
      .transform((s) => s.toUpperCase())
      .refine((c) => /^[A-Z]{2}$/.test(c) && (isAssignedCountry(c) || c in COUNTRY_ALIASES), {
        error: 'must be an ISO 3166-1 alpha-2 country code such as "DE" (or the VAT prefix "EL" or "XI")',
      })
      .optional(),
    type: z
      .string({ error: 'must be a string' })
      .trim()
      .toLowerCase()
      .refine((t) => (supportedTaxIdTypes as readonly string[]).includes(t), {
        error: 'must be a supported tax ID type such as "eu_vat", "gb_vat" or "au_abn" (see docs/tax-ids.md)',
      })
      .optional(),
  })
  .superRefine((req, ctx) => {
    if (req.country !== undefined) return;
    if (req.type !== undefined && !(supportedTaxIdTypes as readonly string[]).includes(req.type)) return;
    if (req.type !== undefined && countryOfType(req.type) !== undefined) return;
    if (req.type !== undefined && countrylessEntriesOf(req.type).length > 0) return;
    if (vatPrefixOf(req.tax_id) !== undefined) return;
    ctx.addIssue({
      code: 'custom',
      path: ['country'],
      message:
        'is required unless tax_id starts with a VAT country prefix (such as DE, EL or XI) or type names a single country (or none, as gen_ean)',
    });
  });

export type TaxIdValidateRequest = z.output<typeof taxIdValidateRequestSchema>;

// ---------------------------------------------------------------------------------------------
// Validation
// ---------------------------------------------------------------------------------------------

export type TaxIdInvalidReason = 'invalid_format' | 'invalid_checksum' | 'invalid_length' | 'unsupported';

export interface TaxIdValidation {
  /** true / false; null when the country or the type is not supported. */
  valid: boolean | null;
  /** The country checked; null when unknown, and for `gen_ean`, which belongs to no country. */
  country: string | null;
  type: string | null;
  /**
   * The kind of `type` whenever a number was checked (`valid` true or false): `vat`, `business`,
   * `individual`, or `other` (not a taxpayer number; only ever answered when the request named
   * that type). null with `valid: null`.
   */
  kind: TaxIdKind | null;
  /** Compact form (VAT numbers with their VIES/HMRC prefix); null unless valid. */
  normalized: string | null;
  /** Present whenever `valid` is not true. */
  reason?: TaxIdInvalidReason;
  /** Always false here: no national registry was consulted (see RegistryChecker). */
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

type Attempt =
  | { entry: Entry; valid: true; normalized: string }
  | { entry: Entry; valid: false; reason: Exclude<TaxIdInvalidReason, 'unsupported'>; rank: number };

/** stdnum error classes -> API reason, and how far the check got (higher = further). */
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
  return { entry, valid: false, ...(FAILURE[result.error?.name ?? ''] ?? UNKNOWN_FAILURE) };
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
export function validateTaxId(req: TaxIdValidateInput): TaxIdValidation {
  const taxId = req.tax_id.trim();
  const type = req.type?.trim().toLowerCase() || undefined;
  const given = req.country?.trim().toUpperCase() || undefined;

  // 0. A type of no country (`gen_ean`): checked as it is, whatever `country` says.
  if (type !== undefined) {
    const countryless = countrylessEntriesOf(type);
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

  const entries = country !== undefined ? entriesByCountry.get(country) : undefined;
  if (country === undefined || entries === undefined) return unsupported(country ?? null, type ?? null);

  // 2. The candidate types. Without `type`, only tax types: an `other` type (passport, bank
  //    account, ...) is checked only when the request names it.
  const candidates = entries.filter(
    (e) =>
      (type === undefined ? isTaxKind(e.kind) : e.type === type) &&
      (!xiOnly || e.requiredPrefix === 'XI') &&
      (!fromPrefix || type !== undefined || e.prefixed === true),
  );
  if (candidates.length === 0) return unsupported(country, type ?? null);

  return verdict(country, candidates, taxId, xiOnly);
}

/** 3. First valid candidate wins; else the failure that got furthest. `candidates` is not empty. */
function verdict(country: string | null, candidates: readonly Entry[], taxId: string, xiOnly: boolean): TaxIdValidation {
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
    if (best === undefined || a.rank > best.rank) best = a;
  }
  return {
    valid: false,
    country,
    type: best!.entry.type,
    kind: best!.entry.kind,
    normalized: null,
    reason: best!.reason,
    registry_checked: false,
  };
}

// ---------------------------------------------------------------------------------------------
// Registry seam (not implemented)
// ---------------------------------------------------------------------------------------------

/** What a registry (VIES, HMRC's VAT API, ABR, ...) would add to an offline result. */
export interface RegistryCheckResult {
  registry_checked: true;
  /** The registry knows the number as currently registered/active. */
  registered: boolean;
  /** Registered name, where the registry discloses it. */
  name?: string;
  /** Registered address, where the registry discloses it. */
  address?: string;
}

/**
 * The seam for a national-registry check. Nothing implements it yet: `validateTaxId` is offline
 * and always answers `registry_checked: false`. An adapter (e.g. a VIES client for `eu_vat`,
 * HMRC's check-VAT API for `gb_vat`, the ABR for `au_abn`) would live under functions/ with its
 * network I/O, be called by the handler only for results with `valid: true` whose type it
 * `supports`, and its answer merged over the offline result (`TaxIdRegistryValidation`).
 */
export interface RegistryChecker {
  supports(result: TaxIdValidation): boolean;
  check(result: TaxIdValidation & { valid: true; country: string; type: string; normalized: string }): Promise<RegistryCheckResult>;
}

export type TaxIdRegistryValidation = Omit<TaxIdValidation, 'registry_checked'> &
  (RegistryCheckResult | { registry_checked: false });
