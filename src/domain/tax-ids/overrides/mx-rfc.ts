/**
 * Domain (pure): Mexican RFC (Registro Federal de Contribuyentes), after python-stdnum
 * `stdnum/mx/rfc.py`. Differs from stdnum-js `mx/rfc`: the check digit is not verified by default
 * (python-stdnum: about 1.5 % of the RFCs in use carry a wrong one, so it is opt-in there), the
 * embedded date is any calendar date read as 20YY (not only a past one), and a malformed number is
 * a format error rather than a component error.
 */
import { clean, defineValidator, isDate, type Override } from './support';

/** Name prefixes SAT never issues (they spell offensive words). */
const BLOCKED = new Set(
  'BUEI BUEY CACA CACO CAGA CAGO CAKA CAKO COGE COJA COJE COJI COJO CULO FETO GUEY JOTO KACA KACO KAGA KAGO KAKA KOGE KOJO KULO MAME MAMO MEAR MEAS MEON MION MOCO MULA PEDA PEDO PENE PUTA PUTO QULO RATA RUIN'.split(
    ' ',
  ),
);

const dateOk = (yymmdd: string): boolean => isDate(2000 + Number(yymmdd.slice(0, 2)), Number(yymmdd.slice(2, 4)), Number(yymmdd.slice(4, 6)));

export const mxRfc: Override = {
  follows: 'mx/rfc',
  replaces: 'mx/rfc',
  differs: 'check digit not verified (optional in python-stdnum), any calendar date, format errors as such',
  validator: defineValidator({
    name: 'Mexican Tax Number',
    localName: 'Registro Federal de Contribuyentes',
    abbreviation: 'RFC',
    holder: 'either',
    compact: (input) => clean(input, '-_ '),
    check(n) {
      if (n.length === 10 || n.length === 13) {
        // A person: four letters of the name, the birth date, an optional homoclave.
        if (!/^[A-Z&Ñ]{4}[0-9]{6}[0-9A-Z]{0,3}$/.test(n)) return 'format';
        if (BLOCKED.has(n.slice(0, 4))) return 'component';
        if (!dateOk(n.slice(4, 10))) return 'component';
      } else if (n.length === 12) {
        // A company: three letters of the name, the date of incorporation, the homoclave.
        if (!/^[A-Z&Ñ]{3}[0-9]{6}[0-9A-Z]{3}$/.test(n)) return 'format';
        if (!dateOk(n.slice(3, 9))) return 'component';
      } else return 'length';
      return undefined;
    },
    format: (n) => (n.length === 12 ? [n.slice(0, 3), n.slice(3, 9), n.slice(9)] : [n.slice(0, 4), n.slice(4, 10), n.slice(10)]).filter(Boolean).join(' '),
  }),
};
