/**
 * Domain (pure): Taiwanese UBN (unified business number, 統一編號), after python-stdnum
 * `stdnum/tw/ubn.py`. Differs from stdnum-js `tw/ubn`: since 2023-04-01 the digit sum of the
 * weighted digits need only be divisible by 5, not 10 (`10000004` is valid); with a 7 in the
 * seventh place a sum one short of that still passes.
 */
import { clean, defineValidator, isDigits, type Override } from './support';

/** The digits of the products digit × weight, summed, mod 5. */
function checksum(n: string): number {
  const products = [1, 2, 1, 2, 1, 2, 4, 1].map((w, i) => String(w * Number(n[i]))).join('');
  return [...products].reduce((s, d) => s + Number(d), 0) % 5;
}

export const twUbn: Override = {
  follows: 'tw/ubn',
  replaces: 'tw/ubn',
  differs: 'weighted digit sum divisible by 5 (the 2023 rule), not 10',
  validator: defineValidator({
    name: 'Taiwanese Unified Business Number',
    localName: '統一編號',
    abbreviation: 'UBN',
    holder: 'company',
    compact: (input) => clean(input, ' -'),
    check(n) {
      if (n.length !== 8) return 'length';
      if (!isDigits(n)) return 'format';
      const sum = checksum(n);
      return sum === 0 || (sum === 4 && n[6] === '7') ? undefined : 'checksum';
    },
  }),
};
