/**
 * Domain (pure): Faroese V-tal, after python-stdnum `stdnum/fo/vn.py`. Differs from stdnum-js
 * `fo/vn`: a leading `FO` country code is stripped (`FO384941`).
 */
import { clean, defineValidator, isDigits, type Override } from './support';

export const foVn: Override = {
  follows: 'fo/vn',
  replaces: 'fo/vn',
  differs: "the 'FO' prefix accepted",
  validator: defineValidator({
    name: 'Faroe Islands Tax Number',
    localName: 'Vinnutal',
    abbreviation: 'V-tal',
    holder: 'either',
    compact: (input) => clean(input, ' -.').replace(/^FO/, ''),
    check(n) {
      if (n.length !== 6) return 'length';
      return isDigits(n) ? undefined : 'format';
    },
  }),
};
