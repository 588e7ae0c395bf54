/**
 * Domain (pure): German VAT number (USt-IdNr.), after python-stdnum `stdnum/de/vat.py` (2.2). Differs from stdnum-js
 * `de/vat`: a number starting with 0 is refused (InvalidFormat), as python-stdnum and jsvat do (`DE000000020` passes
 * the ISO 7064 Mod 11, 10 check but no USt-IdNr. starts with 0).
 */
import { clean, defineValidator, isDigits, mod11_10Valid, type Override } from './support';

export const deVat: Override = {
  follows: 'de/vat',
  replaces: 'de/vat',
  differs: 'a number starting with 0 is refused',
  validator: defineValidator({
    name: 'German VAT Number',
    localName: 'Umsatzsteur Identifikationnummer',
    abbreviation: 'USt-IdNr.',
    holder: 'company',
    compact: (input) => clean(input, ' -./,').replace(/^DE/, ''),
    check(n) {
      if (!isDigits(n) || n.startsWith('0')) return 'format';
      if (n.length !== 9) return 'length';
      return mod11_10Valid(n) ? undefined : 'checksum';
    },
  }),
};
