/**
 * Domain (pure): Czech VAT number (DIČ), after python-stdnum `stdnum/cz/dic.py` (2.2). Differs from stdnum-js
 * `cz/dic`: the check digit of a 9-digit number starting with 6 (the special cases) is computed without its first
 * digit, as python-stdnum and jsvat do (`CZ699001236`, `CZ680447748`); stdnum-js weighs the 6 in and refuses them.
 * Other 9- and 10-digit numbers are birth numbers (cz-rc.ts).
 */
import { czRc } from './cz-rc';
import { clean, defineValidator, failureOf, isDigits, mod, weighted, type Override } from './support';

/** Legal entities (8 digits): 11 minus the weighted sum mod 11, 0 giving 1, taken mod 10. */
const legalCheck = (body: string): string => String((mod(11 - weighted(body, [8, 7, 6, 5, 4, 3, 2]), 11) || 1) % 10);

/** Special cases (9 digits starting with 6): the digits between the first and the last. */
const specialCheck = (middle: string): string => {
  const check = weighted(middle, [8, 7, 6, 5, 4, 3, 2]) % 11;
  return String(mod(8 - ((10 - check) % 11), 10));
};

export const czDic: Override = {
  follows: 'cz/dic',
  replaces: 'cz/dic',
  differs: '9-digit special numbers (first digit 6): check digit computed without the 6',
  validator: defineValidator({
    name: 'Czech VAT Number',
    localName: 'Daňové identifikační číslo',
    abbreviation: 'DIČ',
    holder: 'either',
    compact: (input) => clean(input, ' /').replace(/^CZ/, ''),
    check(n) {
      if (!isDigits(n)) return 'format';
      if (n.length === 8) {
        if (n.startsWith('9')) return 'component';
        return legalCheck(n.slice(0, 7)) === n[7] ? undefined : 'checksum';
      }
      if (n.length === 9 && n.startsWith('6')) return specialCheck(n.slice(1, 8)) === n[8] ? undefined : 'checksum';
      if (n.length === 9 || n.length === 10) {
        const rc = czRc.validator.validate(n);
        return rc.isValid ? undefined : failureOf(rc.error);
      }
      return 'length';
    },
  }),
};
