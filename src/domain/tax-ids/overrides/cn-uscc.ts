/**
 * Domain (pure): Chinese USCC (unified social credit code), after python-stdnum
 * `stdnum/cn/uscc.py`. Differs from stdnum-js `cn/uscc`: when the weighted sum is a multiple of
 * 31 the check character is `0` (stdnum-js looks up position 31 of a 31-character alphabet and
 * rejects every such code).
 */
import { clean, defineValidator, isDigits, mod, weighted, type Override } from './support';

const ALPHABET = '0123456789ABCDEFGHJKLMNPQRTUWXY';
const WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];

export const cnUscc: Override = {
  follows: 'cn/uscc',
  replaces: 'cn/uscc',
  differs: "check character '0' when the weighted sum is a multiple of 31",
  validator: defineValidator({
    name: 'Chinese Unified Social Credit Code',
    localName: '统一社会信用代码',
    abbreviation: 'USCC',
    holder: 'company',
    compact: (input) => clean(input, ' -'),
    check(n) {
      if (n.length !== 18) return 'length';
      if (!isDigits(n.slice(0, 8)) || [...n.slice(8)].some((c) => !ALPHABET.includes(c))) return 'format';
      const total = weighted(n, WEIGHTS, (c) => ALPHABET.indexOf(c));
      return n[17] === ALPHABET[mod(31 - total, 31)] ? undefined : 'checksum';
    },
  }),
};
