/**
 * Domain (pure): Czech and Slovak rodné číslo (birth number), after python-stdnum
 * `stdnum/cz/rc.py` (`stdnum/sk/rc.py` is the same module). Differs from stdnum-js `cz/rc` and
 * `sk/rc`: the check digit is the remainder mod 11 taken mod 10 for every year (stdnum-js rejects
 * remainder 10 from 1985 on, though such numbers exist with check digit 0), and a birth date in
 * the future is not rejected.
 */
import { clean, defineValidator, isDate, isDigits, type Override } from './support';

export const czRc: Override = {
  follows: 'cz/rc',
  replaces: 'cz/rc',
  differs: 'check digit 0 for remainder 10 in every year; future birth dates not rejected',
  validator: defineValidator({
    name: 'Czech Birth Number',
    localName: 'Rodné číslo',
    abbreviation: 'RČ',
    holder: 'individual',
    compact: (input) => clean(input, ' /'),
    check(n) {
      if (!isDigits(n)) return 'format';
      if (n.length !== 9 && n.length !== 10) return 'length';
      let year = 1900 + Number(n.slice(0, 2));
      // Women have 50 added to the month, and 20 is added when the serials of a day run out (2004 on).
      const month = (Number(n.slice(2, 4)) % 50) % 20;
      if (n.length === 9) {
        // Nine-digit numbers were issued until 1953.
        if (year >= 1980) year -= 100;
        if (year > 1953) return 'length';
      } else if (year < 1954) year += 100;
      if (!isDate(year, month, Number(n.slice(4, 6)))) return 'component';
      if (n.length === 10 && n[9] !== String((Number(n.slice(0, 9)) % 11) % 10)) return 'checksum';
      return undefined;
    },
    format: (n) => `${n.slice(0, 6)}/${n.slice(6)}`,
  }),
};
