/**
 * Domain (pure): Cypriot VAT number, after python-stdnum `stdnum/cy/vat.py` (2.2). Differs from stdnum-js `cy/vat`:
 * a number starting with 12 is refused (InvalidComponent), as python-stdnum and jsvat do (`CY12000139V`).
 */
import { clean, defineValidator, isDigits, type Override } from './support';

/** The value of each digit at an even (0-based) position; odd positions count their own value. */
const EVEN_POSITION = [1, 0, 5, 7, 9, 13, 15, 17, 19, 21];

const checkLetter = (body: string): string => {
  const sum = [...body].reduce((s, d, i) => s + (i % 2 === 0 ? EVEN_POSITION[Number(d)]! : Number(d)), 0);
  return 'ABCDEFGHIJKLMNOPQRSTUVWXYZ'[sum % 26]!;
};

export const cyVat: Override = {
  follows: 'cy/vat',
  replaces: 'cy/vat',
  differs: 'a number starting with 12 is refused',
  validator: defineValidator({
    name: 'Cypriot VAT Number',
    localName: 'Αριθμός Εγγραφής Φ.Π.Α.',
    abbreviation: 'ΦΠΑ',
    holder: 'either',
    compact: (input) => clean(input, ' -').replace(/^CY/, ''),
    check(n) {
      if (!isDigits(n.slice(0, -1))) return 'format';
      if (n.length !== 9) return 'length';
      if (n.startsWith('12')) return 'component';
      return checkLetter(n.slice(0, 8)) === n[8] ? undefined : 'checksum';
    },
  }),
};
