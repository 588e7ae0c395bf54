/**
 * Domain (pure): Ecuadorian RUC, after python-stdnum `stdnum/ec/ruc.py` (and `stdnum/ec/ci.py`).
 * Differs from stdnum-js `ec/ruc`: a RUC whose third digit is 9 is first tried as a public RUC
 * (nine-digit check) and only then as a juridical one (ten-digit check); stdnum-js tries only the
 * juridical check and rejects public entities numbered that way (`1793221293001`).
 */
import { clean, defineValidator, isDigits, weighted, type Failure, type Override } from './support';

const provinceOk = (n: string): boolean => (n.slice(0, 2) >= '01' && n.slice(0, 2) <= '24') || ['30', '50'].includes(n.slice(0, 2));

/** The cédula (CI) inside a natural RUC: province, third digit below 6, Luhn-like check. */
function ci(n: string): Failure | undefined {
  if (!provinceOk(n)) return 'component';
  if (n[2]! > '6') return 'component';
  const sum = [...n].reduce((s, d, i) => {
    const x = (i % 2 === 0 ? 2 : 1) * Number(d);
    return s + (x > 9 ? x - 9 : x);
  }, 0);
  return sum % 10 === 0 ? undefined : 'checksum';
}

function natural(n: string): Failure | undefined {
  return n.slice(-3) === '000' ? 'component' : ci(n.slice(0, 10));
}
function publicRuc(n: string): Failure | undefined {
  if (n.slice(-4) === '0000') return 'component';
  return weighted(n, [3, 2, 7, 6, 5, 4, 3, 2, 1]) % 11 === 0 ? undefined : 'checksum';
}
function juridical(n: string): Failure | undefined {
  if (n.slice(-3) === '000') return 'component';
  return weighted(n, [4, 3, 2, 7, 6, 5, 4, 3, 2, 1]) % 11 === 0 ? undefined : 'checksum';
}

export const ecRuc: Override = {
  follows: 'ec/ruc',
  replaces: 'ec/ruc',
  differs: 'third digit 9: public RUC check tried before the juridical one',
  validator: defineValidator({
    name: 'Ecuadorian Tax Identification',
    localName: 'Registro Único de Contribuyentes',
    abbreviation: 'RUC',
    holder: 'either',
    compact: (input) => clean(input, ' -'),
    check(n) {
      if (n.length !== 13) return 'length';
      if (!isDigits(n)) return 'format';
      if (!provinceOk(n)) return 'component';
      const third = n[2]!;
      if (third < '6') return natural(n);
      if (third === '6') return publicRuc(n) === undefined ? undefined : natural(n);
      if (third === '9') return publicRuc(n) === undefined ? undefined : juridical(n);
      return 'component';
    },
  }),
};
