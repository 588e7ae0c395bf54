/**
 * Domain (pure): French RCS number (Registre du commerce et des sociétés), after python-stdnum
 * `stdnum/fr/rcs.py`; stdnum-js has no such module. `RCS`, the city of the registry, `A`
 * (trader) or `B` (company), then the SIREN, whose Luhn check must hold.
 */
import { clean, defineValidator, luhnValid, type Override } from './support';

/** `RCS <city> <A|B> <SIREN>`, the SIREN spaced or not. */
const RCS = /^ *(?:RCS|rcs) +(.*?) +([AB]) *((?:\d *){9})(?![0-9A-Za-z_]) *$/;

function compact(input: string): string {
  const parts = clean(input, '', false).split(/\s+/).filter(Boolean);
  const rest = parts.slice(2).join('');
  return [...parts.slice(0, 2), rest.slice(0, 1), rest.slice(1).replace(/[ .]/g, '')].join(' ');
}

export const frRcs: Override = {
  follows: 'fr/rcs',
  replaces: null,
  differs: 'not in stdnum-js',
  validator: defineValidator({
    name: 'French Trade and Companies Register Number',
    localName: 'Registre du commerce et des sociétés',
    abbreviation: 'RCS',
    holder: 'company',
    compact,
    check(n) {
      const m = RCS.exec(n);
      if (!m) return 'format';
      return luhnValid(m[3]!.replace(/ /g, '')) ? undefined : 'checksum';
    },
    format(n) {
      const m = RCS.exec(n);
      if (!m) return n;
      const siren = m[3]!.replace(/ /g, '');
      return `RCS ${m[1]} ${m[2]} ${siren.slice(0, 3)} ${siren.slice(3, 6)} ${siren.slice(6)}`;
    },
  }),
};
