/**
 * Domain (pure data): every tax-ID type Levy validates, per country, in the order types are tried when a request names
 * none. Each is backed by exactly one stdnum module; names follow Stripe's `{country}_{name}` convention
 * (docs/tax-ids.md has the table).
 */
import type { TaxIdTypeDefinition } from './types';

/** A catalogue row: its country is the key it is listed under. */
export type Def = Omit<TaxIdTypeDefinition, 'country'>;
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
/** A business-register number (kind `business`, `register`): see `TaxIdTypeDefinition.register`. */
const reg = (type: string, module: string, label: string): Def => ({ type, module, kind: 'business', label, register: true });
const exc = (type: string, module: string, label: string): Def => ({ type, module, kind: 'excise', label });
/** Checked by Levy's own implementation of the python-stdnum algorithm (`overrides/`), not by stdnum-js. */
const own = (def: Def): Def => ({ ...def, override: true });
/** Not a taxpayer number: validated only when the request names the type. */
const oth = (type: string, module: string, label: string): Def => ({ type, module, kind: 'other', label });

/**
 * The catalogue, per country in the order types are tried when the request names none (`vat`,
 * `business`, `individual`, `excise`; `other` types last, and never tried without `type`).
 * `module` is `cc/name` of stdnum-js (node_modules/stdnum/src/cc/name.ts); rows wrapped in `own`
 * are checked by Levy's override registered under that name (overrides/index.ts), which follows
 * python-stdnum where stdnum-js diverges from it or has no module.
 */
