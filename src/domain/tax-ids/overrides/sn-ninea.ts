/**
 * Domain (pure): Senegalese NINEA (Numéro d'Identification Nationale des Entreprises et
 * Associations), after python-stdnum `stdnum/sn/ninea.py`; stdnum-js has no such module. Seven
 * (or nine) digits whose alternating 1-2 weighted digit sum ends in 0, optionally followed by the
 * three-character COFI: the tax regime (0-2), the tax centre (a letter) and the legal form (a digit).
 */
import { clean, defineValidator, isDigits, type Override } from './support';

export const snNinea: Override = {
  follows: 'sn/ninea',
  replaces: null,
  differs: 'not in stdnum-js',
  validator: defineValidator({
    name: 'Senegal Tax Number',
    localName: "Numéro d'Identification Nationale des Entreprises et Associations",
    abbreviation: 'NINEA',
    holder: 'either',
    compact: (input) => clean(input, ' -/,'),
    check(input) {
      const cofi = input.length > 9 ? input.slice(-3) : '';
      const n = cofi ? input.slice(0, -3) : input;
      if (n.length !== 7 && n.length !== 9) return 'length';
      if (!isDigits(n)) return 'format';
      if (cofi && (!'012'.includes(cofi[0]!) || !'ABCDEFGHJKLMNPQRSTUVWZ'.includes(cofi[1]!) || !isDigits(cofi[2]!))) {
        return 'component';
      }
      const padded = n.padStart(9, '0');
      const sum = [...padded].reduce((s, d, i) => s + Number(d) * (i % 2 === 0 ? 1 : 2), 0);
      return sum % 10 === 0 ? undefined : 'checksum';
    },
    format: (n) => (n.length > 9 ? `${n.slice(0, -3)} ${n.slice(-3)}` : n),
  }),
};
