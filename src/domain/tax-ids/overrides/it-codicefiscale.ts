/**
 * Domain (pure): Italian codice fiscale, after python-stdnum `stdnum/it/codicefiscale.py`. Differs
 * from stdnum-js `it/codicefiscale`: the embedded birth date is checked (day 1-31, or 41-71 for
 * women, in a month that has it; `CNTCHR83T32D969H` is rejected), and an 11-digit codice fiscale
 * (that of a company, its partita IVA) is accepted.
 */
import { clean, defineValidator, isDate, isDigits, luhnValid, type Override } from './support';

const CODE = /^[A-Z]{6}[0-9LMNPQRSTUV]{2}[ABCDEHLMPRST][0-9LMNPQRSTUV]{2}[A-Z][0-9LMNPQRSTUV]{3}[A-Z]$/;
const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
/** Values of the characters in odd positions (1st, 3rd, ...): digits as the letter of the same rank. */
const ODD = [1, 0, 5, 7, 9, 13, 15, 17, 19, 21, 2, 4, 18, 20, 11, 3, 6, 8, 12, 14, 16, 10, 22, 25, 24, 23];
const rank = (c: string): number => (isDigits(c) ? Number(c) : LETTERS.indexOf(c));
/** Digits of the date parts, and the letters that stand for them when a code is taken twice (omocodia). */
const dateDigit = (c: string): number => (isDigits(c) ? Number(c) : 'LMNPQRSTUV'.indexOf(c));

function checkLetter(body: string): string {
  const sum = [...body].reduce((s, c, i) => s + (i % 2 === 0 ? ODD[rank(c)]! : rank(c)), 0);
  return LETTERS[sum % 26]!;
}

function birthDateOk(n: string): boolean {
  const day = (dateDigit(n[9]!) * 10 + dateDigit(n[10]!)) % 40;
  const month = 'ABCDEHLMPRST'.indexOf(n[8]!) + 1;
  let year = dateDigit(n[6]!) * 10 + dateDigit(n[7]!) + 1900;
  if (year < 1920) year += 100;
  return isDate(year, month, day);
}

/** The partita IVA: 11 digits, a province office, Luhn. */
function ivaFailure(n: string) {
  if (!isDigits(n) || Number(n.slice(0, 7)) === 0) return 'format' as const;
  const office = n.slice(7, 10);
  if (!((office >= '001' && office <= '100') || ['120', '121', '888', '999'].includes(office))) return 'component' as const;
  return luhnValid(n) ? undefined : ('checksum' as const);
}

export const itCodicefiscale: Override = {
  follows: 'it/codicefiscale',
  replaces: 'it/codicefiscale',
  differs: 'birth date checked; 11-digit (company) codes accepted',
  validator: defineValidator({
    name: 'Italian Fiscal Code',
    localName: 'Codice Fiscale',
    abbreviation: 'CF',
    holder: 'either',
    compact: (input) => clean(input, ' -:'),
    check(n) {
      if (n.length === 11) return ivaFailure(n);
      if (n.length !== 16) return 'length';
      if (!CODE.test(n)) return 'format';
      if (checkLetter(n.slice(0, 15)) !== n[15]) return 'checksum';
      return birthDateOk(n) ? undefined : 'component';
    },
  }),
};
