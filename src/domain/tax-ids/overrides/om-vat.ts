/**
 * Domain (pure): Oman VAT identification number (VATIN), after python-stdnum `stdnum/om/vat.py`;
 * stdnum-js has no such module. `OM` + 10 characters: nine digits and a check character (a digit
 * or X), computed over the last five digits before it.
 */
import { clean, defineValidator, weighted, type Override } from './support';

function checkCharacter(n: string): string {
  const check = (1 + weighted(n.slice(6, 11), [1, 6, 3, 7, 9])) % 11;
  return check === 10 ? 'X' : String(check);
}

export const omVat: Override = {
  follows: 'om/vat',
  replaces: null,
  differs: 'not in stdnum-js',
  validator: defineValidator({
    name: 'Oman VAT Number',
    localName: 'رقم التسجيل الضريبي',
    abbreviation: 'VATIN',
    holder: 'company',
    compact: (input) => clean(input, ' -'),
    check(n) {
      if (n.length !== 12) return 'length';
      if (!/^OM[0-9]{9}[0-9X]$/.test(n)) return 'format';
      return n[11] === checkCharacter(n) ? undefined : 'checksum';
    },
  }),
};
