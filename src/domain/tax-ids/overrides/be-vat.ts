/**
 * Domain (pure): Belgian enterprise / VAT number, after python-stdnum `stdnum/be/vat.py`. Differs
 * from stdnum-js `be/vat`: the first of the ten digits must be 0 or 1 (enterprise numbers start
 * with 0 or 1; stdnum-js accepts any digit), and the all-zero number is rejected.
 */
import { clean, defineValidator, isDigits, type Override } from './support';

function compact(input: string): string {
  let n = clean(input, ' -./').replace(/^BE/, '');
  if (n.startsWith('(0)')) n = `0${n.slice(3)}`;
  return n.length === 9 ? `0${n}` : n; // the old format had 9 digits
}

export const beVat: Override = {
  follows: 'be/vat',
  replaces: 'be/vat',
  differs: 'first digit 0 or 1',
  validator: defineValidator({
    name: 'Belgian VAT Number',
    localName: 'BTW-identificatienummer / Numéro de TVA',
    abbreviation: 'BTW',
    holder: 'company',
    compact,
    check(n) {
      if (!isDigits(n) || Number(n) <= 0) return 'format';
      if (n.length !== 10) return 'length';
      if (!'01'.includes(n[0]!)) return 'component';
      return (Number(n.slice(0, -2)) + Number(n.slice(-2))) % 97 === 0 ? undefined : 'checksum';
    },
    format: (n) => `${n.slice(0, 4)}.${n.slice(4, 7)}.${n.slice(7)}`,
  }),
};
