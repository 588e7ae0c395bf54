/**
 * Test helper: reads jsvat's test vectors (https://github.com/se-panfilov/jsvat, `test/countries_vat_lists/*.vat.js`) at run
 * time from outside the project, either as the lists themselves (a folder of `*.vat.js`, exported by
 * `npm run vectors:jsvat`) or as ../shared/data/tax-id-vectors/jsvat_vectors.json (the same lists as one JSON file).
 * Each list file exports `name`, `codes` (alpha-2, alpha-3, numeric), `valid` (jsvat answers valid), `validOnlyByFormat`
 * and `invalid` (jsvat answers invalid: a good format with a wrong check digit, or a bad format).
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';

export interface JsvatCountry {
  /** The list file, e.g. `test/countries_vat_lists/germany.vat.js`. */
  file: string;
  name: string;
  codes: string[];
  valid: string[];
  validOnlyByFormat: string[];
  invalid: string[];
}

export interface JsvatVector {
  file: string;
  /** jsvat's country code (alpha-2; `EU` for its non-Union OSS numbers), the request's `country`. */
  country: string;
  number: string;
  expectedValid: boolean;
}

export interface JsvatVectors {
  /** The jsvat commit the lists came from (`unknown` when not recorded). */
  commit: string;
  countries: JsvatCountry[];
  /** One per country and number (a number a list repeats counts once). */
  vectors: JsvatVector[];
}

/** `['a', 'b']` (single-quoted JS strings, no escapes in jsvat's lists) -> its strings. */
const stringArray = (text: string): string[] => [...text.matchAll(/'([^'\\]*)'/g)].map((m) => m[1]!);

/** One `*.vat.js` list: its `export const x = ...;` statements. */
export function parseVatList(file: string, text: string): JsvatCountry {
  const exported = new Map<string, string>();
  for (const m of text.replace(/^\s*\/\/.*$/gm, '').matchAll(/export const (\w+) = ([\s\S]*?);/g)) exported.set(m[1]!, m[2]!);
  const list = (key: string): string[] => {
    const v = exported.get(key);
    if (v === undefined) throw new Error(`${file} exports no ${key}`);
    return stringArray(v);
  };
  const name = stringArray(exported.get('name') ?? '')[0];
  if (name === undefined) throw new Error(`${file} exports no name`);
  return { file, name, codes: list('codes'), valid: list('valid'), validOnlyByFormat: list('validOnlyByFormat'), invalid: list('invalid') };
}

function vectorsOf(countries: JsvatCountry[]): JsvatVector[] {
  const seen = new Set<string>();
  const out: JsvatVector[] = [];
  for (const c of countries) {
    const country = c.codes[0]!;
    const lists: [string[], boolean][] = [
      [c.valid, true],
      [c.validOnlyByFormat, false],
      [c.invalid, false],
    ];
    for (const [numbers, expectedValid] of lists) {
      for (const number of numbers) {
        if (seen.has(`${country} ${number}`)) continue;
        seen.add(`${country} ${number}`);
        out.push({ file: c.file, country, number, expectedValid });
      }
    }
  }
  return out;
}

/** The vectors at `source`: a folder of `*.vat.js` (with `../COMMIT` when exported) or a `jsvat_vectors.json`. */
export function readJsvatVectors(source: string): JsvatVectors {
  if (statSync(source).isDirectory()) {
    const countries = readdirSync(source)
      .filter((f) => f.endsWith('.vat.js'))
      .sort()
      .map((f) => parseVatList(`test/countries_vat_lists/${f}`, readFileSync(join(source, f), 'utf8')));
    const commitFile = join(dirname(source), 'COMMIT');
    const commit = existsSync(commitFile) ? readFileSync(commitFile, 'utf8').trim() : 'unknown';
    return { commit, countries, vectors: vectorsOf(countries) };
  }
  const json = JSON.parse(readFileSync(source, 'utf8')) as { source: { commit?: string }; countries: JsvatCountry[] };
  return { commit: json.source.commit ?? 'unknown', countries: json.countries, vectors: vectorsOf(json.countries) };
}

/** The first source that holds lists, or undefined. */
export function findJsvatSource(sources: string[]): string | undefined {
  return sources.find((s) => existsSync(s) && (!statSync(s).isDirectory() || readdirSync(s).some((f) => f.endsWith('.vat.js'))));
}
