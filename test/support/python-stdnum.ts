/**
 * Test helper: reads the test vectors of python-stdnum (https://github.com/arthurdejong/python-stdnum)
 * out of its `tests/*.doctest` files, at run time, from a folder outside the project (nothing of
 * python-stdnum is copied into Levy). Only modules of one country (`stdnum.<cc>.<name>`) give
 * vectors; `stdnum.eu.*` and the country-independent modules (`stdnum.iban`, `stdnum.isbn`, ...)
 * are skipped.
 *
 * The doctest forms read, each with exactly one string-literal argument:
 *
 * - `>>> m.validate('…')` followed by an output line: valid; followed by `Traceback …`: invalid.
 * - `>>> m.is_valid('…')` followed by `True` / `False`.
 * - `>>> numbers = '''…'''` (any variable name, `'''` or `"""`), then
 *   `>>> [x for x in numbers.splitlines() if x and not m.is_valid(x)]` (or `not m.validate(x)`):
 *   every non-empty line is valid except those the expected list names, which are invalid; and
 *   `[x for x in numbers.splitlines() if x and m.is_valid(x)]`: the lines listed are valid, all
 *   others invalid.
 *
 * Calls with more arguments (`validate(n, 'Berlin')`, `is_valid(x, validate_check_digits=True)`,
 * `allow_future=False`...) change what is checked and are skipped, as is every other statement;
 * `skipped` lists those that mention `validate`/`is_valid` so a reader can see nothing was lost.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface PythonStdnumVector {
  /** The doctest file, e.g. `test_mx_rfc.doctest`. */
  file: string;
  /** 1-based line of the number (its `>>>` line, or its line in a bulk list). */
  line: number;
  /** python-stdnum module as `cc.name`, e.g. `mx.rfc` (`in_`/`is_` lose their underscore). */
  module: string;
  /** ISO 3166-1 alpha-2 country of the module, e.g. `MX`. */
  country: string;
  number: string;
  expectedValid: boolean;
}

export interface SkippedExample {
  file: string;
  line: number;
  source: string;
}

export interface ParsedDoctests {
  vectors: PythonStdnumVector[];
  skipped: SkippedExample[];
  /** Vectors per file, files without any left out. */
  perFile: Map<string, number>;
}

/** Modules under `stdnum.<xx>` that are not one country. */
const NOT_COUNTRIES = new Set(['eu']);

interface Example {
  line: number;
  source: string;
  want: string;
}

/** Splits a doctest text into its examples: `>>> ` + `... ` source lines, then the expected output up to a blank line. */
export function doctestExamples(text: string): Example[] {
  const lines = text.split(/\r?\n/);
  const out: Example[] = [];
  for (let i = 0; i < lines.length; i++) {
    if (!lines[i]!.startsWith('>>>')) continue;
    const line = i + 1;
    const source = [lines[i]!.slice(4)];
    while (i + 1 < lines.length && /^\.\.\.( |$)/.test(lines[i + 1]!)) source.push(lines[++i]!.slice(4));
    const want: string[] = [];
    while (i + 1 < lines.length && lines[i + 1]!.trim() !== '' && !lines[i + 1]!.startsWith('>>>')) want.push(lines[++i]!);
    out.push({ line, source: source.join('\n'), want: want.join('\n') });
  }
  return out;
}

const ESCAPES: Record<string, string> = { n: '\n', t: '\t', r: '\r', '\\': '\\', "'": "'", '"': '"', '0': '\0' };

/** The value of a Python string literal body (no `r`/`b` prefix): `\xNN`, `\uNNNN`, `\n`, `\\`, quotes. */
export function pythonUnescape(body: string): string {
  return body.replace(/\\(x[0-9a-fA-F]{2}|u[0-9a-fA-F]{4}|U[0-9a-fA-F]{8}|\n|.)/g, (m, e: string) => {
    if (/^[xuU]/.test(e) && e.length > 1) return String.fromCodePoint(parseInt(e.slice(1), 16));
    if (e === '\n') return '';
    return ESCAPES[e] ?? m;
  });
}

