/**
 * Domain (pure): South Korean RRN (resident registration number), after python-stdnum
 * `stdnum/kr/rrn.py`. Differs from stdnum-js `kr/rrn`: a birth date in the future is not rejected
 * (python-stdnum's default), and the century digits 0 and 9 (1800s) are understood.
 */
import { clean, defineValidator, isDate, isDigits, type Override } from './support';

export const krRrn: Override = {
  follows: 'kr/rrn',
  replaces: 'kr/rrn',
  differs: 'birth dates in the future not rejected',
  validator: defineValidator({
    name: 'South Korean Resident Registration Number',
    localName: '주민등록번호',
    abbreviation: 'RRN',
    holder: 'individual',
    compact: (input) => clean(input, '-'),
    check(n) {
      if (!isDigits(n)) return 'format';
      if (n.length !== 13) return 'length';
      const c = n[6]!;
      const century = '1256'.includes(c) ? 1900 : '3478'.includes(c) ? 2000 : 1800;
      if (!isDate(century + Number(n.slice(0, 2)), Number(n.slice(2, 4)), Number(n.slice(4, 6)))) return 'component';
      if (Number(n.slice(7, 9)) > 96) return 'component'; // place of birth
      const sum = [2, 3, 4, 5, 6, 7, 8, 9, 2, 3, 4, 5].reduce((s, w, i) => s + w * Number(n[i]), 0);
      return n[12] === String((11 - (sum % 11)) % 10) ? undefined : 'checksum';
    },
    format: (n) => `${n.slice(0, 6)}-${n.slice(6)}`,
  }),
};
