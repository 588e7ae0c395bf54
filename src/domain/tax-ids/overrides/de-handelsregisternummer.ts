/**
 * Domain (pure): German Handelsregisternummer (commercial, partnership, cooperative or
 * association register number), after python-stdnum `stdnum/de/handelsregisternummer.py`;
 * stdnum-js has no such module. The register court, the register (HRA, HRB, PR, GnR, VR), a
 * number of 1-6 digits not starting with 0 and an optional suffix of up to three letters, court
 * first or last (`Aachen HRB 11214`, `HRB 11214, Aachen`).
 *
 * Unlike python-stdnum, Levy does not carry the list of the ~150 register courts: the court must
 * look like a place name (letters, spaces, dots, hyphens, slashes, parentheses), but an unknown
 * one is not rejected (python-stdnum rejects `KXln HRB 49263`, Levy does not). UTF-8 read as
 * Latin-1 (`KÃ¶ln`) is repaired first, as python-stdnum does.
 */
import { clean, defineValidator, type Override } from './support';

const REGISTRY = '(HRA|HRB|PR|GnR|VR)';
const NUMBER = '([1-9][0-9]{0,5})(?:\\s*([A-ZÖ]{1,3}))?';
const FORMATS = [new RegExp(`^${REGISTRY}\\s+${NUMBER},?\\s+(.*)$`, 'iu'), new RegExp(`^(.*),?\\s+${REGISTRY}\\s+${NUMBER}$`, 'iu')];
/** A plausible court: a place name, optionally with a second one in parentheses (`Berlin (Charlottenburg)`). */
const COURT = /^\p{L}[\p{L}.' /-]*(?:\s*\([\p{L}.' /-]+\))?$/u;

/** UTF-8 bytes that were read as Latin-1 (`KÃ¶ln` -> `Köln`); the text as it is otherwise. */
function repairMojibake(text: string): string {
  if (![...text].some((c) => c.charCodeAt(0) >= 0x80) || [...text].some((c) => c.charCodeAt(0) > 0xff)) return text;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from([...text].map((c) => c.charCodeAt(0))));
  } catch {
    return text;
  }
}

/** [court, registry, number, suffix] of a number in either order; undefined if it is neither. */
function split(text: string): [string, string, string, string | undefined] | undefined {
  const a = FORMATS[0]!.exec(text);
  if (a) return [a[4]!.trim(), a[1]!, a[2]!, a[3]];
  const b = FORMATS[1]!.exec(text);
  if (b) return [b[1]!.trim().replace(/,$/, ''), b[2]!, b[3]!, b[4]];
  return undefined;
}

const canonicalRegistry = (r: string): string => ['HRA', 'HRB', 'PR', 'GnR', 'VR'].find((x) => x.toUpperCase() === r.toUpperCase())!;

export const deHandelsregisternummer: Override = {
  follows: 'de/handelsregisternummer',
  replaces: null,
  differs: 'not in stdnum-js',
  validator: defineValidator({
    name: 'German Company Registry Number',
    localName: 'Handelsregisternummer',
    abbreviation: 'HRB',
    holder: 'company',
    compact(input) {
      const parts = split(clean(input, '', false));
      return parts ? parts.filter(Boolean).join(' ') : clean(input, '', false);
    },
    check(n) {
      const parts = split(repairMojibake(clean(n, '', false)));
      if (!parts) return 'format';
      const [court, registry, number, suffix] = parts;
      if (!COURT.test(court)) return 'component';
      return { compact: [court, canonicalRegistry(registry), number, suffix?.toUpperCase()].filter(Boolean).join(' ') };
    },
  }),
};
