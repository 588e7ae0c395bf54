/**
 * Domain (pure): Slovak VAT number (IČ DPH), after python-stdnum `stdnum/sk/dph.py` (2.2). Differs from stdnum-js
 * `sk/dph`: a valid birth number (rodné číslo) is accepted, and otherwise the restricted digit is the third (2, 3, 4,
 * 7, 8 or 9) with the first not 0, where stdnum-js restricts the first, refusing `SK1025529197` (python-stdnum and
 * jsvat accept it).
 */
import { czRc } from './cz-rc';
import { clean, defineValidator, isDigits, type Override } from './support';

export const skDph: Override = {
  follows: 'sk/dph',
  replaces: 'sk/dph',
  differs: 'birth numbers accepted; the third digit (not the first) restricted to 2, 3, 4, 7, 8, 9',
  validator: defineValidator({
    name: 'Slovak VAT Number',
    localName: 'Identifikačné číslo pre daň z pridanej hodnoty',
    abbreviation: 'IČ DPH',
    holder: 'either',
    compact: (input) => clean(input, ' -').replace(/^SK/, ''),
    check(n) {
      if (!isDigits(n)) return 'format';
      if (n.length !== 10) return 'length';
      // python-stdnum: "it is unclear whether the RČ can be used as a valid VAT number"; it accepts one.
      if (czRc.validator.validate(n).isValid) return undefined;
      if (n.startsWith('0') || !'234789'.includes(n[2]!)) return 'format';
      return Number(n) % 11 === 0 ? undefined : 'checksum';
    },
  }),
};
