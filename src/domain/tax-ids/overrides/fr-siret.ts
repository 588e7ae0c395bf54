/**
 * Domain (pure): French SIRET, after python-stdnum `stdnum/fr/siret.py`. Differs from stdnum-js
 * `fr/siret`: dots are separators (`329.338.88300153`), and the SIREN inside (the first 9 digits)
 * must pass its own Luhn check too.
 */
import { clean, defineValidator, isDigits, luhnValid, type Override } from './support';

export const frSiret: Override = {
  follows: 'fr/siret',
  replaces: 'fr/siret',
  differs: "'.' accepted as a separator (besides '-', '/' and spaces); the embedded SIREN checked",
  validator: defineValidator({
    name: 'French Company Establishment Identification Number',
    localName: "Système d'Identification du Répertoire des Établissements",
    abbreviation: 'SIRET',
    holder: 'company',
    compact: (input) => clean(input, ' -./'),
    check(n) {
      if (!isDigits(n)) return 'format';
      if (n.length !== 14) return 'length';
      // La Poste's establishments (but its head office) use a digit sum divisible by 5.
      if (n.startsWith('356000000') && n !== '35600000000048') {
        if ([...n].reduce((s, d) => s + Number(d), 0) % 5 !== 0) return 'checksum';
      } else if (!luhnValid(n)) return 'checksum';
      return luhnValid(n.slice(0, 9)) ? undefined : 'checksum';
    },
    format: (n) => `${n.slice(0, 3)} ${n.slice(3, 6)} ${n.slice(6, 9)} ${n.slice(9)}`,
  }),
};
