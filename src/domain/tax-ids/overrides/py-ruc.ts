/**
 * Domain (pure): Paraguay RUC, after python-stdnum `stdnum/py/ruc.py`. Differs from stdnum-js
 * `py/ruc`: when the weighted sum is a multiple of 11 the check digit is 0 (stdnum-js computes 1),
 * and numbers shorter than 5 digits are not rejected for their length.
 */
import { clean, defineValidator, isDigits, mod, type Override } from './support';

export const pyRuc: Override = {
  follows: 'py/ruc',
  replaces: 'py/ruc',
  differs: 'check digit 0 (not 1) when the weighted sum is a multiple of 11',
  validator: defineValidator({
    name: 'Paraguay Tax Number',
    localName: 'Registro Único de Contribuyentes',
    abbreviation: 'RUC',
    holder: 'either',
    compact: (input) => clean(input, ' -'),
    check(n) {
      if (n.length > 9) return 'length';
      if (!isDigits(n)) return 'format';
      const body = n.slice(0, -1);
      let sum = 0;
      for (let i = 0; i < body.length; i++) sum += (i + 2) * Number(body[body.length - 1 - i]);
      return n.at(-1) === String(mod(-sum, 11) % 10) ? undefined : 'checksum';
    },
    format: (n) => `${n.slice(0, -1)}-${n.slice(-1)}`,
  }),
};
