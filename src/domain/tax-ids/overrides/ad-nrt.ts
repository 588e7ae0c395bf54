/**
 * Domain (pure): Andorra NRT (Número de Registre Tributari), after python-stdnum
 * `stdnum/ad/nrt.py`. Differs from stdnum-js `ad/nrt`: dots and dashes are separators
 * (`A-700555-R`), and the serials of the letters A and L must lie strictly between 699999 and
 * 800000 (stdnum-js checks that range for no letter).
 */
import { clean, defineValidator, isDigits, type Override } from './support';

export const adNrt: Override = {
  follows: 'ad/nrt',
  replaces: 'ad/nrt',
  differs: "'-' and '.' accepted as separators; A/L serials limited to 700000-799999",
  validator: defineValidator({
    name: 'Andorra Tax Number',
    localName: 'Número de Registre Tributari',
    abbreviation: 'NRT',
    holder: 'either',
    compact: (input) => clean(input, ' -.'),
    check(n) {
      if (n.length !== 8) return 'length';
      if (!/^[A-Z]$/.test(n[0]!) || !/^[A-Z]$/.test(n[7]!) || !isDigits(n.slice(1, 7))) return 'format';
      const serial = n.slice(1, 7);
      if (!'ACDEFGLOPU'.includes(n[0]!)) return 'component';
      if (n[0] === 'F' && serial > '699999') return 'component';
      if ('AL'.includes(n[0]!) && !(serial > '699999' && serial < '800000')) return 'component';
      return undefined;
    },
    format: (n) => [n[0], n.slice(1, -1), n.slice(-1)].join('-'),
  }),
};
