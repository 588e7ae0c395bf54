/**
 * Domain (pure): South Korean BRN (business registration number), after python-stdnum
 * `stdnum/kr/brn.py`. Differs from stdnum-js `kr/brn`: the last digit is not verified as a check
 * digit (python-stdnum lists numbers in use that fail it), only the office, type and serial parts.
 */
import { clean, defineValidator, isDigits, type Override } from './support';

export const krBrn: Override = {
  follows: 'kr/brn',
  replaces: 'kr/brn',
  differs: 'check digit not verified',
  validator: defineValidator({
    name: 'South Korean Business Registration Number',
    localName: '사업자 등록 번호',
    abbreviation: 'BRN',
    holder: 'company',
    compact: (input) => clean(input, ' -'),
    check(n) {
      if (n.length !== 10) return 'length';
      if (!isDigits(n)) return 'format';
      if (n.slice(0, 3) < '101' || n.slice(3, 5) === '00' || n.slice(5, 9) === '0000') return 'component';
      return undefined;
    },
    format: (n) => `${n.slice(0, 3)}-${n.slice(3, 5)}-${n.slice(5)}`,
  }),
};