/** One Python string literal that is the whole text, e.g. `'AB 12'`, `u"x"`; undefined otherwise. */
function stringLiteral(text: string): string | undefined {
  const m = /^u?('''|"""|'|")([\s\S]*)\1$/.exec(text.trim());
  if (!m) return undefined;
  const [, quote, body] = m as unknown as [string, string, string];
  if (quote.length === 1 && (body.includes('\n') || new RegExp(`(^|[^\\\\])(\\\\\\\\)*${quote}`).test(body))) return undefined;
  return pythonUnescape(body);
}

/** A Python list of string literals (`[]`, `['a', 'b']`, spread over lines); undefined if it is anything else. */
function stringList(text: string): string[] | undefined {
  const t = text.trim();
  if (!t.startsWith('[') || !t.endsWith(']')) return undefined;
  const items: string[] = [];
  const re = /\s*('(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*")\s*(,|$)/y;
  const inner = t.slice(1, -1);
  re.lastIndex = 0;
  while (re.lastIndex < inner.length) {
    if (/^\s*$/.test(inner.slice(re.lastIndex))) break;
    const m = re.exec(inner);
    if (!m) return undefined;
    items.push(pythonUnescape(m[1]!.slice(1, -1)));
  }
  return items;
}

/** `stdnum.mx` + `rfc` -> `mx.rfc` and `MX`; undefined for modules of no single country. */
function countryModule(pkg: string, name: string): { module: string; country: string } | undefined {
  const m = /^stdnum\.([a-z]{2})_?$/.exec(pkg);
  if (!m || NOT_COUNTRIES.has(m[1]!)) return undefined;
  return { module: `${m[1]}.${name}`, country: m[1]!.toUpperCase() };
}

/** The vectors of one doctest file (named `file`, for the vectors' provenance). */
export function parseDoctest(file: string, text: string): { vectors: PythonStdnumVector[]; skipped: SkippedExample[] } {
  const vectors: PythonStdnumVector[] = [];
  const skipped: SkippedExample[] = [];
  /** local name -> module of one country; null for an imported module of none. */
  const modules = new Map<string, { module: string; country: string } | null>();
  /** variable -> its string value and the line of its first source line. */
  const strings = new Map<string, { value: string; line: number }>();
  const push = (line: number, local: string, number: string, expectedValid: boolean): void => {
    const mod = modules.get(local);
    if (mod) vectors.push({ file, line, ...mod, number, expectedValid });
  };

  for (const ex of doctestExamples(text)) {
    const src = ex.source.trim();
    let m: RegExpExecArray | null;
    if ((m = /^from (stdnum(?:\.[a-z_]+)?) import ([\w, ]+)$/.exec(src))) {
      for (const name of m[2]!.split(',').map((s) => s.trim())) {
        modules.set(name, m[1] === 'stdnum' ? null : (countryModule(m[1]!, name) ?? null));
      }
      continue;
    }
    if ((m = /^(\w+)\s*=\s*([\s\S]*)$/.exec(src))) {
      const value = stringLiteral(m[2]!);
      if (value !== undefined) strings.set(m[1]!, { value, line: ex.line });
      else strings.delete(m[1]!);
      continue;
    }
    // m.validate('…') / m.is_valid('…'), one literal argument, an optional comment.
    if ((m = /^(\w+)\.(validate|is_valid)\((u?'(?:[^'\\]|\\.)*'|u?"(?:[^"\\]|\\.)*")\)\s*(#.*)?$/.exec(src))) {
      const [, local, fn, literal] = m as unknown as [string, string, string, string];
      const number = stringLiteral(literal);
      const want = ex.want.trim();
      let expected: boolean | undefined;
      if (fn === 'validate') expected = want.startsWith('Traceback') ? false : want !== '' ? true : undefined;
      else expected = want === 'True' ? true : want === 'False' ? false : undefined;
      if (number !== undefined && expected !== undefined && modules.has(local)) {
        push(ex.line, local, number, expected);
        continue;
      }
    }
    // [x for x in numbers.splitlines() if x and [not] m.is_valid(x)] -> the listed exceptions.
    m = /^\[\s*x for x in (\w+)\.splitlines\(\) if x and (not )?(\w+)\.(is_valid|validate)\(x\)\s*\]$/.exec(src);
    if (m && strings.has(m[1]!) && modules.has(m[3]!) && !(m[2] === undefined && m[4] === 'validate')) {
      const listed = stringList(ex.want);
      const { value, line } = strings.get(m[1]!)!;
      if (listed !== undefined) {
        const negated = m[2] !== undefined;
        // Python's splitlines; `if x` drops only the empty strings. A line's file line is counted
        // from the assignment's line (the literal opens on it).
        value.split(/\r\n|\n|\r/).forEach((x, i) => {
          if (x) push(line + i, m![3]!, x, negated !== listed.includes(x));
        });
        continue;
      }
    }
    const mentions = [...modules].some(([local, mod]) => mod && new RegExp(`\\b${local}\\.(validate|is_valid)\\b`).test(src));
    if (mentions) skipped.push({ file, line: ex.line, source: src });
  }
  return { vectors, skipped };
}

/** Every vector of the `*.doctest` files in `dir` (python-stdnum's `tests/` folder), files in name order. */
export function readPythonStdnumVectors(dir: string): ParsedDoctests {
  const vectors: PythonStdnumVector[] = [];
  const skipped: SkippedExample[] = [];
  const perFile = new Map<string, number>();
  for (const file of readdirSync(dir)
    .filter((f) => f.endsWith('.doctest'))
    .sort()) {
    const parsed = parseDoctest(file, readFileSync(join(dir, file), 'utf8'));
    vectors.push(...parsed.vectors);
    skipped.push(...parsed.skipped);
    if (parsed.vectors.length > 0) perFile.set(file, parsed.vectors.length);
  }
  return { vectors, skipped, perFile };
}

/**
 * python-stdnum modules (of one country) whose numbers are not taxpayer or business-register
 * identifiers, with what they are. Their vectors are read but left out of the agreement figures:
 * a request with only `country` never tries such a number (Levy's `other` kind, or not checked at
 * all), so it could only ever be "invalid as a tax ID". Every other country module counts.
 */
export const NOT_TAX_IDENTIFIERS: Readonly<Record<string, string>> = {
  'ar.cbu': 'bank account (CBU)',
  'be.iban': 'bank account (Belgian IBAN)',
  'ch.esr': 'payment slip reference (ESR/ISR)',
  'cz.bankaccount': 'bank account',
  'de.leitweg': 'e-invoice routing ID (Leitweg-ID)',
  'de.wkn': 'securities number (WKN)',
  'do.ncf': 'fiscal receipt number (NCF): numbers an invoice, not a taxpayer',
  'ec.ci': 'identity card (the TIN is the RUC)',
  'es.cups': 'energy supply point code (CUPS)',
  'es.referenciacatastral': 'land-registry reference of a property',
  'gb.sedol': 'securities number (SEDOL)',
  'gr.amka': 'social-security number (the TIN is the AFM)',
  'it.aic': 'drug authorisation code',
  'mu.nid': 'identity card',
  'mx.curp': 'population register code (the TIN is the RFC)',
  'my.nric': 'identity card',
  'nz.bankaccount': 'bank account',
  'pe.cui': 'identity number (the TIN is the RUC)',
  'pt.cc': 'citizen card (the TIN is the NIF)',
  'se.postnummer': 'postal code',
  'si.emso': 'master citizen number (the TIN is the davčna številka)',
  'za.idnr': 'identity number (the TIN is the tax reference)',
};
