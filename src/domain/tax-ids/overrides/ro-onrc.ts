/**
 * Domain (pure): Romanian ONRC trade-register number, after python-stdnum `stdnum/ro/onrc.py`.
 * Differs from stdnum-js `ro/onrc`: the 14-digit format in use since 2024 (`J2016012984401`:
 * type, year, serial, county, check digit) is accepted; in the old `J22/1515/2007` format the
 * county is 1-40, 51 or 52, the year 1990-2024, a slash after the letter, a full date instead of
 * the year and spaces around slashes are tolerated.
 */
import { clean, defineValidator, isDigits, today, type Override } from './support';

const COUNTIES = new Set([...Array.from({ length: 40 }, (_, i) => i + 1), 51, 52]);

function compact(input: string): string {
  let n = clean(input, '').replace(/[ /\\-]+/g, '/');
  if (n.slice(1, 2) === '/') n = n.slice(0, 1) + n.slice(2); // J/22/... -> J22/...
  if (n.slice(2, 3) === '/') n = `${n.slice(0, 1)}0${n.slice(1)}`; // J5/... -> J05/...
  const full = /^([A-Z][0-9]+\/[0-9]+\/)\d{2}[.]\d{2}[.](\d{4})$/.exec(n);
  return full ? full[1]! + full[2]! : n; // a full registration date -> its year
}

function checkOld(n: string) {
  if (!/^[A-Z][0-9]+\/[0-9]+\/[0-9]+$/.test(n)) return 'format' as const;
  const [county, serial, year] = n.slice(1).split('/') as [string, string, string];
  if (serial.length > 5) return 'length' as const;
  if (county.length > 2 || !COUNTIES.has(Number(county))) return 'component' as const;
  if (year.length !== 4) return 'length' as const;
  if (Number(year) < 1990 || Number(year) > 2024) return 'component' as const; // no old numbers after 2024
  return undefined;
}

function checkNew(n: string) {
  if (!isDigits(n.slice(1))) return 'format' as const;
  if (n.length !== 14) return 'length' as const;
  const year = Number(n.slice(1, 5));
  if (year < 1990 || year > today()[0]) return 'component' as const;
  // Since 2024-07-26 the county is 00.
  const county = Number(n.slice(11, 13));
  if (year < 2024 ? !COUNTIES.has(county) : year === 2024 ? !(county === 0 || COUNTIES.has(county)) : county !== 0) {
    return 'component' as const;
  }
  const digits = String(n.charCodeAt(0) % 10) + n.slice(1, 13);
  const check = [...digits].reduce((s, d) => s + Number(d), 0) % 10;
  return n[13] === String(check) ? undefined : ('checksum' as const);
}

export const roOnrc: Override = {
  follows: 'ro/onrc',
  replaces: 'ro/onrc',
  differs: 'the 14-digit format of 2024 accepted; old format counties, years and separators checked as python-stdnum does',
  validator: defineValidator({
    name: 'Romanian Trade Register Identifier',
    localName: 'Număr de ordine în Registrul Comerţului',
    abbreviation: 'ONRC',
    holder: 'company',
    compact,
    check(n) {
      // J: companies, F: sole traders and family businesses, C: cooperatives.
      if (n.length === 0 || !'JFC'.includes(n[0]!)) return 'component';
      return n.includes('/') ? checkOld(n) : checkNew(n);
    },
  }),
};
