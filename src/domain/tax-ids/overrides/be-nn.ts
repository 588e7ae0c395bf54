/**
 * Domain (pure): Belgian national register number (NN), after python-stdnum `stdnum/be/nn.py`.
 * Differs from stdnum-js `be/nn`: the month field is 0-12, so a BIS number (month + 20 or + 40,
 * such as the fictitious date 004001 of `00400100184`) is not an NN; a birth date in the future
 * is not rejected.
 */
import { clean, defineValidator, isDigits, today, type Override } from './support';

/** The century the check digits fit (1900, or 2000 with a 2 in front), undefined if neither. */
function century(n: string): number | undefined {
  const candidates: [number, string][] = [[1900, n]];
  if (Number(n.slice(0, 2)) + 2000 <= today()[0]) candidates.push([2000, `2${n}`]);
  for (const [c, digits] of candidates) {
    const body = BigInt(digits.slice(0, -2));
    if (97n - (body % 97n) === BigInt(Number(n.slice(-2)))) return c;
  }
  return undefined;
}

export const beNn: Override = {
  follows: 'be/nn',
  replaces: 'be/nn',
  differs: 'month 0-12 only (BIS numbers rejected); future birth dates not rejected',
  validator: defineValidator({
    name: 'Belgian National Number',
    localName: 'Rijksregisternummer / Numéro de registre national',
    abbreviation: 'NN',
    holder: 'individual',
    compact: (input) => clean(input, ' -.'),
    check(n) {
      if (!isDigits(n) || Number(n) <= 0) return 'format';
      if (n.length !== 11) return 'length';
      const c = century(n);
      if (c === undefined) return 'checksum';
      // 000001, 002001 and 004001 stand for an unknown birth date; month 00 for an unknown month.
      if (!['000001', '002001', '004001'].includes(n.slice(0, 6))) {
        // An impossible day only means the day was unknown; it is not an error.
        if (Number(n.slice(2, 4)) % 20 > 12) return 'component';
      }
      return Number(n.slice(2, 4)) <= 12 ? undefined : 'component';
    },
    format: (n) => `${n.slice(0, 2)}.${n.slice(2, 4)}.${n.slice(4, 6)}-${n.slice(6, 9)}.${n.slice(9)}`,
  }),
};
