/**
 * Domain (pure): Estonian isikukood, after python-stdnum `stdnum/ee/ik.py`. Differs from stdnum-js
 * `ee/ik`: the first digit (sex and century, 1-8) and the embedded birth date are checked.
 */
import { clean, defineValidator, isDate, isDigits, type Override } from './support';

function checkDigit(n: string): string {
  let check = [...n.slice(0, 10)].reduce((s, d, i) => s + ((i % 9) + 1) * Number(d), 0) % 11;
  if (check === 10) check = [...n.slice(0, 10)].reduce((s, d, i) => s + (((i + 2) % 9) + 1) * Number(d), 0) % 11;
  return String(check % 10);
}

export const eeIk: Override = {
  follows: 'ee/ik',
  replaces: 'ee/ik',
  differs: 'century digit and birth date checked',
  validator: defineValidator({
    name: 'Estonian Personal ID number',
    localName: 'Isikukood',
    abbreviation: 'IK',
    holder: 'individual',
    compact: (input) => clean(input, ' '),
    check(n) {
      if (!isDigits(n)) return 'format';
      if (n.length !== 11) return 'length';
      // 1-2: 1800s, 3-4: 1900s, 5-6: 2000s, 7-8: 2100s (odd: men, even: women).
      const first = Number(n[0]);
      if (first < 1 || first > 8) return 'component';
      const year = 1800 + 100 * Math.floor((first - 1) / 2) + Number(n.slice(1, 3));
      if (!isDate(year, Number(n.slice(3, 5)), Number(n.slice(5, 7)))) return 'component';
      return n[10] === checkDigit(n) ? undefined : 'checksum';
    },
  }),
};
