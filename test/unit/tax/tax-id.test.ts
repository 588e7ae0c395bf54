/**
 * Unit tests of the tax-ID validation domain (src/domain/tax-ids/), and its agreement with the
 * test vectors of stdnum-js (../shared/data/tax-id-vectors/, read here, never copied). Example
 * numbers are taken from those vectors at run time; docs/tax-ids.md must state the figures and list
 * exactly the types and the disagreements this test finds.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import fc from 'fast-check';
import { parseCsv } from '../../support/shared-data';
import { taxIdValidateRequestSchema } from '../../../src/domain/tax-ids/schema';
import { OVERRIDES } from '../../../src/domain/tax-ids/overrides';
import { kindOfTaxIdType, supportedTaxIdCountries, supportedTaxIdTypes, TAX_ID_TYPE_CATALOGUE } from '../../../src/domain/tax-ids/type-index';
import { TAX_KINDS, type TaxIdValidation } from '../../../src/domain/tax-ids/types';
import { validateTaxId } from '../../../src/domain/tax-ids/validator';

const VECTORS = resolve(__dirname, '../../../../shared/data/tax-id-vectors/stdnumjs_all_vectors.csv');
const DOC = resolve(__dirname, '../../../docs/tax-ids.md');

// ---------------------------------------------------------------------------------------------
// Vectors
// ---------------------------------------------------------------------------------------------

interface Vector {
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
const vectors: Vector[] = csvRows.slice(1).map((r, i) => ({
  line: i + 2,
  country: r[col('country')]!,
  module: r[col('module')]!.replace(/^stdnum-js:/, ''),
  number: r[col('number')]!,
  expectedValid: r[col('expected_valid')] === 'true',
  expectedError: r[col('expected_error')]!,
}));

/** A row's country as a request carries it: `GEN` (stdnum's country-independent modules) is none. */
const countryOf = (v: Vector): string | undefined => (v.country === 'GEN' ? undefined : v.country);

const definitionFor = (v: Vector) => TAX_ID_TYPE_CATALOGUE.find((d) => d.country === (countryOf(v) ?? null) && d.module === v.module);

/** The request a vector row becomes: its country and the type its stdnum module backs, with that type's kind. */
function requestFor(v: Vector) {
  const def = definitionFor(v);
  if (!def) throw new Error(`line ${v.line}: no type for ${v.country} ${v.module}`);
  return { tax_id: v.number, country: countryOf(v), type: def.type, kind: def.kind };
}

/** A valid (or invalid) example of a module, from the vectors. */
function sample(module: string, valid = true, pick: (n: string) => boolean = () => true): string {
  const v = vectors.find((x) => x.module === module && x.expectedValid === valid && pick(x.number));
  if (!v) throw new Error(`no ${valid ? 'valid' : 'invalid'} vector for ${module}`);
  return v.number;
}
const digitsOnly = (s: string) => s.replace(/[^0-9]/g, '');

// ---------------------------------------------------------------------------------------------
// docs/tax-ids.md
// ---------------------------------------------------------------------------------------------

const doc = readFileSync(DOC, 'utf8');

