/**
 * Domain (pure): Levy's own tax-ID checks, each following a python-stdnum module, by the catalogue
 * module they stand for: the stdnum-js module they replace (`mx/rfc`, `az/tin`) or, for types
 * stdnum-js lacks, the python-stdnum module (`es/cae`). A catalogue row uses one by setting
 * `override` (catalogue.ts); docs/tax-ids.md lists them with the upstream fix offered for each.
 */
import { adNrt } from './ad-nrt';
import { azVoen } from './az-voen';
import { beNn } from './be-nn';
import { beVat } from './be-vat';
import { bgVat } from './bg-vat';
import { byUnp } from './by-unp';
import { cnUscc } from './cn-uscc';
import { crCr } from './cr-cr';
import { cyVat } from './cy-vat';
import { czDic } from './cz-dic';
import { czRc } from './cz-rc';
import { deHandelsregisternummer } from './de-handelsregisternummer';
import { deIdnr } from './de-idnr';
import { deStnr } from './de-stnr';
import { deVat } from './de-vat';
import { doCedula } from './do-cedula';
import { doRnc } from './do-rnc';
import { ecRuc } from './ec-ruc';
import { eeIk } from './ee-ik';
import { esCae } from './es-cae';
import { fiHetu } from './fi-hetu';
import { fiVeronumero } from './fi-veronumero';
import { foVn } from './fo-vn';
import { frAccise } from './fr-accise';
import { frRcs } from './fr-rcs';
import { frSiret } from './fr-siret';
import { gbVat } from './gb-vat';
import { idNpwp } from './id-npwp';
import { itCodicefiscale } from './it-codicefiscale';
import { jpIn } from './jp-in';
import { krBrn } from './kr-brn';
import { krRrn } from './kr-rrn';
import { mxRfc } from './mx-rfc';
import { noMva } from './no-mva';
import { omVat } from './om-vat';
import { pyRuc } from './py-ruc';
import { roOnrc } from './ro-onrc';
import { ruOgrn } from './ru-ogrn';
import { siDdv } from './si-ddv';
import { siMaticna } from './si-maticna';
import { skDph } from './sk-dph';
import { snNinea } from './sn-ninea';
import { svNit } from './sv-nit';
import { twUbn } from './tw-ubn';
import { usItin } from './us-itin';
import { usPtin } from './us-ptin';
import { uyRut } from './uy-rut';
import type { Override } from './support';

export type { Override } from './support';

/** Overrides by catalogue module (`cc/name`). */
export const OVERRIDES: Readonly<Record<string, Override>> = {
  // stdnum-js modules replaced
  'ad/nrt': adNrt,
  'az/tin': azVoen,
  'be/nn': beNn,
  'be/vat': beVat,
  'bg/vat': bgVat,
  'by/unp': byUnp,
  'cn/uscc': cnUscc,
  'cr/cr': crCr,
  'cy/vat': cyVat,
  'cz/dic': czDic,
  'cz/rc': czRc,
  'sk/rc': { ...czRc, follows: 'sk/rc', replaces: 'sk/rc' },
  'de/idnr': deIdnr,
  'de/vat': deVat,
  'de/stnr': deStnr,
  'do/cedula': doCedula,
  'do/rnc': doRnc,
  'ec/ruc': ecRuc,
  'ee/ik': eeIk,
  'fi/hetu': fiHetu,
  'fo/vn': foVn,
  'fr/siret': frSiret,
  'gb/vat': gbVat,
  'id/npwp': idNpwp,
  'it/codicefiscale': itCodicefiscale,
  'kr/brn': krBrn,
  'kr/rrn': krRrn,
  'mx/rfc': mxRfc,
  'no/mva': noMva,
  'py/ruc': pyRuc,
  'ro/onrc': roOnrc,
  'si/ddv': siDdv,
  'sk/dph': skDph,
  'sv/nit': svNit,
  'tw/ubn': twUbn,
  'uy/rut': uyRut,
  // types stdnum-js lacks
  'de/handelsregisternummer': deHandelsregisternummer,
  'es/cae': esCae,
  'fi/veronumero': fiVeronumero,
  'fr/accise': frAccise,
  'fr/rcs': frRcs,
  'jp/in': jpIn,
  'om/vat': omVat,
  'ru/ogrn': ruOgrn,
  'si/maticna': siMaticna,
  'sn/ninea': snNinea,
  'us/itin': usItin,
  'us/ptin': usPtin,
};
