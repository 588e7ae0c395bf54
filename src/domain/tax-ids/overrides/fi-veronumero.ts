/**
 * Domain (pure): Finnish veronumero (individual tax number of construction workers), after
 * python-stdnum `stdnum/fi/veronumero.py`; stdnum-js has no such module. Twelve digits, no check
 * digit and no embedded data.
 */
import { clean, defineValidator, isDigits, type Override } from './support';

export const fiVeronumero: Override = {
  follows: 'fi/veronumero',
  replaces: null,
  differs: 'not in stdnum-js',
  validator: defineValidator({
    name: 'Finnish Individual Tax Number',
    localName: 'Veronumero',
    abbreviation: 'Veronumero',
    holder: 'individual',
    compact: (input) => clean(input, ' '),
    check(n) {
      if (!isDigits(n)) return 'format';
      return n.length === 12 ? undefined : 'length';
    },
  }),
};
