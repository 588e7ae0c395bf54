/**
 * Domain (pure): Costa Rican cédula de residencia (DIMEX), after python-stdnum `stdnum/cr/cr.py`.
 * Differs from stdnum-js `cr/cr`: 11-digit numbers are accepted besides 12-digit ones.
 */
import { clean, defineValidator, isDigits, type Override } from './support';

export const crCr: Override = {
  follows: 'cr/cr',
  replaces: 'cr/cr',
  differs: '11-digit numbers accepted',
  validator: defineValidator({
    name: 'Costa Rica Foreigners Identification Number',
    localName: 'Cédula de Residencia',
    abbreviation: 'CR',
    holder: 'individual',
    compact: (input) => clean(input, ' -'),
    check(n) {
      if (n.length !== 11 && n.length !== 12) return 'length';
      if (!isDigits(n)) return 'format';
      return n[0] === '1' ? undefined : 'component';
    },
  }),
};