/** The table rows (cells, backticks stripped) between `<!-- BEGIN:name -->` and `<!-- END:name -->`. */
function docTable(name: string): string[][] {
  const m = new RegExp(`<!-- BEGIN:${name} -->([\\s\\S]*?)<!-- END:${name} -->`).exec(doc);
  if (!m) throw new Error(`docs/tax-ids.md has no ${name} section`);
  return m[1]!
    .split('\n')
    .filter((l) => l.trim().startsWith('|'))
    .slice(2) // header + separator
    .map((l) =>
      l
        .trim()
        .replace(/^\||\|$/g, '')
        .split('|')
        .map((c) => c.trim().replace(/`/g, '')),
    );
}

// ---------------------------------------------------------------------------------------------
// Request schema
// ---------------------------------------------------------------------------------------------

describe('taxIdValidateRequestSchema', () => {
  const parse = (body: unknown) => taxIdValidateRequestSchema.safeParse(body);
  const issues = (body: unknown) => {
    const r = parse(body);
    expect(r.success).toBe(false);
    return r.success ? [] : r.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
  };

  it('trims tax_id, upper-cases country and lower-cases type', () => {
    expect(parse({ tax_id: '  123 456  ', country: ' de ', type: ' EU_VAT ' })).toEqual({
      success: true,
      data: { tax_id: '123 456', country: 'DE', type: 'eu_vat' },
    });
  });

  it('requires tax_id: a non-empty string of at most 64 characters', () => {
    expect(issues({ country: 'DE' })).toEqual([expect.objectContaining({ path: 'tax_id' })]);
    expect(issues({ tax_id: '   ', country: 'DE' })).toEqual([{ path: 'tax_id', message: 'must not be empty' }]);
    expect(issues({ tax_id: 12345, country: 'DE' })[0]).toEqual({ path: 'tax_id', message: 'must be a string' });
    expect(issues({ tax_id: '1'.repeat(65), country: 'DE' })).toEqual([{ path: 'tax_id', message: 'must be at most 64 characters' }]);
    expect(parse({ tax_id: '1'.repeat(64), country: 'DE' }).success).toBe(true);
  });

  it('accepts assigned ISO alpha-2 codes and the VAT prefixes EL and XI as country', () => {
    expect(parse({ tax_id: '1', country: 'el' })).toMatchObject({ success: true, data: { country: 'EL' } });
    expect(parse({ tax_id: '1', country: 'Xi' })).toMatchObject({ success: true, data: { country: 'XI' } });
    for (const country of ['ZZ', 'D', 'DEU', '12', 7]) {
      expect(issues({ tax_id: '1', country })).toEqual([expect.objectContaining({ path: 'country' })]);
    }
  });

  it('accepts only supported types, naming the field', () => {
    expect(issues({ tax_id: '1', country: 'DE', type: 'de_library_card' })).toEqual([
      { path: 'type', message: expect.stringContaining('must be a supported tax ID type') },
    ]);
    for (const type of supportedTaxIdTypes) expect(parse({ tax_id: '1', country: 'DE', type }).success).toBe(true);
  });

  it('rejects unknown fields', () => {
    expect(issues({ tax_id: '1', country: 'DE', vat: true })).toEqual([expect.objectContaining({ message: expect.stringContaining('vat') })]);
  });

  it('needs country unless the number carries a VAT prefix or the type names one country', () => {
    expect(issues({ tax_id: '136695976' })).toEqual([
      { path: 'country', message: expect.stringContaining('is required unless tax_id starts with a VAT country prefix') },
    ]);
    expect(issues({ tax_id: '136695976', type: 'eu_vat' })).toEqual([expect.objectContaining({ path: 'country' })]);
    for (const tax_id of ['DE136695976', 'de 136695976', 'EL094259216', 'XI980780684', 'GB980780684', 'CHE-1', 'NO 1 MVA']) {
      expect(parse({ tax_id }).success).toBe(true);
    }
    expect(parse({ tax_id: '51 824 753 556', type: 'au_abn' }).success).toBe(true);
    expect(parse({ tax_id: 'C01X00T47', type: 'de_passport' }).success).toBe(true);
    // gen_ean belongs to no country.
    expect(parse({ tax_id: '98412345678908', type: 'gen_ean' }).success).toBe(true);
  });
});

// ---------------------------------------------------------------------------------------------
// validateTaxId
// ---------------------------------------------------------------------------------------------

describe('validateTaxId', () => {
  const deVat = digitsOnly(sample('de/vat'));
  const grVat = digitsOnly(sample('gr/vat', true, (n) => digitsOnly(n).length === 9));
  const gbVat = digitsOnly(sample('gb/vat', true, (n) => digitsOnly(n).length === 9));

  it('validates an EU VAT number from its prefix alone, normalized as VIES shows it', () => {
    expect(validateTaxId({ tax_id: `DE${deVat}` })).toEqual({
      valid: true,
      country: 'DE',
      type: 'eu_vat',
      kind: 'vat',
      normalized: `DE${deVat}`,
      registry_checked: false,
    });
  });

  it('handles spaces, separators and lower case as stdnum does', () => {
    const spaced = `de ${deVat.slice(0, 3)} ${deVat.slice(3, 6)}-${deVat.slice(6)}`;
    for (const tax_id of [spaced, ` DE.${deVat} `, deVat]) {
      expect(validateTaxId({ tax_id, country: 'de' })).toMatchObject({ valid: true, normalized: `DE${deVat}` });
    }
  });

  it('writes Greek VAT numbers with EL, whether the input says EL, GR or nothing', () => {
    for (const req of [{ tax_id: `EL${grVat}` }, { tax_id: `GR ${grVat}`, country: 'GR' }, { tax_id: grVat, country: 'el' }]) {
      expect(validateTaxId(req)).toEqual({
        valid: true,
        country: 'GR',
        type: 'eu_vat',
        kind: 'vat',
        normalized: `EL${grVat}`,
        registry_checked: false,
      });
    }
  });

  it('treats XI numbers as Northern Ireland EU VAT (country GB) and GB numbers as gb_vat', () => {
    const xi = { valid: true, country: 'GB', type: 'eu_vat', kind: 'vat', normalized: `XI${gbVat}`, registry_checked: false };
    expect(validateTaxId({ tax_id: `XI ${gbVat}` })).toEqual(xi);
    expect(validateTaxId({ tax_id: gbVat, country: 'XI' })).toEqual(xi);
    expect(validateTaxId({ tax_id: `XI${gbVat}`, country: 'GB' })).toEqual(xi);
    expect(validateTaxId({ tax_id: `GB${gbVat}` })).toEqual({ ...xi, type: 'gb_vat', normalized: `GB${gbVat}` });
    expect(validateTaxId({ tax_id: gbVat, country: 'GB' })).toMatchObject({ valid: true, type: 'gb_vat' });
    // Since 2021 a GB-prefixed number is not an EU VAT number.
    expect(validateTaxId({ tax_id: `GB${gbVat}`, type: 'eu_vat' })).toMatchObject({
      valid: false,
      type: 'eu_vat',
      reason: 'invalid_format',
    });
  });

  it('reports why a number is not valid', () => {
    const last = Number(deVat.at(-1));
    const wrongCheck = `${deVat.slice(0, -1)}${(last + 1) % 10}`;
    expect(validateTaxId({ tax_id: `DE${wrongCheck}` })).toEqual({
      valid: false,
      country: 'DE',
      type: 'eu_vat',
      kind: 'vat',
      normalized: null,
      reason: 'invalid_checksum',
      registry_checked: false,
    });
    expect(validateTaxId({ tax_id: `DE${deVat.slice(1)}` })).toMatchObject({ valid: false, reason: 'invalid_length' });
    expect(validateTaxId({ tax_id: `DE${deVat.slice(0, 4)}X${deVat.slice(5)}` })).toMatchObject({
      valid: false,
      reason: 'invalid_format',
    });
  });

  it('without a type, tries the country types in order and names the one that matched', () => {
    const abn = sample('au/abn');
    const acn = sample('au/acn');
    expect(validateTaxId({ tax_id: abn, country: 'AU' })).toMatchObject({ valid: true, type: 'au_abn' });
    expect(validateTaxId({ tax_id: acn, country: 'AU' })).toMatchObject({ valid: true, type: 'au_acn' });
    // An ABN with a wrong check digit fails as an ABN (checksum), not as a TFN (length).
    const d = digitsOnly(abn);
    const bad = `${d.slice(0, -1)}${(Number(d.at(-1)) + 1) % 10}`;
    expect(validateTaxId({ tax_id: bad, country: 'AU' })).toMatchObject({
      valid: false,
      type: 'au_abn',
      reason: 'invalid_checksum',
    });
  });

  it('covers the types the issue names', () => {
    const cases: [string, string, string][] = [
      ['CA', 'ca_bn', 'ca/bn'],
      ['IN', 'in_gstin', 'in/gstin'],
      ['US', 'us_ein', 'us/ein'],
      ['BR', 'br_cnpj', 'br/cnpj'],
      ['AU', 'au_abn', 'au/abn'],
    ];
    for (const [country, type, module] of cases) {
      const n = sample(module);
      expect(validateTaxId({ tax_id: n, type })).toMatchObject({ valid: true, country, type });
      expect(validateTaxId({ tax_id: sample(module, false), country, type })).toMatchObject({ valid: false, type });
    }
    expect(validateTaxId({ tax_id: sample('br/cnpj', true, (n) => /[./-]/.test(n)), type: 'br_cnpj' }).normalized).toMatch(/^[0-9]{14}$/);
  });

  it('answers null/unsupported for an unsupported country, type or country/type pair', () => {
    const unsupported = { valid: null, kind: null, normalized: null, reason: 'unsupported', registry_checked: false };
    expect(validateTaxId({ tax_id: '12345678', country: 'NG' })).toEqual({ ...unsupported, country: 'NG', type: null });
    expect(validateTaxId({ tax_id: `DE${deVat}`, country: 'US', type: 'eu_vat' })).toEqual({
      ...unsupported,
      country: 'US',
      type: 'eu_vat',
    });
    expect(validateTaxId({ tax_id: sample('au/abn'), country: 'NZ', type: 'au_abn' })).toEqual({
      ...unsupported,
      country: 'NZ',
      type: 'au_abn',
    });
    expect(validateTaxId({ tax_id: '12345', country: 'DE', type: 'de_library_card' })).toEqual({
      ...unsupported,
      country: 'DE',
      type: 'de_library_card',
    });
    // An `other` type of another country is no more supported than a tax type would be.
    expect(validateTaxId({ tax_id: sample('de/pwnr'), country: 'AT', type: 'de_pwnr' })).toEqual({
      ...unsupported,
      country: 'AT',
      type: 'de_pwnr',
    });
    // No country, no prefix, no type: nothing to check against.
    expect(validateTaxId({ tax_id: '12345' })).toEqual({ ...unsupported, country: null, type: null });
  });

  it('answers the kind of the type it checked', () => {
    expect(validateTaxId({ tax_id: sample('au/abn'), country: 'AU' })).toMatchObject({ type: 'au_abn', kind: 'business' });
    expect(validateTaxId({ tax_id: sample('au/tfn'), country: 'AU' })).toMatchObject({ type: 'au_tfn', kind: 'individual' });
    expect(validateTaxId({ tax_id: sample('in/gstin', false), type: 'in_gstin' })).toMatchObject({ valid: false, kind: 'vat' });
    // Every type of the catalogue, named with its country, answers its own kind.
    for (const d of TAX_ID_TYPE_CATALOGUE) {
      const r = validateTaxId({ tax_id: '0', country: d.country ?? undefined, type: d.type });
      expect({ type: d.type, country: d.country, kind: r.kind }).toEqual({ type: d.type, country: d.country, kind: d.kind });
    }
  });

  it('never tries an `other` type (passport, bank account, ...) when the request names no type', () => {
    // A German identity-card number: valid when named, never chosen from the country alone.
    const idCard = sample('de/pwnr');
    expect(validateTaxId({ tax_id: idCard, type: 'de_pwnr' })).toMatchObject({ valid: true, type: 'de_pwnr', kind: 'other' });
    const r = validateTaxId({ tax_id: idCard, country: 'DE' });
    expect(r.kind).not.toBe('other');
    expect(r.type).not.toBe('de_pwnr');
    expect(validateTaxId({ tax_id: `DE${idCard}` }).kind).not.toBe('other');
    // gen_ean is never chosen either (no country to try it under, and it is `other`).
    expect(validateTaxId({ tax_id: sample('gen/ean') })).toMatchObject({ valid: null, kind: null, reason: 'unsupported' });
    // A country that has only `other` types answers unsupported without a type.
    const nric = sample('my/nric');
    expect(validateTaxId({ tax_id: nric, country: 'MY' })).toEqual({
      valid: null,
      country: 'MY',
      type: null,
      kind: null,
      normalized: null,
      reason: 'unsupported',
      registry_checked: false,
    });
    expect(supportedTaxIdCountries).not.toContain('MY');
    // Every vector of an `other` module, valid or not, given only its country (or only a VAT prefix).
    for (const v of vectors.filter((x) => definitionFor(x)?.kind === 'other')) {
      for (const req of [{ tax_id: v.number, country: countryOf(v) }, { tax_id: `${v.country.slice(0, 2)}${v.number}` }]) {
        const got = validateTaxId(req);
        expect({ line: v.line, other: got.kind === 'other' }).toEqual({ line: v.line, other: false });
      }
    }
  });

  it('validates an `other` type when the request names it, answering kind other', () => {
    const cases: [string, string, string][] = [
      ['DE', 'de_pwnr', 'de/pwnr'],
      ['MX', 'mx_clabe', 'mx/clabe'],
      ['IN', 'in_aadhaar', 'in/aadhaar'],
      ['MY', 'my_nric', 'my/nric'],
      ['CA', 'ca_bc_bhn', 'ca/bc_bhn'],
    ];
    for (const [country, type, module] of cases) {
      const n = sample(module);
      expect(validateTaxId({ tax_id: n, country, type })).toMatchObject({ valid: true, country, type, kind: 'other' });
      expect(validateTaxId({ tax_id: n, type })).toMatchObject({ valid: true, country, type, kind: 'other' });
      expect(validateTaxId({ tax_id: sample(module, false), country, type })).toMatchObject({
        valid: false,
        country,
        type,
        kind: 'other',
        normalized: null,
      });
    }
    // gen_ean belongs to no country: any given country is ignored, and the answer's is null.
    const eanNumber = sample('gen/ean');
    for (const country of [undefined, 'DE', 'us']) {
      expect(validateTaxId({ tax_id: eanNumber, country, type: 'GEN_EAN' })).toEqual({
        valid: true,
        country: null,
        type: 'gen_ean',
        kind: 'other',
        normalized: digitsOnly(eanNumber),
        registry_checked: false,
      });
    }
    expect(validateTaxId({ tax_id: sample('gen/ean', false), type: 'gen_ean' })).toMatchObject({ valid: false, kind: 'other' });
  });

  it('never throws, always says the registry was not consulted, and keeps its answer consistent', () => {
    const countries = fc.constantFrom(undefined, 'DE', 'gr', 'XI', 'GB', 'AU', 'US', 'NG', 'CH', 'MY', 'ZZ', '');
    const types = fc.constantFrom(undefined, 'eu_vat', 'au_abn', 'gb_vat', 'us_ein', 'de_passport', 'gen_ean', 'nope', '');
    const ids = fc.oneof(fc.string({ maxLength: 64 }), fc.stringMatching(/^(DE|EL|XI|GB|CHE|NO)?[ 0-9A-Z.\-/]{0,20}$/));
    fc.assert(
      fc.property(ids, countries, types, (tax_id, country, type) => {
        const r: TaxIdValidation = validateTaxId({ tax_id, country, type });
        expect(r.registry_checked).toBe(false);
        if (r.valid === null) expect(r.kind).toBeNull();
        else expect(r.kind).toBe(kindOfTaxIdType(r.type!));
        // Without a type, never an `other` type.
        if (!type) expect(r.kind).not.toBe('other');
        if (r.valid === true) {
          expect(typeof r.normalized).toBe('string');
          expect(r.reason).toBeUndefined();
          expect(supportedTaxIdTypes).toContain(r.type);
        } else if (r.valid === false) {
          expect(r.normalized).toBeNull();
          expect(['invalid_format', 'invalid_checksum', 'invalid_length']).toContain(r.reason);
        } else {
          expect(r).toMatchObject({ normalized: null, reason: 'unsupported' });
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('is fast enough to call in a loop (exported for bench/)', () => {
    const reqs = vectors.slice(0, 200).map(requestFor);
    const start = process.hrtime.bigint();
    for (let i = 0; i < 5; i++) for (const r of reqs) validateTaxId(r);
    const ms = Number(process.hrtime.bigint() - start) / 1e6;
    expect(ms).toBeLessThan(2000);
  });
});

// ---------------------------------------------------------------------------------------------
// Catalogue
// ---------------------------------------------------------------------------------------------

describe('type catalogue', () => {
  it('covers at least 60 countries with tax types, one stdnum module per (country, type)', () => {
    expect(supportedTaxIdCountries.length).toBeGreaterThanOrEqual(60);
    for (const c of supportedTaxIdCountries) {
      expect(TAX_ID_TYPE_CATALOGUE.some((d) => d.country === c && TAX_KINDS.includes(d.kind))).toBe(true);
    }
    const keys = TAX_ID_TYPE_CATALOGUE.map((d) => `${d.country}:${d.type}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('gives each type name one kind, and only gen_ean no country', () => {
    for (const d of TAX_ID_TYPE_CATALOGUE) expect(kindOfTaxIdType(d.type)).toBe(d.kind);
    expect(TAX_ID_TYPE_CATALOGUE.filter((d) => d.country === null)).toEqual([expect.objectContaining({ type: 'gen_ean', module: 'gen/ean', kind: 'other' })]);
  });

  it('names types Stripe-style: {country}_{name}, or eu_vat for EU member states and XI', () => {
    const euVat = TAX_ID_TYPE_CATALOGUE.filter((d) => d.type === 'eu_vat').map((d) => d.country);
    expect(euVat.sort()).toEqual('AT BE BG CY CZ DE DK EE ES FI FR GB GR HR HU IE IT LT LU LV MT NL PL PT RO SE SI SK'.split(' '));
    for (const d of TAX_ID_TYPE_CATALOGUE) {
      expect(d.type).toMatch(/^([a-z]{2}|gen)_[a-z0-9_]+$/);
      const prefix = d.country?.toLowerCase() ?? 'gen';
      if (d.type !== 'eu_vat') expect(d.type.slice(0, prefix.length + 1)).toBe(`${prefix}_`);
      expect(d.module).toMatch(/^([a-z]{2}|gen)\/[a-z0-9_]+$/);
      // `other` types are always {country}_{stdnum module}.
      if (d.kind === 'other') expect(d.type).toBe(d.module.replace('/', '_'));
    }
  });

  it('is the tables in docs/tax-ids.md (tax types, then `other` types)', () => {
    const kindName = (k: string) => (k === 'vat' ? 'VAT' : k);
    const key = (country: string | null, type: string, module: string, kind: string) => `${country ?? '—'} ${type} ${module} ${kind}`;
    // The kind column marks register numbers and types tried only when named; "checked by" names
    // the python-stdnum module an override follows.
    const kindCell = (d: (typeof TAX_ID_TYPE_CATALOGUE)[number]) =>
      kindName(d.kind) + (d.register ? ' (register)' : '') + (d.subsumedBy ? ` (only when named; ${d.subsumedBy} checks it in full)` : '');
    const checkedBy = (d: (typeof TAX_ID_TYPE_CATALOGUE)[number]) => (d.override ? `Levy, after python-stdnum ${OVERRIDES[d.module]!.follows}` : 'stdnum-js');
    const rows = docTable('types').map(([country, type, module, kind, by]) => `${country} ${type} ${module} ${kind} / ${by}`);
    expect(rows.sort()).toEqual(
      TAX_ID_TYPE_CATALOGUE.filter((d) => d.kind !== 'other')
        .map((d) => `${key(d.country, d.type, d.module, kindCell(d))} / ${checkedBy(d)}`)
        .sort(),
    );
    // The overrides table names every override with the module it follows and the one it replaces.
    expect(docTable('overrides').map(([module, follows, replaces]) => `${module} ${follows} ${replaces}`)).toEqual(
      Object.entries(OVERRIDES)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([module, o]) => `${module} stdnum/${o.follows}.py ${o.replaces === null ? '—' : `src/${o.replaces}.ts`}`),
    );
    const others = docTable('other-types').map(([country, type, module]) => `${country} ${type} ${module} other`);
    expect(others.sort()).toEqual(
      TAX_ID_TYPE_CATALOGUE.filter((d) => d.kind === 'other')
        .map((d) => key(d.country, d.type, d.module, d.kind))
        .sort(),
    );
  });
});

// ---------------------------------------------------------------------------------------------
// Agreement with stdnum-js's own test vectors (every row)
// ---------------------------------------------------------------------------------------------

describe('stdnum-js test vectors', () => {
  const pct = (a: number, b: number) => (b === 0 ? 0 : (100 * a) / b);
  const fmt = (a: number, b: number) => `${a} / ${b} = ${pct(a, b).toFixed(2)} %`;
  const outcome = (v: boolean | null) => (v === null ? 'null' : String(v));

  // Every row: its country and the type its module backs (tax or `other`).
  const results = vectors.map((v) => {
    const req = requestFor(v);
    const got = validateTaxId(req);
    return { v, req, got, agrees: got.valid === v.expectedValid };
  });
  const taxRows = results.filter((r) => r.req.kind !== 'other');
  const otherRows = results.filter((r) => r.req.kind === 'other');
  const agreeing = (rs: typeof results) => rs.filter((r) => r.agrees).length;
  const disagreements = results.filter((r) => !r.agrees);

  // Country only, no type: what a client that does not know the type gets. Meaningful for the tax
  // types only; an `other` type is never tried without `type`.
  const countryOnly = taxRows.map((r) => ({ ...r, got: validateTaxId({ tax_id: r.v.number, country: r.req.country }) }));
  const countryOnlyDisagreements = countryOnly.filter((r) => r.got.valid !== r.v.expectedValid);
  const otherCountryOnly = otherRows.map((r) => validateTaxId({ tax_id: r.v.number, country: r.req.country }));

  const figures = {
    'Rows in the file': String(vectors.length),
    'Rows of tax types (vat, business, individual, excise)': String(taxRows.length),
    'Rows of other types (not taxpayer numbers)': String(otherRows.length),
    'Agreement, country and type given, all rows (gated at 99 %)': fmt(agreeing(results), results.length),
    'Agreement, country and type given, tax-type rows': fmt(agreeing(taxRows), taxRows.length),
    'Agreement, country and type given, other-type rows': fmt(agreeing(otherRows), otherRows.length),
    'Agreement, country only (no type), tax-type rows (information)': fmt(taxRows.length - countryOnlyDisagreements.length, taxRows.length),
    'Other-type rows answered as an other type without type': `${otherCountryOnly.filter((g) => g.kind === 'other').length} / ${otherRows.length}`,
  };

  it('reads every row of the file and maps each to a supported type', () => {
    const dataLines =
      readFileSync(VECTORS, 'utf8')
        .split(/\r?\n/)
        .filter((l) => l.trim() !== '').length - 1;
    expect(vectors.length).toBe(dataLines);
    expect(vectors.length).toBeGreaterThan(1000);
    // One row is the empty string (expected invalid); the HTTP schema would answer it 400.
    expect(vectors.filter((v) => v.number.trim() === '').every((v) => !v.expectedValid)).toBe(true);
    expect(results).toHaveLength(vectors.length);
    for (const r of results) {
      expect(supportedTaxIdTypes).toContain(r.req.type);
      // Each request passes the HTTP schema as it is (the empty number aside).
      if (r.v.number.trim() !== '') {
        const { kind: _k, ...body } = r.req;
        expect({ line: r.v.line, ok: taxIdValidateRequestSchema.safeParse(body).success }).toEqual({ line: r.v.line, ok: true });
      }
    }
  });

  it('agrees with the expected validity on at least 99 % of all rows', () => {
    process.stdout.write(
      `\nstdnum-js vectors (${VECTORS}):\n${Object.entries(figures)
        .map(([k, v]) => `  ${k}: ${v}`)
        .join('\n')}\n` +
        disagreements.map((r) => `  disagreement: line ${r.v.line} ${r.v.module} ${JSON.stringify(r.v.number)} -> ${outcome(r.got.valid)}\n`).join(''),
    );
    expect(pct(agreeing(results), results.length)).toBeGreaterThanOrEqual(99);
    // Every row was checked: none is answered unsupported, and each with its own type and kind.
    for (const r of results) {
      expect({ line: r.v.line, valid: r.got.valid === null, type: r.got.type, kind: r.got.kind }).toEqual({
        line: r.v.line,
        valid: false,
        type: r.req.type,
        kind: r.req.kind,
      });
    }
  });

  it('maps stdnum errors to the same reasons', () => {
    const reasonOf: Record<string, string> = {
      InvalidLength: 'invalid_length',
      InvalidFormat: 'invalid_format',
      InvalidComponent: 'invalid_format',
      InvalidChecksum: 'invalid_checksum',
    };
    // Types Levy checks with its own override follow python-stdnum's exception classes, which differ
    // from stdnum-js's on a few rows (docs/tax-ids.md, "Overrides").
    const withError = results.filter((r) => !r.v.expectedValid && r.v.expectedError !== '' && definitionFor(r.v)?.override === undefined);
    expect(withError.length).toBeGreaterThan(300);
    for (const r of withError) expect({ line: r.v.line, reason: r.got.reason }).toEqual({ line: r.v.line, reason: reasonOf[r.v.expectedError] });
  });

  it('never answers an other-type row as an other type when only the country is given', () => {
    expect(otherCountryOnly.filter((g) => g.kind === 'other')).toEqual([]);
  });

  it('docs/tax-ids.md states these figures', () => {
    expect(Object.fromEntries(docTable('figures').map(([k, v]) => [k, v]))).toEqual(figures);
  });

  it('docs/tax-ids.md lists exactly the disagreements (country and type given, all rows)', () => {
    const documented = docTable('disagreements').map(([line, module, number, expected, got]) => [line, module, number, expected, got].join(' '));
    const found = disagreements.map((r) => [r.v.line, r.v.module, r.v.number, r.v.expectedValid, outcome(r.got.valid)].join(' '));
    expect(documented).toEqual(found);
  });

  it('docs/tax-ids.md lists exactly the country-only disagreements, each valid as another type', () => {
    for (const r of countryOnlyDisagreements) {
      // A row Levy answers differently even with its type given (an override following
      // python-stdnum) is listed in both tables; every other one is a number invalid as its own
      // type that is valid as another type of the country.
      if (disagreements.some((d) => d.v.line === r.v.line)) continue;
      expect(r.v.expectedValid).toBe(false);
      expect(r.got.valid).toBe(true);
      expect(r.got.type).not.toBe(r.req.type);
      expect(r.got.kind).not.toBe('other');
    }
    const documented = docTable('country-only').map(([line, module, number, got]) => [line, module, number, got].join(' '));
    const found = countryOnlyDisagreements.map((r) => [r.v.line, r.v.module, r.v.number, `${r.got.valid ? 'valid' : r.got.reason} as ${r.got.type}`].join(' '));
    expect(documented).toEqual(found);
  });

  it('docs/tax-ids.md gives the vector row count of every `other` type', () => {
    const counts = new Map<string, number>();
    for (const r of otherRows) counts.set(r.req.type, (counts.get(r.req.type) ?? 0) + 1);
    const documented = docTable('other-types').map(([, type, , rows]) => `${type} ${rows}`);
    expect(documented).toEqual([...counts].sort(([a], [b]) => a.localeCompare(b)).map(([t, n]) => `${t} ${n}`));
  });
});
