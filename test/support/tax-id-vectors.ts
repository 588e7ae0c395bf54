/**
 * The stdnum-js tax-ID test vectors (../shared/data/tax-id-vectors/, read here, never copied) and the tables of
 * docs/tax-ids.md, for the tax-ID unit tests (test/unit/tax/tax-id-*.test.ts).
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseCsv } from './shared-data';
import { TAX_ID_TYPE_CATALOGUE } from '../../src/domain/tax-ids/type-index';

export const VECTORS = resolve(__dirname, '../../../shared/data/tax-id-vectors/stdnumjs_all_vectors.csv');

// ---------------------------------------------------------------------------------------------
// Vectors
// ---------------------------------------------------------------------------------------------

export interface Vector {
  line: number;
  country: string;
  module: string; // `cc/name`
  number: string;
  expectedValid: boolean;
  expectedError: string;
}

const csvRows = parseCsv(readFileSync(VECTORS, 'utf8'));
const header = csvRows[0]!;
const col = (name: string): number => {
  const i = header.indexOf(name);
  if (i < 0) throw new Error(`column ${name} missing from ${VECTORS}`);
  return i;
};
export const vectors: Vector[] = csvRows.slice(1).map((r, i) => ({
  line: i + 2,
  country: r[col('country')]!,
  module: r[col('module')]!.replace(/^stdnum-js:/, ''),
  number: r[col('number')]!,
  expectedValid: r[col('expected_valid')] === 'true',
  expectedError: r[col('expected_error')]!,
}));

/** A row's country as a request carries it: `GEN` (stdnum's country-independent modules) is none. */
export const countryOf = (v: Vector): string | undefined => (v.country === 'GEN' ? undefined : v.country);

export const definitionFor = (v: Vector) => TAX_ID_TYPE_CATALOGUE.find((d) => d.country === (countryOf(v) ?? null) && d.module === v.module);

/** The request a vector row becomes: its country and the type its stdnum module backs, with that type's kind. */
export function requestFor(v: Vector) {
  const def = definitionFor(v);
  if (!def) throw new Error(`line ${v.line}: no type for ${v.country} ${v.module}`);
  return { tax_id: v.number, country: countryOf(v), type: def.type, kind: def.kind };
}

/** A valid (or invalid) example of a module, from the vectors. */
export function sample(module: string, valid = true, pick: (n: string) => boolean = () => true): string {
  const v = vectors.find((x) => x.module === module && x.expectedValid === valid && pick(x.number));
  if (!v) throw new Error(`no ${valid ? 'valid' : 'invalid'} vector for ${module}`);
  return v.number;
}
export const digitsOnly = (s: string) => s.replace(/[^0-9]/g, '');

// ---------------------------------------------------------------------------------------------
// docs/tax-ids.md
// ---------------------------------------------------------------------------------------------

export { docTable } from './tax-ids-doc';
