/**
 * Domain (pure): Indonesian NPWP, after python-stdnum `stdnum/id/npwp.py` (and `stdnum/id/nik.py`
 * for the NIK form). Differs from stdnum-js `id/npwp`: the 16-digit numbers of 2024 are accepted
 * (a 0 before the old 15 digits, or the holder's NIK), and the old numbers are not restricted to
 * the taxpayer-type prefixes stdnum-js knows; the Luhn check covers the first 9 digits (10 in the
 * 16-digit form). A NIK is checked for its 16 digits, its province (the first two digits, one of
 * the province codes of the Ministry of Home Affairs) and its embedded birth date (day + 40 for
 * women); python-stdnum also looks the regency (digits 3-4) up in a table Levy does not carry, and
 * its table lacks the provinces created since 2012 (65, 92, 93, 95, 96), which Levy accepts.
 */
import { clean, defineValidator, isDate, isDigits, luhnValid, type Override } from './support';

/** Province codes (kode wilayah) of the Ministry of Home Affairs: Sumatra, Java, Bali and Nusa Tenggara, Kalimantan, Sulawesi, Maluku, Papua. */
const PROVINCES = new Set('11 12 13 14 15 16 17 18 19 21 31 32 33 34 35 36 51 52 53 61 62 63 64 65 71 72 73 74 75 76 81 82 91 92 93 94 95 96'.split(' '));

/** The birth date of a NIK: DDMMYY at offset 6, day + 40 for women, 19YY or else 20YY. */
function nikDateOk(n: string): boolean {
  const day = Number(n.slice(6, 8)) % 40;
  const month = Number(n.slice(8, 10));
  const year = Number(n.slice(10, 12));
  return isDate(1900 + year, month, day) || isDate(2000 + year, month, day);
}

export const idNpwp: Override = {
  follows: 'id/npwp',
  replaces: 'id/npwp',
  differs: '16-digit numbers of 2024 (0 + old number, or a NIK) accepted; no taxpayer-type prefix list',
  validator: defineValidator({
    name: 'Indonesian Tax Number',
    localName: 'Nomor Pokok Wajib Pajak',
    abbreviation: 'NPWP',
    holder: 'either',
    compact: (input) => clean(input, ' -.'),
    check(n) {
      if (!isDigits(n)) return 'format';
      if (n.length === 15) return luhnValid(n.slice(0, 9)) ? undefined : 'checksum';
      if (n.length === 16) {
        if (n.startsWith('0')) return luhnValid(n.slice(0, 10)) ? undefined : 'checksum';
        return PROVINCES.has(n.slice(0, 2)) && nikDateOk(n) ? undefined : 'component';
      }
      return 'length';
    },
    format: (n) => (n.length === 15 ? `${n.slice(0, 2)}.${n.slice(2, 5)}.${n.slice(5, 8)}.${n.slice(8, 9)}-${n.slice(9, 12)}.${n.slice(12)}` : n),
  }),
};
