/**
 * Domain (pure): Azerbaijan VÖEN, after python-stdnum `stdnum/az/voen.py`. Differs from stdnum-js
 * `az/tin`: a 9-digit number is read with a leading 0, every character must be a digit, and the
 * ninth digit is a check digit over the first eight (stdnum-js checks only the length and the
 * last digit).
 */
import { clean, defineValidator, isDigits, weighted, type Override } from './support';

export const azVoen: Override = {
  follows: 'az/voen',
  replaces: 'az/tin',
  differs: 'digits only, 9-digit numbers padded with 0, check digit verified',
  validator: defineValidator({
    name: 'Azerbaijan Tax Number',
    localName: 'Vergi ödəyicisinin eyniləşdirmə nömrəsi',
    abbreviation: 'VÖEN',
    holder: 'either',
    compact(input) {
      const n = clean(input, ' ', false);
      return n.length === 9 ? `0${n}` : n;
    },
    check(n) {
      if (n.length !== 10) return 'length';
      if (!isDigits(n)) return 'format';
      // The last digit: 1 for a legal entity, 2 for a natural person.
      if (!'12'.includes(n[9]!)) return 'component';
      return n[8] === String(weighted(n, [4, 1, 8, 6, 2, 7, 5, 3]) % 11) ? undefined : 'checksum';
    },
  }),
};