export const CATALOGUE: Readonly<Record<string, readonly Def[]>> = {
  AD: [own(biz('ad_nrt', 'ad/nrt', 'NRT, tax register number'))],
  AI: [biz('ai_tin', 'ai/tin', 'TIN, tax identification number')],
  AL: [biz('al_tin', 'al/nipt', 'NIPT, tax / VAT number')],
  AO: [biz('ao_tin', 'ao/nif', 'NIF, tax identification number'), oth('ao_bi', 'ao/bi', 'BI, identity card number')],
  AR: [biz('ar_cuit', 'ar/cuit', 'CUIT, tax number'), oth('ar_cbu', 'ar/cbu', 'CBU, bank account number'), oth('ar_dni', 'ar/dni', 'DNI, identity number')],
  AT: [
    vat('at/uid', 'UID, VAT number (ATU...)'),
    biz('at_tin', 'at/tin', 'Abgabenkontonummer, tax number'),
    reg('at_businessid', 'at/businessid', 'Firmenbuchnummer, company register number'),
    oth('at_vnr', 'at/vnr', 'VNR, social-insurance number'),
  ],
  AU: [
    biz('au_abn', 'au/abn', 'ABN, Australian Business Number'),
    reg('au_acn', 'au/acn', 'ACN, Australian Company Number'),
    ind('au_tfn', 'au/tfn', 'TFN, Tax File Number'),
  ],
  AZ: [own(biz('az_tin', 'az/tin', 'VÖEN, tax identification number')), oth('az_pin', 'az/pin', 'PIN, personal identification number')],
  BA: [oth('ba_jmbg', 'ba/jmbg', 'JMBG, master citizen number')],
  BE: [
    own(vat('be/vat', 'enterprise / VAT number')),
    own(ind('be_nn', 'be/nn', 'national register number (individual TIN)')),
    ind('be_bis', 'be/bis', 'BIS number (individual TIN of non-residents)'),
    ind('be_insz', 'be/insz', 'INSZ/NISS, NN or BIS'),
  ],
  BG: [
    own(vat('bg/vat', 'VAT number (BULSTAT/EGN based)')),
    ind('bg_egn', 'bg/egn', 'EGN, personal number (individual TIN)'),
    ind('bg_pnf', 'bg/pnf', 'LNCh, personal number of a foreigner'),
  ],
  BO: [oth('bo_ci', 'bo/ci', 'CI, identity card number')],
  BR: [biz('br_cnpj', 'br/cnpj', 'CNPJ, company number'), ind('br_cpf', 'br/cpf', 'CPF, individual taxpayer number')],
  BY: [own(biz('by_tin', 'by/unp', 'UNP, payer number'))],
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
  CN: [own(biz('cn_tin', 'cn/uscc', 'USCC, unified social credit code')), ind('cn_ric', 'cn/ric', 'resident identity card number (individual TIN)')],
  CO: [biz('co_nit', 'co/nit', 'NIT, tax number')],
  CR: [
    biz('cr_cpj', 'cr/cpj', 'cédula jurídica, legal-entity tax number'),
    ind('cr_cpf', 'cr/cpf', 'cédula física, individual number'),
    own(ind('cr_cr', 'cr/cr', 'cédula de residencia (DIMEX), foreigner number')),
  ],
  CU: [oth('cu_ni', 'cu/ni', 'NI, identity card number')],
  CY: [own(vat('cy/vat', 'VAT number'))],
  CZ: [
    own(vat('cz/dic', 'DIČ, VAT number')),
    reg('cz_ico', 'cz/ico', 'IČO, company identification number'),
    own(ind('cz_rc', 'cz/rc', 'rodné číslo, birth number (individual TIN)')),
  ],
  DE: [
    own(vat('de/vat', 'USt-IdNr., VAT number')),
    own(biz('de_stn', 'de/stnr', 'Steuernummer, tax number')),
    own(reg('de_handelsregisternummer', 'de/handelsregisternummer', 'Handelsregisternummer, commercial register number')),
    own(ind('de_idnr', 'de/idnr', 'Steuer-IdNr., personal tax number')),
    oth('de_passport', 'de/passport', 'Reisepassnummer, passport number'),
    oth('de_pwnr', 'de/pwnr', 'Personalausweisnummer, identity card number'),
    oth('de_svnr', 'de/svnr', 'Sozialversicherungsnummer, social-insurance number'),
  ],
  DK: [vat('dk/cvr', 'CVR, VAT number'), ind('dk_cpr', 'dk/cpr', 'CPR, personal number (individual TIN)')],
  DO: [
    own(biz('do_rcn', 'do/rnc', 'RNC, taxpayer number')),
    own(ind('do_cedula', 'do/cedula', 'cédula (individual TIN)')),
    oth('do_ncf', 'do/ncf', 'NCF, fiscal receipt number'),
  ],
  DZ: [biz('dz_nif', 'dz/nif', 'NIF, tax number')],
  EC: [own(biz('ec_ruc', 'ec/ruc', 'RUC, taxpayer number')), oth('ec_ci', 'ec/ci', 'CI, identity card number')],
  EE: [
    vat('ee/kmkr', 'KMKR, VAT number'),
    biz('ee_registrikood', 'ee/registrikood', 'registry code (entity TIN)'),
    own(ind('ee_ik', 'ee/ik', 'isikukood, personal code (individual TIN)')),
  ],
  EG: [biz('eg_tin', 'eg/tn', 'tax registration number')],
  ES: [
    vat('es/nif', 'NIF, VAT number (CIF, DNI or NIE based)'),
    biz('es_cif', 'es/cif', 'CIF, legal-entity tax number'),
    ind('es_dni', 'es/dni', 'DNI, individual NIF'),
    ind('es_nie', 'es/nie', 'NIE, foreigner NIF'),
    own(exc('es_cae', 'es/cae', 'CAE, excise activity and establishment code')),
    oth('es_nss', 'es/nss', 'NSS, social-security number'),
  ],
  FI: [
    vat('fi/alv', 'ALV, VAT number'),
    biz('fi_ytunnus', 'fi/ytunnus', 'Y-tunnus, business ID'),
    own(ind('fi_hetu', 'fi/hetu', 'HETU, personal identity code (individual TIN)')),
    own(ind('fi_veronumero', 'fi/veronumero', 'veronumero, individual tax number (construction workers)')),
  ],
  FO: [own(biz('fo_vn', 'fo/vn', 'V-tal, tax number'))],
  FR: [
    vat('fr/tva', 'n° TVA, VAT number'),
    biz('fr_siren', 'fr/siren', 'SIREN, company number'),
    own(biz('fr_siret', 'fr/siret', 'SIRET, establishment number')),
    own(reg('fr_rcs', 'fr/rcs', 'RCS, trade and companies register number')),
    ind('fr_nif', 'fr/nif', 'NIF / numéro fiscal, individual tax number'),
    own(exc('fr_accise', 'fr/accise', "n° d'accise, excise number")),
    oth('fr_nir', 'fr/nir', 'NIR, social-security number'),
  ],
  GB: [
    own({ type: 'gb_vat', module: 'gb/vat', kind: 'vat', label: 'VAT registration number', normalizedPrefix: 'GB', prefixed: true }),
    own({
      type: 'eu_vat',
      module: 'gb/vat',
      kind: 'vat',
      label: 'Northern Ireland VAT number (XI...)',
      normalizedPrefix: 'XI',
      requiredPrefix: 'XI',
      prefixed: true,
    }),
    ind('gb_utr', 'gb/utr', 'UTR, Unique Taxpayer Reference'),
    ind('gb_nino', 'gb/nino', 'National Insurance number (individual TIN)'),
  ],
  GH: [biz('gh_tin', 'gh/tin', 'TIN, tax number')],
  GN: [biz('gn_nif', 'gn/nifp', 'NIFp, tax number')],
  GR: [vat('gr/vat', 'ΑΦΜ, VAT number (EL...)', 'EL'), oth('gr_amka', 'gr/amka', 'AMKA, social-security number')],
  GT: [biz('gt_nit', 'gt/nit', 'NIT, tax number'), oth('gt_cui', 'gt/cui', 'CUI, identity number')],
  HK: [ind('hk_hkid', 'hk/hkid', 'HKID card number (individual TIN)')],
  HR: [vat('hr/oib', 'OIB, VAT number'), biz('hr_oib', 'hr/oib', 'OIB, personal identification number')],
  HU: [vat('hu/anum', 'ANUM, community VAT number')],
  ID: [own(biz('id_npwp', 'id/npwp', 'NPWP, tax number (the NIK for residents since 2024)'))],
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
    own(ind('it_cf', 'it/codicefiscale', 'codice fiscale (individual)')),
    oth('it_aic', 'it/aic', 'AIC, drug authorisation code'),
  ],
  JP: [biz('jp_cn', 'jp/cn', 'Corporate Number (hōjin bangō)'), own(ind('jp_in', 'jp/in', 'Individual Number (kojin bangō, My Number)'))],
  KE: [biz('ke_pin', 'ke/pin', 'KRA PIN, tax number')],
  KR: [own(biz('kr_brn', 'kr/brn', 'BRN, business registration number')), own(ind('kr_rrn', 'kr/rrn', 'RRN, resident registration number (individual TIN)'))],
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
    own(biz('mx_rfc', 'mx/rfc', 'RFC, tax number')),
    oth('mx_clabe', 'mx/clabe', 'CLABE, bank account number'),
    oth('mx_curp', 'mx/curp', 'CURP, population register code'),
  ],
  MY: [oth('my_nric', 'my/nric', 'NRIC, identity card number')],
  MZ: [biz('mz_nuit', 'mz/nuit', 'NUIT, tax number'), oth('mz_bi', 'mz/bi', 'BI, identity card number')],
  NL: [
    vat('nl/btw', 'btw-id, VAT number'),
    ind('nl_bsn', 'nl/bsn', 'BSN, citizen service number (individual TIN)'),
    oth('nl_onderwijsnummer', 'nl/onderwijsnummer', 'onderwijsnummer, education number'),
  ],
  NO: [
    own({ type: 'no_vat', module: 'no/mva', kind: 'vat', label: 'MVA, VAT number (...MVA)', prefixed: true }),
    biz('no_orgnr', 'no/orgnr', 'organisasjonsnummer, organisation number'),
    ind('no_fnr', 'no/fodselsnummer', 'fødselsnummer, national identity number (individual TIN)'),
    oth('no_kontonr', 'no/kontonr', 'kontonummer, bank account number'),
  ],
  NZ: [biz('nz_ird', 'nz/ird', 'IRD number (also the GST number)'), oth('nz_bank', 'nz/bank', 'bank account number')],
  OM: [own(gst('om_vat', 'om/vat', 'VATIN, VAT identification number'))],
  PE: [
    biz('pe_ruc', 'pe/ruc', 'RUC, taxpayer number'),
    oth('pe_ce', 'pe/ce', 'CE, foreigner card number'),
    oth('pe_cui', 'pe/cui', 'CUI/DNI, identity number'),
  ],
  PK: [biz('pk_ntn', 'pk/ntn', 'NTN, tax number'), ind('pk_cnic', 'pk/cnic', 'CNIC (individual NTN)')],
  PL: [vat('pl/nip', 'NIP, VAT number'), biz('pl_regon', 'pl/regon', 'REGON, business register number'), ind('pl_pesel', 'pl/pesel', 'PESEL (individual TIN)')],
  PT: [vat('pt/nif', 'NIF/NIPC, VAT number'), oth('pt_cc', 'pt/cc', 'CC, citizen card number')],
  PY: [own(biz('py_ruc', 'py/ruc', 'RUC, taxpayer number')), oth('py_cedula', 'py/cedula', 'cédula de identidad, identity card number')],
  RO: [
    vat('ro/cif', 'CIF, VAT number'),
    biz('ro_cui', 'ro/cui', 'CUI, company identifier'),
    own(reg('ro_onrc', 'ro/onrc', 'ONRC, trade register number')),
    ind('ro_cnp', 'ro/cnp', 'CNP, personal numeric code (individual TIN)'),
  ],
  RS: [biz('rs_pib', 'rs/pib', 'PIB, tax number')],
  RU: [biz('ru_inn', 'ru/inn', 'INN, taxpayer number'), own(reg('ru_ogrn', 'ru/ogrn', 'OGRN / OGRNIP, primary state registration number'))],
  SE: [
    vat('se/vat', 'momsregistreringsnummer, VAT number'),
    biz('se_orgnr', 'se/orgnr', 'organisationsnummer, company number'),
    ind('se_personnummer', 'se/personnummer', 'personnummer (individual TIN)'),
  ],
  SG: [biz('sg_uen', 'sg/uen', 'UEN, Unique Entity Number')],
  SI: [
    own(vat('si/ddv', 'ID za DDV, VAT / tax number')),
    own(reg('si_maticna', 'si/maticna', 'matična številka, business register number')),
    oth('si_emso', 'si/emso', 'EMŠO, master citizen number'),
  ],
  SK: [
    own(vat('sk/dph', 'IČ DPH, VAT number')),
    reg('sk_ico', 'cz/ico', 'IČO, organisation identifier (the Czech IČO format)'),
    own(ind('sk_rc', 'sk/rc', 'rodné číslo, birth number (individual TIN)')),
  ],
  SM: [biz('sm_coe', 'sm/coe', 'COE, economic operator code')],
  SN: [own(biz('sn_ninea', 'sn/ninea', 'NINEA, business and tax identification number'))],
  SV: [own(biz('sv_nit', 'sv/nit', 'NIT, tax number'))],
  TH: [
    biz('th_tin', 'th/tin', 'TIN, taxpayer number (13 digits)'),
    biz('th_moa', 'th/moa', 'MOA, company taxpayer number'),
    ind('th_idnr', 'th/idnr', 'identity card number (individual TIN)'),
  ],
  TN: [biz('tn_mf', 'tn/mf', 'matricule fiscal, tax number')],
  TR: [biz('tr_tin', 'tr/vkn', 'VKN, tax number'), ind('tr_tckimlik', 'tr/tckimlik', 'T.C. Kimlik No. (individual TIN)')],
  TW: [
    own(biz('tw_vat', 'tw/ubn', 'UBN, unified business number')),
    { ...biz('tw_ban', 'tw/ban', 'BAN, business administration number (the UBN, check digit not verified)'), subsumedBy: 'tw_vat' },
    ind('tw_natid', 'tw/natid', 'national ID card number (individual TIN)'),
    ind('tw_ui', 'tw/ui', 'UI number, resident certificate (individual TIN)'),
    ind('tw_tax_code', 'tw/tax_code', 'tax code of individuals without an ID or UI number'),
  ],
  UA: [biz('ua_edrpou', 'ua/edrpou', 'EDRPOU, enterprise code'), ind('ua_rntrc', 'ua/rntrc', 'RNOKPP, individual taxpayer number')],
  US: [
    biz('us_ein', 'us/ein', 'EIN, Employer Identification Number'),
    ind('us_ssn', 'us/ssn', 'SSN (individual TIN)'),
    own(ind('us_itin', 'us/itin', 'ITIN, Individual Taxpayer Identification Number')),
    own(ind('us_ptin', 'us/ptin', 'PTIN, Preparer Tax Identification Number')),
  ],
  UY: [
    own(biz('uy_ruc', 'uy/rut', 'RUT, tax number')),
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
export const COUNTRYLESS: readonly Def[] = [oth('gen_ean', 'gen/ean', 'EAN/GTIN, product barcode number')];
