/**
 * Domain (pure): Uruguayan RUT, after python-stdnum `stdnum/uy/rut.py`. Differs from stdnum-js
 * `uy/rut`: the two-digit registration office goes up to 22 (stdnum-js stops at 21).
 */
import { clean, defineValidator, isDigits, mod, weighted, type Override } from './support';

export const uyRut: Override = {
  follows: 'uy/rut',
  replaces: 'uy/rut',
  differs: 'office 22 accepted',
  validator: defineValidator({
    name: 'Uruguay Tax Number',
    localName: 'Registro Único Tributario',
    abbreviation: 'RUT',
    holder: 'company',
    compact: (input) => clean(input, ' -').replace(/^UY/, ''),
    check(n) {
      if (n.length !== 12) return 'length';
      if (!isDigits(n)) return 'format';
      if (n.slice(0, 2) < '01' || n.slice(0, 2) > '22') return 'component';
      if (n.slice(2, 8) === '000000' || n.slice(8, 11) !== '001') return 'component';
      return n[11] === String(mod(-weighted(n, [4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]), 11)) ? undefined : 'checksum';
    },
  }),
};
