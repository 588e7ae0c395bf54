/**
 * Domain (pure): German Steuer-IdNr., after python-stdnum `stdnum/de/idnr.py`. Differs from
 * stdnum-js `de/idnr`: the rule "in the first ten digits exactly one digit appears two or three
 * times, every other digit at most once" is enforced (stdnum-js's test of it is inverted and lets
 * every number through), and a leading 0 is a format error.
 */
import { clean, defineValidator, isDigits, mod11_10Valid, type Override } from './support';

export const deIdnr: Override = {
  follows: 'de/idnr',
  replaces: 'de/idnr',
  differs: 'the repeated-digit rule of the first ten digits enforced',
  validator: defineValidator({
    name: 'German Personal Tax Number',
    localName: 'Steuerliche Identifikationsnummer',
    abbreviation: 'IdNr',
    holder: 'individual',
    compact: (input) => clean(input, ' -./,'),
    check(n) {
      if (n.length !== 11) return 'length';
      if (!isDigits(n) || n.startsWith('0')) return 'format';
      const counts = new Map<string, number>();
      for (const c of n.slice(0, 10)) counts.set(c, (counts.get(c) ?? 0) + 1);
      const repeated = [...counts.values()].filter((c) => c > 1);
      if (repeated.length !== 1 || !(repeated[0] === 2 || repeated[0] === 3)) return 'format';
      return mod11_10Valid(n) ? undefined : 'checksum';
    },
    format: (n) => `${n.slice(0, 2)} ${n.slice(2, 5)} ${n.slice(5, 8)} ${n.slice(8)}`,
  }),
};
