/**
 * Domain (pure): Russian OGRN / OGRNIP (primary state registration number of a legal entity or a
 * sole proprietor), after python-stdnum `stdnum/ru/ogrn.py`; stdnum-js has no such module.
 * 13 digits (OGRN, not starting with 0) or 15 (OGRNIP, starting with 3 or 4); the last digit is
 * the rest of the leading digits mod 11 (13 digits, taken mod 10) or mod 13 (15 digits).
 */
import { clean, defineValidator, isDigits, type Override } from './support';

/** The remainder of a long decimal string (beyond 2^53) divided by `m`. */
const remainder = (digits: string, m: number): number => [...digits].reduce((r, d) => (r * 10 + Number(d)) % m, 0);

export const ruOgrn: Override = {
  follows: 'ru/ogrn',
  replaces: null,
  differs: 'not in stdnum-js',
  validator: defineValidator({
    name: 'Russian Primary State Registration Number',
    localName: 'Основной государственный регистрационный номер',
    abbreviation: 'ОГРН',
    holder: 'either',
    compact: (input) => clean(input, ' '),
    check(n) {
      if (!isDigits(n)) return 'format';
      if (n.length === 13) {
        if (n[0] === '0') return 'component';
      } else if (n.length === 15) {
        if (!'34'.includes(n[0]!)) return 'component';
      } else return 'length';
      const body = n.slice(0, -1);
      const check = n.length === 13 ? remainder(body, 11) % 10 : remainder(body, 13);
      return n.at(-1) === String(check) ? undefined : 'checksum';
    },
  }),
};
