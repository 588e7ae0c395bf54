/**
 * Domain (pure): the building blocks of Levy's own tax-ID checks (the overrides of this folder),
 * each written in TypeScript after the published algorithm of a python-stdnum module. An override
 * answers through stdnum-js's `Validator` interface, so the validator treats it like any stdnum
 * module (its errors map to the same reasons).
 */
import type { Validator } from 'stdnum';
import { InvalidChecksum, InvalidComponent, InvalidFormat, InvalidLength } from 'stdnum/lib/cjs/exceptions';

/** How a check fails, as python-stdnum's (and stdnum-js's) exception classes name it. */
export type Failure = 'length' | 'format' | 'component' | 'checksum';

const ERRORS = {
  length: () => new InvalidLength(),
  format: () => new InvalidFormat(),
  component: () => new InvalidComponent(),
  checksum: () => new InvalidChecksum(),
} as const;

/**
 * The outcome of a check: a failure (with a sentence for the caller when the number is recognisably something close,
 * `hint`), or valid (optionally with the normalised compact form).
 */
export type CheckResult = Failure | { failure: Failure; hint: string } | undefined | { compact: string };

/** A failure error that carries a hint for the caller (validation.ts answers it as `message`). */
export type HintedError = Error & { hint?: string };

const FAILURE_OF_ERROR: Readonly<Record<string, Failure>> = {
  InvalidLength: 'length',
  InvalidFormat: 'format',
  InvalidComponent: 'component',
  InvalidChecksum: 'checksum',
};

/** The failure of another validator's error (an override delegating to another check), format if unknown. */
export const failureOf = (error: Error | undefined): Failure => FAILURE_OF_ERROR[error?.name ?? ''] ?? 'format';

export interface OverrideSpec {
  name: string;
  localName: string;
  abbreviation?: string;
  /** Who the number identifies, for stdnum's `isIndividual` / `isCompany`. */
  holder: 'company' | 'individual' | 'either';
  /** The minimal form (separators removed), as python-stdnum's `compact`. */
  compact(input: string): string;
  /** What `check` is given; the compact form unless the check needs the separators (defaults to `compact`). */
  prepare?(input: string): string;
  /** Checks a prepared number. */
  check(number: string): CheckResult;
  /** The presentation form of a compact number (defaults to the compact form). */
  format?(number: string): string;
}

/** An override as the catalogue sees it: what it follows, what it fixes, and its validator. */
export interface Override {
  /** The python-stdnum module the check follows, as `cc/name` (`stdnum/<cc>/<name>.py`). */
  readonly follows: string;
  /** The stdnum-js module it replaces (`src/<cc>/<name>.ts`); null when stdnum-js has none. */
  readonly replaces: string | null;
  /** What differs from stdnum-js, in a sentence. */
  readonly differs: string;
  readonly validator: Validator;
}

/** A stdnum-style validator from a spec. Never throws for a string input. */
export function defineValidator(spec: OverrideSpec): Validator {
  return {
    name: spec.name,
    localName: spec.localName,
    ...(spec.abbreviation !== undefined ? { abbreviation: spec.abbreviation } : {}),
    compact: (input) => spec.compact(input),
    format: (input) => {
      const number = spec.compact(input);
      return spec.format ? spec.format(number) : number;
    },
    validate(input) {
      if (typeof input !== 'string') return { isValid: false, error: new InvalidFormat() };
      const number = (spec.prepare ?? spec.compact)(input);
      const result = spec.check(number);
      if (typeof result === 'string') return { isValid: false, error: ERRORS[result]() };
      if (result !== undefined && 'failure' in result) {
        const error: HintedError = ERRORS[result.failure]();
        error.hint = result.hint;
        return { isValid: false, error };
      }
      return {
        isValid: true,
        compact: result?.compact ?? number,
        isIndividual: spec.holder !== 'company',
        isCompany: spec.holder !== 'individual',
      };
    },
  };
}

/** Look-alike characters mapped to ASCII (dashes, dots, slashes, spaces, full-width digits), as python-stdnum's `clean` does. */
function asciiPunctuation(c: string): string {
  if (/[\u2010-\u2015\u2212\u00ad\u02d7\u058a\u05be\u2043\ufe63\uff0d]/.test(c)) return '-';
  if (/[\u00b7\u2024\u2027\u2219\u22c5\u30fb\uff0e\uff65]/.test(c)) return '.';
  if (/[\u2044\u2215\uff0f]/.test(c)) return '/';
  if (/[\u00a0\u1680\u2000-\u200a\u202f\u205f\u3000]/.test(c)) return ' ';
  if (/[\uff10-\uff19]/.test(c)) return String.fromCharCode(c.charCodeAt(0) - 0xff10 + 48);
  return c;
}

/**
 * python-stdnum's `clean(number, deletechars)` followed by `.strip()` and, unless `upper` is
 * false, `.upper()`: look-alike punctuation mapped to ASCII, `deleteChars` removed.
 */
export function clean(input: string, deleteChars: string, upper = true): string {
  const out = [...input]
    .map(asciiPunctuation)
    .filter((c) => !deleteChars.includes(c))
    .join('')
    .trim();
  return upper ? out.toUpperCase() : out;
}

export const isDigits = (s: string): boolean => /^[0-9]+$/.test(s);

/** Σ weight × digit over the leading digits of `number` (zip semantics: the shorter side ends it). */
export function weighted(number: string, weights: readonly number[], value: (c: string) => number = Number): number {
  let sum = 0;
  for (let i = 0; i < Math.min(number.length, weights.length); i++) sum += weights[i]! * value(number[i]!);
  return sum;
}

/** Python's `%`: the result has the sign of the divisor. */
export const mod = (a: number, m: number): number => ((a % m) + m) % m;

/** ISO 7064 Mod 11, 10 (python-stdnum `stdnum/iso7064/mod_11_10.py`): valid when the running check ends at 1. */
export function mod11_10Valid(number: string): boolean {
  let check = 5;
  for (const c of number) check = ((((check || 10) * 2) % 11) + Number(c)) % 10;
  return check === 1;
}

/** Luhn (ISO/IEC 7812) over a digit string, true when the last digit checks. */
export function luhnValid(number: string): boolean {
  let sum = 0;
  for (let i = 0; i < number.length; i++) {
    let d = Number(number[number.length - 1 - i]);
    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return sum % 10 === 0;
}

/** Whether year-month-day is a calendar date (proleptic Gregorian, like Python's `datetime.date`). */
export function isDate(year: number, month: number, day: number): boolean {
  if (!Number.isInteger(year) || year < 1 || year > 9999 || month < 1 || month > 12 || day < 1) return false;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]!;
  return day <= days;
}

/** Today's date (UTC) as [year, month, day], for checks of numbers that may not lie in the future. */
export function today(): [number, number, number] {
  const d = new Date();
  return [d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate()];
}
