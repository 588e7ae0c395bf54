/**
 * Domain (pure): German Steuernummer, after python-stdnum `stdnum/de/stnr.py`. Differs from
 * stdnum-js `de/stnr`: only the length and the regional layouts are checked (stdnum-js also
 * applies the IdNr's repeated-digit rule, which a Steuernummer does not follow, and rejects
 * numbers such as 1234567890).
 */
import { clean, defineValidator, isDigits, type Override } from './support';

/**
 * The layouts of each Land, regional (10-11 digits) and nationwide (13 digits) as the ELSTER
 * documentation gives them: F Finanzamt, B district, U serial, P check (not verifiable), digits fixed.
 */
const LAYOUTS = [
  ['FFBBBUUUUP', '28FF0BBBUUUUP'], // Baden-Württemberg
  ['FFFBBBUUUUP', '9FFF0BBBUUUUP'], // Bayern
  ['FFBBBUUUUP', '11FF0BBBUUUUP'], // Berlin
  ['0FFBBBUUUUP', '30FF0BBBUUUUP'], // Brandenburg
  ['FFBBBUUUUP', '24FF0BBBUUUUP'], // Bremen
  ['FFBBBUUUUP', '22FF0BBBUUUUP'], // Hamburg
  ['0FFBBBUUUUP', '26FF0BBBUUUUP'], // Hessen
  ['0FFBBBUUUUP', '40FF0BBBUUUUP'], // Mecklenburg-Vorpommern
  ['FFBBBUUUUP', '23FF0BBBUUUUP'], // Niedersachsen
  ['FFFBBBBUUUP', '5FFF0BBBBUUUP'], // Nordrhein-Westfalen
  ['FFBBBUUUUP', '27FF0BBBUUUUP'], // Rheinland-Pfalz
  ['0FFBBBUUUUP', '10FF0BBBUUUUP'], // Saarland
  ['2FFBBBUUUUP', '32FF0BBBUUUUP'], // Sachsen
  ['1FFBBBUUUUP', '31FF0BBBUUUUP'], // Sachsen-Anhalt
  ['FFBBBUUUUP', '21FF0BBBUUUUP'], // Schleswig-Holstein
  ['1FFBBBUUUUP', '41FF0BBBUUUUP'], // Thüringen
].flat();
const PATTERNS = LAYOUTS.map((layout) => new RegExp(`^${layout.replace(/[FBUP]/g, '[0-9]')}$`));

export const deStnr: Override = {
  follows: 'de/stnr',
  replaces: 'de/stnr',
  differs: "the IdNr's repeated-digit rule no longer applied to the Steuernummer",
  validator: defineValidator({
    name: 'German Tax Number',
    localName: 'Steuernummer',
    abbreviation: 'St.-Nr.',
    holder: 'either',
    compact: (input) => clean(input, ' -./,'),
    check(n) {
      if (!isDigits(n)) return 'format';
      if (![10, 11, 13].includes(n.length)) return 'length';
      return PATTERNS.some((p) => p.test(n)) ? undefined : 'format';
    },
  }),
};
