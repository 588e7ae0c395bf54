/**
 * Domain (pure): United Kingdom VAT number, after python-stdnum `stdnum/gb/vat.py`. Differs from
 * stdnum-js `gb/vat`: a 5-character number must be a government department (`GD` + 0-499) or a
 * health authority (`HA` + 500-999); stdnum-js accepts any two letters (`ZZ100`).
 */
import { clean, defineValidator, isDigits, weighted, type Override } from './support';

/** GD below 500 or HA from 500 on. */
const authorityOk = (prefix: string, n: number): boolean => (prefix === 'GD' && n < 500) || (prefix === 'HA' && n >= 500);

export const gbVat: Override = {
  follows: 'gb/vat',
  replaces: 'gb/vat',
  differs: '5-character numbers only with GD (government) or HA (health authority)',
  validator: defineValidator({
    name: 'United Kingdom (and Isle of Man) VAT registration number',
    localName: 'Value added tax registration number',
    abbreviation: 'VAT',
    holder: 'company',
    compact: (input) => clean(input, ' -.').replace(/^GB/, ''),
    check(n) {
      if (n.length === 5) {
        if (!isDigits(n.slice(2))) return 'format';
        return authorityOk(n.slice(0, 2), Number(n.slice(2))) ? undefined : 'component';
      }
      if (n.length === 11 && (n.startsWith('GD8888') || n.startsWith('HA8888'))) {
        if (!isDigits(n.slice(6))) return 'format';
        if (!authorityOk(n.slice(0, 2), Number(n.slice(6, 9)))) return 'component';
        return Number(n.slice(6, 9)) % 97 === Number(n.slice(9, 11)) ? undefined : 'checksum';
      }
      if (n.length === 9 || n.length === 12) {
        if (!isDigits(n)) return 'format';
        // Standard (nnn nnnn nn), branch trader (+ 3 digits), and the 2010 restart (mod 97 55).
        const sum = weighted(n, [8, 7, 6, 5, 4, 3, 2, 10, 1]) % 97;
        return (Number(n.slice(0, 3)) >= 100 ? [0, 42, 55].includes(sum) : sum === 0) ? undefined : 'checksum';
      }
      return 'length';
    },
  }),
};
