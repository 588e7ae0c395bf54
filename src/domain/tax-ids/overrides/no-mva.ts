/**
 * Domain (pure): Norwegian VAT number (MVA), after python-stdnum `stdnum/no/mva.py` (2.2): the organisation number
 * (orgnr) followed by `MVA`. Differs from stdnum-js `no/mva` in what a number without the suffix answers: like
 * python-stdnum, InvalidFormat (stdnum-js: InvalidLength), and when its nine digits are a valid orgnr the answer says
 * that the `MVA` suffix is missing (`NO864234232`, which jsvat lists as a valid VAT number).
 */
import { clean, defineValidator, isDigits, weighted, type CheckResult, type Override } from './support';

/** python-stdnum `stdnum/no/orgnr.py`: nine digits, weights 3, 2, 7, 6, 5, 4, 3, 2, 1, sum divisible by 11. */
function orgnrCheck(n: string): CheckResult {
  if (!isDigits(n)) return 'format';
  if (n.length !== 9) return 'length';
  return weighted(n, [3, 2, 7, 6, 5, 4, 3, 2, 1]) % 11 === 0 ? undefined : 'checksum';
}

export const noMva: Override = {
  follows: 'no/mva',
  replaces: 'no/mva',
  differs: 'a number without the MVA suffix is a format error, named as such when its digits are a valid orgnr',
  validator: defineValidator({
    name: 'Norwegian VAT Number',
    localName: 'Merverdiavgift',
    abbreviation: 'MVA',
    holder: 'company',
    compact: (input) => clean(input, ' ').replace(/^NO/, ''),
    check(n) {
      if (!n.endsWith('MVA')) {
        if (orgnrCheck(n) !== undefined) return 'format';
        return {
          failure: 'format',
          hint: `A Norwegian VAT number is the organisation number followed by MVA: ${n} is a valid organisation number (no_orgnr); as a VAT number write NO${n}MVA.`,
        };
      }
      return orgnrCheck(n.slice(0, -3));
    },
    format: (n) => `NO ${n.slice(0, 3)} ${n.slice(3, 6)} ${n.slice(6, 9)} ${n.slice(9)}`,
  }),
};
