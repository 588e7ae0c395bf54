/**
 * Domain (pure): El Salvador NIT, after python-stdnum `stdnum/sv/nit.py`. Differs from stdnum-js
 * `sv/nit`: the old check-digit rule applies whenever the three serial digits before the check
 * digit are at most `100` (stdnum-js applies it only when they are exactly `100`).
 */
import { clean, defineValidator, isDigits, mod, weighted, type Override } from './support';

export const svNit: Override = {
  follows: 'sv/nit',
  replaces: 'sv/nit',
  differs: 'old (pre-2010) check-digit rule for serials up to 100, not only 100',
  validator: defineValidator({
    name: 'El Salvador Tax Number',
    localName: 'Número de Identificación Tributaria',
    abbreviation: 'NIT',
    holder: 'either',
    compact: (input) => clean(input, ' -').replace(/^SV/, ''),
    check(n) {
      if (n.length !== 14) return 'length';
      if (!isDigits(n)) return 'format';
      if (!'019'.includes(n[0]!)) return 'component';
      const old = n.slice(10, 13) <= '100';
      const check = old
        ? mod(weighted(n, [14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2]), 11) % 10
        : mod(-weighted(n, [2, 7, 6, 5, 4, 3, 2, 7, 6, 5, 4, 3, 2]), 11) % 10;
      return n[13] === String(check) ? undefined : 'checksum';
    },
    format: (n) => [n.slice(0, 4), n.slice(4, -4), n.slice(-4, -1), n.slice(-1)].join('-'),
  }),
};
