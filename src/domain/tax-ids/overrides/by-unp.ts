/**
 * Domain (pure): Belarusian UNP, after python-stdnum `stdnum/by/unp.py`. Differs from stdnum-js
 * `by/unp`: Cyrillic letters that look like Latin ones are read as those (`МА1953684`), a `УНП` /
 * `UNP` prefix is stripped, the first character must be a known region (1-7, A B C E H K M), and a
 * weighted sum of 10 is an invalid number rather than a check digit.
 */
import { clean, defineValidator, isDigits, weighted, type Override } from './support';

const CYRILLIC: Readonly<Record<string, string>> = { А: 'A', В: 'B', Е: 'E', К: 'K', М: 'M', Н: 'H', О: 'O', Р: 'P', С: 'C', Т: 'T' };
const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const LETTERS = 'ABCEHKMOPT';

function compact(input: string): string {
  let n = clean(input, ' ');
  for (const prefix of ['УНП', 'UNP']) if (n.startsWith(prefix)) n = n.slice(prefix.length);
  return [...n].map((c) => CYRILLIC[c] ?? c).join('');
}

export const byUnp: Override = {
  follows: 'by/unp',
  replaces: 'by/unp',
  differs: 'Cyrillic look-alike letters and the УНП prefix accepted; region letter checked',
  validator: defineValidator({
    name: 'Belarusian Payer Number',
    localName: 'Учетный номер плательщика',
    abbreviation: 'UNP',
    holder: 'either',
    compact,
    check(n) {
      if (n.length !== 9) return 'length';
      if (!isDigits(n.slice(2))) return 'format';
      if (!isDigits(n.slice(0, 2)) && ![...n.slice(0, 2)].every((c) => LETTERS.includes(c))) return 'format';
      if (!'1234567ABCEHKM'.includes(n[0]!)) return 'component';
      const digits = isDigits(n) ? n : n[0]! + String(LETTERS.indexOf(n[1]!)) + n.slice(2);
      const c = weighted(digits, [29, 23, 19, 17, 13, 7, 5, 3], (x) => ALPHABET.indexOf(x)) % 11;
      return c <= 9 && n[8] === String(c) ? undefined : 'checksum';
    },
  }),
};
