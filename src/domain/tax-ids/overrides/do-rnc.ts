/**
 * Domain (pure): Dominican Republic RNC (Registro Nacional del Contribuyente), after python-stdnum
 * `stdnum/do/rnc.py`. Differs from stdnum-js `do/rnc`: RNCs the DGII issued with a check digit
 * that fails (or of another length) are still valid (python-stdnum keeps the list, `whitelist`).
 */
import { clean, defineValidator, isDigits, mod, weighted, type Override } from './support';

/** Issued RNCs whose check digit does not verify (python-stdnum `stdnum/do/rnc.py`, `whitelist`). */
const ISSUED_DESPITE_CHECK_DIGIT = new Set(
  `
  101581601 101582245 101595422 101595785 10233317 131188691 401007374 501341601 501378067 501620371
  501651319 501651823 501651845 501651926 501656006 501658167 501670785 501676936 501680158 504654542
  504680029 504681442 505038691
`
    .split(/\s+/)
    .filter(Boolean),
);

export const doRnc: Override = {
  follows: 'do/rnc',
  replaces: 'do/rnc',
  differs: 'issued RNCs with a failing check digit accepted (python-stdnum whitelist)',
  validator: defineValidator({
    name: 'Dominican Republic Tax Registration Number',
    localName: 'Registro Nacional del Contribuyente',
    abbreviation: 'RNC',
    holder: 'company',
    compact: (input) => clean(input, ' -'),
    check(n) {
      if (!isDigits(n)) return 'format';
      if (ISSUED_DESPITE_CHECK_DIGIT.has(n)) return undefined;
      if (n.length !== 9) return 'length';
      return n[8] === String(mod(10 - (weighted(n, [7, 9, 8, 6, 5, 4, 3, 2]) % 11), 9) + 1) ? undefined : 'checksum';
    },
    format: (n) => [n.slice(0, 1), n.slice(1, 3), n.slice(3, -1), n.slice(-1)].join('-'),
  }),
};
