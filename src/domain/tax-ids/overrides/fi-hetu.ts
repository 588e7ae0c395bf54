/**
 * Domain (pure): Finnish HETU (henkilötunnus), after python-stdnum `stdnum/fi/hetu.py`. Differs
 * from stdnum-js `fi/hetu`: the century signs introduced in 2023 (`B`-`F` for the 2000s, `Y`, `X`,
 * `W`, `V`, `U` for the 1900s) are accepted, and the temporary identifiers 900-999 are not.
 */
import { clean, defineValidator, isDate, type Override } from './support';

const CENTURY: Readonly<Record<string, number>> = {
  '+': 1800,
  ...Object.fromEntries([...'-YXWVU'].map((c) => [c, 1900])),
  ...Object.fromEntries([...'ABCDEF'].map((c) => [c, 2000])),
};
const CHECK = '0123456789ABCDEFHJKLMNPRSTUVWXY';

export const fiHetu: Override = {
  follows: 'fi/hetu',
  replaces: 'fi/hetu',
  differs: 'century signs B-F and U-Y of 2023 accepted; temporary numbers 900-999 rejected',
  validator: defineValidator({
    name: 'Finnish Personal Identity Code',
    localName: 'Henkilötunnus',
    abbreviation: 'HETU',
    holder: 'individual',
    compact: (input) => clean(input, ''),
    check(n) {
      const m = /^([0-3][0-9])([01][0-9])([0-9]{2})([-+ABCDEFYXWVU])([0-9]{3})([0-9ABCDEFHJKLMNPRSTUVWXY])$/.exec(n);
      if (!m) return 'format';
      const [, dd, mm, yy, century, individual, control] = m as unknown as string[];
      if (!isDate(CENTURY[century!]! + Number(yy), Number(mm), Number(dd))) return 'component';
      // Individual numbers start at 002; 900-999 are temporary identifiers.
      if (Number(individual) < 2 || Number(individual) >= 900) return 'component';
      return control === CHECK[Number(`${dd}${mm}${yy}${individual}`) % 31] ? undefined : 'checksum';
    },
  }),
};
