/**
 * Domain (pure): Bulgarian VAT number (ИН по ДДС), after python-stdnum `stdnum/bg/vat.py`.
 * Differs from stdnum-js `bg/vat`: the first digit is not restricted (stdnum-js accepts only 0, 1,
 * 2, 3 and 9, rejecting BULSTAT numbers such as 831919536 and EGN/PNF-based numbers of people
 * born in the 1870s or after 2000). A 10-digit number is valid when it is a valid EGN, a valid PNF
 * (foreigner's number) or passes the check digit for other persons.
 */
import { clean, defineValidator, isDate, isDigits, mod, weighted, type Override } from './support';

/** EGN: birth date (month + 20 for the 1800s, + 40 for the 2000s) and check digit. */
function egnValid(n: string): boolean {
  let year = Number(n.slice(0, 2)) + 1900;
  let month = Number(n.slice(2, 4));
  if (month > 40) [year, month] = [year + 100, month - 40];
  else if (month > 20) [year, month] = [year - 100, month - 20];
  if (!isDate(year, month, Number(n.slice(4, 6)))) return false;
  return n[9] === String((weighted(n, [2, 4, 8, 5, 10, 9, 7, 3, 6]) % 11) % 10);
}

/** PNF (ЛНЧ, personal number of a foreigner): weighted check digit. */
const pnfValid = (n: string): boolean => n[9] === String(weighted(n, [21, 19, 17, 13, 11, 9, 7, 3, 1]) % 10);

/** Other 10-digit numbers. */
const otherValid = (n: string): boolean => n[9] === String(mod(11 - weighted(n, [4, 3, 2, 7, 6, 5, 4, 3, 2]), 11));

function legalValid(n: string): boolean {
  const body = n.slice(0, 8);
  let check = [...body].reduce((s, d, i) => s + (i + 1) * Number(d), 0) % 11;
  if (check === 10) check = [...body].reduce((s, d, i) => s + (i + 3) * Number(d), 0) % 11;
  return n[8] === String(check % 10);
}

export const bgVat: Override = {
  follows: 'bg/vat',
  replaces: 'bg/vat',
  differs: 'first digit not restricted to 0, 1, 2, 3, 9',
  validator: defineValidator({
    name: 'Bulgarian VAT Number',
    localName: 'Идентификационен номер по ДДС',
    abbreviation: 'ДДС номер',
    holder: 'either',
    compact: (input) => clean(input, ' -.').replace(/^BG/, ''),
    check(n) {
      if (!isDigits(n)) return 'format';
      if (n.length === 9) return legalValid(n) ? undefined : 'checksum';
      if (n.length === 10) return egnValid(n) || pnfValid(n) || otherValid(n) ? undefined : 'checksum';
      return 'length';
    },
  }),
};
