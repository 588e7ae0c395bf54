/**
 * Domain (pure): French n° d'accise, the excise number of an operator, after python-stdnum
 * `stdnum/fr/accise.py`; stdnum-js has no such module. `FR0` + the year (2 digits) + the customs
 * office (3 digits) + the operator type (E, N, C or B) + a serial whose first three characters are
 * digits.
 */
import { clean, defineValidator, isDigits, type Override } from './support';

export const frAccise: Override = {
  follows: 'fr/accise',
  replaces: null,
  differs: 'not in stdnum-js',
  validator: defineValidator({
    name: 'French Excise Number',
    localName: "Numéro d'accise",
    abbreviation: 'accise',
    holder: 'company',
    compact: (input) => clean(input, ' '),
    check(n) {
      if (n.slice(0, 3) !== 'FR0') return 'format';
      if (n.length !== 13) return 'length';
      if (!isDigits(n.slice(3, 8))) return 'format';
      if (!'ENCB'.includes(n[8]!)) return 'component';
      return isDigits(n.slice(9, 12)) ? undefined : 'format';
    },
  }),
};
