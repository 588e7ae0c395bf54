/**
 * Domain (pure): Japanese Individual Number (個人番号, "My Number"), after python-stdnum
 * `stdnum/jp/in_.py`; stdnum-js has no such module. Twelve digits, the last a weighted mod-11
 * check digit.
 */
import { clean, defineValidator, isDigits, mod, weighted, type Override } from './support';

export const jpIn: Override = {
  follows: 'jp/in_',
  replaces: null,
  differs: 'not in stdnum-js',
  validator: defineValidator({
    name: 'Japanese Individual Number',
    localName: '個人番号',
    abbreviation: 'IN',
    holder: 'individual',
    compact: (input) => clean(input, '- '),
    check(n) {
      if (n.length !== 12) return 'length';
      if (!isDigits(n)) return 'format';
      return n[11] === String(mod(-weighted(n, [6, 5, 4, 3, 2, 7, 6, 5, 4, 3, 2]), 11) % 10) ? undefined : 'checksum';
    },
    format: (n) => `${n.slice(0, 4)} ${n.slice(4, 8)} ${n.slice(8)}`,
  }),
};
