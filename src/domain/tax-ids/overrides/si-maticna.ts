/**
 * Domain (pure): Slovenian matična številka (business register number), after python-stdnum
 * `stdnum/si/maticna.py`; stdnum-js has no such module. Seven digits (six plus a check digit),
 * optionally followed by a three-character business-unit number (`000` is the main address and
 * is dropped from the compact form).
 */
import { clean, defineValidator, isDigits, mod, weighted, type Override } from './support';

function compact(input: string): string {
  const n = clean(input, '. ');
  return n.length === 10 && n.endsWith('000') ? n.slice(0, 7) : n;
}

export const siMaticna: Override = {
  follows: 'si/maticna',
  replaces: null,
  differs: 'not in stdnum-js',
  validator: defineValidator({
    name: 'Slovenian Corporate Registration Number',
    localName: 'Matična številka poslovnega registra',
    abbreviation: 'Matična številka',
    holder: 'company',
    compact,
    check(n) {
      if (n.length !== 7 && n.length !== 10) return 'length';
      if (!isDigits(n.slice(0, 6))) return 'format';
      if (!/^([A-Za-z0-9][0-9]{2})?$/.test(n.slice(7))) return 'format';
      const remainder = mod(-weighted(n, [7, 6, 5, 4, 3, 2]), 11);
      // A remainder of 0 gives no valid check digit.
      return remainder !== 0 && n[6] === String(remainder % 10) ? undefined : 'checksum';
    },
  }),
};
