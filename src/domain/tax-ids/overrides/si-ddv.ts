/**
 * Domain (pure): Slovenian VAT number (ID za DDV), after python-stdnum `stdnum/si/ddv.py` (2.2). Differs from
 * stdnum-js `si/ddv`: a number starting with 0 is refused (InvalidFormat), as python-stdnum and jsvat do (`SI05936241`).
 */
import { clean, defineValidator, isDigits, weighted, type Override } from './support';

/** 11 minus the weighted sum (weights 8..2) mod 11; a result of 10 gives 0, and 11 (remainder 0) never matches a digit. */
const checkDigit = (body: string): string => {
  const check = 11 - (weighted(body, [8, 7, 6, 5, 4, 3, 2]) % 11);
  return check === 10 ? '0' : String(check);
};

export const siDdv: Override = {
  follows: 'si/ddv',
  replaces: 'si/ddv',
  differs: 'a number starting with 0 is refused',
  validator: defineValidator({
    name: 'Slovenian VAT Number',
    localName: 'Identifikacijska številka za DDV',
    abbreviation: 'ID za DDV',
    holder: 'either',
    compact: (input) => clean(input, ' -').replace(/^SI/, ''),
    check(n) {
      if (!isDigits(n) || n.startsWith('0')) return 'format';
      if (n.length !== 8) return 'length';
      return checkDigit(n.slice(0, 7)) === n[7] ? undefined : 'checksum';
    },
  }),
};
