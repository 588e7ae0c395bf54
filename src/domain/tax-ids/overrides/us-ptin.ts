/**
 * Domain (pure): US PTIN (Preparer Tax Identification Number), after python-stdnum
 * `stdnum/us/ptin.py`; stdnum-js has no such module. `P` followed by eight digits.
 */
import { clean, defineValidator, type Override } from './support';

export const usPtin: Override = {
  follows: 'us/ptin',
  replaces: null,
  differs: 'not in stdnum-js',
  validator: defineValidator({
    name: 'U.S. Preparer Tax Identification Number',
    localName: 'Preparer Tax Identification Number',
    abbreviation: 'PTIN',
    holder: 'individual',
    compact: (input) => clean(input, '-'),
    check: (n) => (/^P[0-9]{8}$/.test(n) ? undefined : 'format'),
  }),
};
